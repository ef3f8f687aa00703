import { DateTime } from 'luxon';
import type { PostingSlot } from '../../../contracts/analytics';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { platformPostingDefaults } from '../../../contracts/posting-defaults';
import { slotTimesAfter, type WeeklySlot } from '../queue';

/*
 * Where a planned month's posts go (issue 30, decision 094), pure. Per network, the candidates in
 * order: the account's saved, unpaused queue slots; else its best times (measured, best first);
 * else the platform's general pattern; then, so a busy week still fits, every hour 9:00–18:00. A
 * week's posts are spread over its days (post i of n aims at day round((i + 0.5) × 7 / n)) and
 * never land on a skip date, before max(start, now + 1 h), within 60 minutes of the account's
 * other posts, or within 3 hours of another planned post of the same account.
 */

const HOUR = 3_600_000;
const BUSY_GAP_MS = HOUR;
const SAME_ACCOUNT_GAP_MS = 3 * HOUR;
const FALLBACK_HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18];

export interface PlacementNetwork {
  platform: PublishingPlatform;
  accountId: string | null;
  postsPerWeek: number;
  /** The account's saved, unpaused queue slots and their zone. */
  queue?: { slots: WeeklySlot[]; timeZone: string };
  /** The account's measured best times (weekday 1–7, hour), best first, in the plan's zone. */
  bestTimes?: PostingSlot[];
  /** The account's scheduled, queued or planned posts from the start on. */
  busy: Date[];
}

export interface PlacementInput {
  /** YYYY-MM-DD in `timeZone`. */
  startsOn: string;
  weeks: number;
  timeZone: string;
  now: Date;
  skipDates: string[];
  networks: PlacementNetwork[];
}

export interface PlacedSlot {
  /** Index into `networks`. */
  network: number;
  platform: PublishingPlatform;
  accountId: string | null;
  plannedAt: Date;
}

/** Every network's posts, week by week, in time order (ties: network order). */
export function placePlan(input: PlacementInput): PlacedSlot[] {
  const zone = input.timeZone;
  const start = DateTime.fromISO(input.startsOn, { zone }).startOf('day');
  const earliest = Math.max(start.toMillis(), input.now.getTime() + HOUR);
  const skip = new Set(input.skipDates);
  const placed: PlacedSlot[] = [];
  const heldByAccount = new Map<string, number[]>();
  input.networks.forEach((network, index) => {
    const holder = network.accountId ?? `network:${index}`;
    const held = heldByAccount.get(holder) ?? [];
    heldByAccount.set(holder, held);
    const busy = network.busy.map((at) => at.getTime());
    for (let week = 0; week < input.weeks; week += 1) {
      const weekStart = start.plus({ weeks: week });
      const days = Array.from({ length: 7 }, (_, day) => weekStart.plus({ days: day }));
      const usable = (at: number) =>
        at >= earliest &&
        !skip.has(DateTime.fromMillis(at, { zone }).toISODate() ?? '') &&
        busy.every((other) => Math.abs(other - at) >= BUSY_GAP_MS) &&
        held.every((other) => Math.abs(other - at) >= SAME_ACCOUNT_GAP_MS);
      const sources = [
        primaryCandidates(network, days, zone),
        hourCandidates(
          days,
          FALLBACK_HOURS.map((hour) => ({ hour })),
        ),
      ];
      for (let i = 0; i < network.postsPerWeek; i += 1) {
        const target = Math.min(6, Math.round(((i + 0.5) * 7) / network.postsPerWeek));
        const at = pick(sources, target, usable);
        if (at === undefined) break;
        held.push(at);
        placed.push({
          network: index,
          platform: network.platform,
          accountId: network.accountId,
          plannedAt: new Date(at),
        });
      }
    }
  });
  return placed.sort((a, b) => a.plannedAt.getTime() - b.plannedAt.getTime() || a.network - b.network);
}

interface Candidate {
  at: number;
  /** 0–6 within the week. */
  day: number;
  /** Lower is better (best times best first); queue slots and defaults are equal. */
  rank: number;
}

/** The first source with a usable candidate gives the one nearest the target day (then the best ranked). */
function pick(sources: Candidate[][], target: number, usable: (at: number) => boolean): number | undefined {
  for (const candidates of sources) {
    let best: Candidate | undefined;
    for (const candidate of candidates) {
      if (!usable(candidate.at)) continue;
      if (
        !best ||
        Math.abs(candidate.day - target) < Math.abs(best.day - target) ||
        (Math.abs(candidate.day - target) === Math.abs(best.day - target) && candidate.rank < best.rank)
      ) {
        best = candidate;
      }
    }
    if (best) return best.at;
  }
  return undefined;
}

function primaryCandidates(network: PlacementNetwork, days: DateTime[], zone: string): Candidate[] {
  const first = days[0] as DateTime;
  const end = first.plus({ days: 7 }).toMillis();
  if (network.queue && network.queue.slots.length > 0) {
    const candidates: Candidate[] = [];
    // From just before the week's first midnight, so a 00:00 slot counts. The day is read from the
    // calendar: a daylight saving week has a 23- or 25-hour day.
    for (const at of slotTimesAfter(
      network.queue.slots,
      network.queue.timeZone,
      new Date(first.toMillis() - 1),
      8,
    )) {
      if (at.getTime() >= end) break;
      candidates.push({ at: at.getTime(), day: dayIndex(days, at.getTime(), zone), rank: 0 });
    }
    return candidates;
  }
  const slots = network.bestTimes?.length
    ? network.bestTimes
    : platformPostingDefaults[network.platform].slots;
  return hourCandidates(days, slots);
}

function dayIndex(days: DateTime[], at: number, zone: string): number {
  const date = DateTime.fromMillis(at, { zone }).toISODate();
  const index = days.findIndex((day) => day.toISODate() === date);
  return index < 0 ? 0 : index;
}

/** Each day's hours (weekday 1 Monday … 7 Sunday; none: every day) as instants in the zone. */
function hourCandidates(days: DateTime[], slots: { weekday?: number; hour: number }[]): Candidate[] {
  const candidates: Candidate[] = [];
  days.forEach((day, index) => {
    slots.forEach((slot, rank) => {
      if (slot.weekday !== undefined && slot.weekday !== day.weekday) return;
      candidates.push({ at: day.set({ hour: slot.hour, minute: 0 }).toMillis(), day: index, rank });
    });
  });
  return candidates;
}
