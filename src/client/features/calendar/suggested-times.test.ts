import { describe, expect, it } from 'vitest';
import type { BestTime } from '../../../contracts/analytics';
import { platformPostingDefaults } from '../../../contracts/posting-defaults';
import { adviceFor, describeAdvice, nextSuggestedTimes, type TargetAdvice } from './suggested-times';

const BERLIN = 'Europe/Berlin';

const history: TargetAdvice = {
  name: 'Acme Bakery',
  platform: 'linkedin',
  fromHistory: true,
  slots: [
    { weekday: 4, hour: 18 },
    { weekday: 3, hour: 12 },
    { weekday: 2, hour: 9 },
  ],
};

const isos = (advice: TargetAdvice[], zone: string, now: string) =>
  nextSuggestedTimes(advice, zone, new Date(now)).map((time) => time.iso);

describe('nextSuggestedTimes', () => {
  it('gives the next three moments of the slots, soonest first, in the zone', () => {
    // Monday 20 April 2026, 10:00 in Berlin (UTC+2).
    const times = nextSuggestedTimes([history], BERLIN, new Date('2026-04-20T08:00:00Z'));
    expect(times).toEqual([
      { iso: '2026-04-21T07:00:00Z', wall: { date: '2026-04-21', time: '09:00' }, platforms: ['linkedin'] },
      { iso: '2026-04-22T10:00:00Z', wall: { date: '2026-04-22', time: '12:00' }, platforms: ['linkedin'] },
      { iso: '2026-04-23T16:00:00Z', wall: { date: '2026-04-23', time: '18:00' }, platforms: ['linkedin'] },
    ]);
  });

  it('leaves at least 15 minutes to finish the post, and goes on into next week', () => {
    // Tuesday 08:50 in Berlin: 9 AM today is too close.
    expect(isos([history], BERLIN, '2026-04-21T06:50:00Z')).toEqual([
      '2026-04-22T10:00:00Z',
      '2026-04-23T16:00:00Z',
      '2026-04-28T07:00:00Z',
    ]);
    // 08:44: still 16 minutes.
    expect(isos([history], BERLIN, '2026-04-21T06:44:00Z')[0]).toBe('2026-04-21T07:00:00Z');
  });

  it('keeps the wall-clock hour across a change of the clocks and skips an hour that does not exist', () => {
    const early: TargetAdvice = {
      name: null,
      platform: 'twitter',
      fromHistory: true,
      slots: [{ weekday: 7, hour: 2 }],
    };
    // Berlin skips 02:00–03:00 on Sunday 29 March 2026: the next three Sundays at 2 AM are later.
    expect(isos([early], BERLIN, '2026-03-27T12:00:00Z')).toEqual([
      '2026-04-05T00:00:00Z',
      '2026-04-12T00:00:00Z',
      '2026-04-19T00:00:00Z',
    ]);
    const monday: TargetAdvice = { ...early, slots: [{ weekday: 1, hour: 9 }] };
    // 9 AM on Monday 30 March is 07:00 UTC (summer time), a week earlier it was 08:00 UTC.
    expect(isos([monday], BERLIN, '2026-03-20T12:00:00Z')).toEqual([
      '2026-03-23T08:00:00Z',
      '2026-03-30T07:00:00Z',
      '2026-04-06T07:00:00Z',
    ]);
  });

  it('merges several targets: a moment good for two platforms is offered once, naming both', () => {
    const general: TargetAdvice = {
      name: null,
      platform: 'twitter',
      fromHistory: false,
      slots: [
        { weekday: 2, hour: 9 },
        { weekday: 2, hour: 10 },
      ],
    };
    const times = nextSuggestedTimes([general, history], 'UTC', new Date('2026-04-20T12:00:00Z'));
    expect(times.map((time) => [time.wall.date, time.wall.time, time.platforms])).toEqual([
      ['2026-04-21', '09:00', ['linkedin', 'twitter']],
      ['2026-04-21', '10:00', ['twitter']],
      ['2026-04-22', '12:00', ['linkedin']],
    ]);
  });

  it('suggests nothing without slots', () => {
    expect(nextSuggestedTimes([], BERLIN, new Date())).toEqual([]);
    expect(nextSuggestedTimes([{ ...history, slots: [] }], BERLIN, new Date())).toEqual([]);
  });
});

describe('adviceFor', () => {
  const bestTimes: BestTime[] = [
    {
      accountId: 'a1',
      platform: 'linkedin',
      displayName: 'Acme Bakery',
      source: 'account_history',
      label: 'Thu 6 PM, Wed 12 PM, Tue 9 AM (from your 12 posts)',
      slots: history.slots,
      timeZone: BERLIN,
      basedOnPosts: 12,
    },
    {
      accountId: 'a2',
      platform: 'facebook',
      displayName: 'Acme Page',
      source: 'platform_default',
      label: 'Wed–Fri, 9 AM–1 PM (general Facebook pattern)',
      slots: platformPostingDefaults.facebook.slots,
      timeZone: BERLIN,
      basedOnPosts: 0,
    },
  ];
  const names = new Map([
    ['a1', 'Acme Bakery'],
    ['a2', 'Acme Page'],
    ['a3', 'acme_new'],
  ]);

  it('takes each account from the answer, and the platform pattern for the rest', () => {
    const advice = adviceFor(
      [
        { platform: 'linkedin', socialAccountId: 'a1' },
        { platform: 'facebook', socialAccountId: 'a2' },
        { platform: 'twitter', socialAccountId: 'a3' },
        { platform: 'instagram', socialAccountId: null },
      ],
      bestTimes,
      names,
    );
    expect(advice).toEqual([
      { name: 'Acme Bakery', platform: 'linkedin', fromHistory: true, slots: history.slots },
      {
        name: 'Acme Page',
        platform: 'facebook',
        fromHistory: false,
        slots: platformPostingDefaults.facebook.slots,
      },
      {
        name: 'acme_new',
        platform: 'twitter',
        fromHistory: false,
        slots: platformPostingDefaults.twitter.slots,
      },
      {
        name: null,
        platform: 'instagram',
        fromHistory: false,
        slots: platformPostingDefaults.instagram.slots,
      },
    ]);
    // Before the answer arrives (or when it failed): every target's general pattern.
    expect(adviceFor([{ platform: 'linkedin', socialAccountId: 'a1' }], undefined, names)[0]).toMatchObject({
      fromHistory: false,
      slots: platformPostingDefaults.linkedin.slots,
    });
  });

  it('says where the advice comes from', () => {
    const [bakery, page, fresh, bare] = adviceFor(
      [
        { platform: 'linkedin', socialAccountId: 'a1' },
        { platform: 'facebook', socialAccountId: 'a2' },
        { platform: 'twitter', socialAccountId: 'a3' },
        { platform: 'instagram', socialAccountId: null },
      ],
      bestTimes,
      names,
    ) as [TargetAdvice, TargetAdvice, TargetAdvice, TargetAdvice];
    expect(describeAdvice([bakery])).toBe('From your posts');
    expect(describeAdvice([page])).toBe('General Facebook pattern');
    expect(describeAdvice([fresh, { ...fresh, name: 'other' }])).toBe('General X (Twitter) pattern');
    expect(describeAdvice([bakery, fresh, bare])).toBe(
      'Acme Bakery: from your posts · acme_new: general X (Twitter) pattern · Instagram: general Instagram pattern',
    );
    expect(describeAdvice([])).toBe('');
  });
});
