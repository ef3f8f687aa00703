import { describe, expect, it } from 'vitest';
import { MAX_PROMOTIONAL_SHARE, mixPlan } from './plan-mix';

// Two networks, one post a day each for four weeks, from Monday 7 December 2026.
const slots = Array.from({ length: 28 }, (_, day) =>
  [0, 1].map((network) => ({
    network,
    plannedAt: new Date(Date.UTC(2026, 11, 7 + day, 9 + network * 4)),
  })),
).flat();

describe('mixPlan', () => {
  const mixed = mixPlan(
    slots,
    {
      offers: [
        { title: 'Winter sale', from: '2026-12-18', until: '2026-12-24' },
        { title: 'Gift cards' },
        { title: 'Free delivery' },
      ],
      dates: [{ date: '2026-12-24', label: 'Christmas Eve' }],
    },
    'UTC',
  );

  it('keeps promotional posts at 30 % at most', () => {
    const promotional = mixed.filter((slot) => slot.contentType === 'promotional').length;
    expect(promotional).toBeGreaterThan(0);
    expect(promotional).toBeLessThanOrEqual(Math.floor(slots.length * MAX_PROMOTIONAL_SHARE));
  });

  it('never repeats a type in a row on a network', () => {
    for (const network of [0, 1]) {
      const types = mixed
        .filter((_, index) => slots[index]?.network === network)
        .map((slot) => slot.contentType);
      for (let i = 1; i < types.length; i += 1) expect(types[i]).not.toBe(types[i - 1]);
    }
    expect(new Set(mixed.map((slot) => slot.contentType)).size).toBeGreaterThanOrEqual(5);
  });

  it('places each occasion on its day and 1–3 days before', () => {
    const days = (occasion: string) =>
      mixed.flatMap((slot, index) =>
        slot.occasion === occasion ? [slots[index]?.plannedAt.toISOString().slice(0, 10)] : [],
      );
    expect(days('Christmas Eve')).toEqual(expect.arrayContaining(['2026-12-24', '2026-12-23']));
    expect(days('Winter sale')).toEqual(expect.arrayContaining(['2026-12-18', '2026-12-17']));
    expect(days('Gift cards')).toHaveLength(1);
    expect(days('Free delivery')).toHaveLength(1);
  });
});
