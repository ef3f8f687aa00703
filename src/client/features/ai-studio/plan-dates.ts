import type { AiPlanItem } from '../../../contracts/ai-plan';

/** 'YYYY-MM-DD' of an instant in `zone` (en-CA writes dates that way). */
export function dateInZone(zone: string, at: Date = new Date()): string {
  return at.toLocaleDateString('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
}

/** A 'YYYY-MM-DD' date `days` later (calendar days: no zone, no DST). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, both 'YYYY-MM-DD'. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface PlanWeek {
  /** 1 for the plan's first seven days. */
  number: number;
  /** 'YYYY-MM-DD' of its first and last day. */
  from: string;
  to: string;
  items: AiPlanItem[];
}

/**
 * The items by the plan's weeks (seven days from `startsOn`, the user's own days in `zone`), in
 * time order; a week without items is left out.
 */
export function groupByWeek(items: AiPlanItem[], startsOn: string, zone: string): PlanWeek[] {
  const weeks = new Map<number, PlanWeek>();
  const sorted = [...items].sort((a, b) => a.plannedAt.localeCompare(b.plannedAt) || a.position - b.position);
  for (const item of sorted) {
    const day = dateInZone(zone, new Date(item.plannedAt));
    const number = Math.max(0, Math.floor(daysBetween(startsOn, day) / 7)) + 1;
    const from = addDays(startsOn, (number - 1) * 7);
    const week = weeks.get(number) ?? { number, from, to: addDays(from, 6), items: [] };
    week.items.push(item);
    weeks.set(number, week);
  }
  return [...weeks.values()].sort((a, b) => a.number - b.number);
}

/** 'Tue, Dec 1, 14:00' in `zone`. */
export function formatPlanned(iso: string, zone: string): string {
  return new Date(iso).toLocaleString('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** 'Dec 1' for a 'YYYY-MM-DD' date. */
export function formatDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
  });
}
