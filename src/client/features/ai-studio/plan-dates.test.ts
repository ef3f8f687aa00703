import { describe, expect, it } from 'vitest';
import type { AiPlanItem } from '../../../contracts/ai-plan';
import { addDays, dateInZone, formatDay, groupByWeek } from './plan-dates';

const item = (position: number, plannedAt: string): AiPlanItem => ({
  id: `item-${position}`,
  position,
  platform: 'twitter',
  socialAccountId: null,
  plannedAt,
  contentType: 'educational',
  occasion: null,
  content: `Post ${position}`,
  hashtags: [],
  thread: [],
  suggestedImagePrompt: '',
  problems: [],
  brandFindings: [],
  postId: null,
});

describe('plan dates', () => {
  it('adds calendar days across a month and a DST change', () => {
    expect(addDays('2026-10-24', 8)).toBe('2026-11-01');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });

  it('reads the day in the user zone, not in UTC', () => {
    expect(dateInZone('Europe/Berlin', new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-02');
    expect(dateInZone('America/New_York', new Date('2026-12-02T03:00:00Z'))).toBe('2026-12-01');
  });

  it('groups items by the plan weeks in time order, each week with its days', () => {
    const weeks = groupByWeek(
      [
        item(3, '2026-12-09T10:00:00Z'),
        item(1, '2026-12-01T10:00:00Z'),
        // 23:30 UTC on the 7th is already the 8th in Berlin: the plan's second week.
        item(2, '2026-12-07T23:30:00Z'),
      ],
      '2026-12-01',
      'Europe/Berlin',
    );
    expect(weeks.map((week) => [week.number, week.from, week.to, week.items.map((i) => i.position)])).toEqual(
      [
        [1, '2026-12-01', '2026-12-07', [1]],
        [2, '2026-12-08', '2026-12-14', [2, 3]],
      ],
    );
    expect(formatDay('2026-12-08')).toBe('Dec 8');
  });
});
