import { DateTime } from 'luxon';
import type { BestTime, PostingSlot } from '../../../contracts/analytics';
import { type PublishingPlatform, platformLabels, publishingPlatforms } from '../../../contracts/platforms';
import { platformPostingDefaults } from '../../../contracts/posting-defaults';
import type { WallTime } from './zoned-time';

/*
 * The composer's 'Suggested times' (issue 9 §5), pure: the chosen targets' best slots, turned into
 * the next moments they come round in the user's zone.
 */

/** A suggestion must leave time to finish the post: nothing sooner than this. */
export const SUGGESTION_LEAD_MINUTES = 15;
export const SUGGESTIONS_SHOWN = 3;

/** One chosen target's advice: its account's best time, or its platform's general pattern. */
export interface TargetAdvice {
  /** The account's display name; null for a platform chosen without an account. */
  name: string | null;
  platform: PublishingPlatform;
  fromHistory: boolean;
  slots: PostingSlot[];
}

export interface SuggestedTime {
  /** The instant, ISO in UTC. */
  iso: string;
  /** What the date and time fields take. */
  wall: WallTime;
  /** The platforms of the targets this moment is a best slot for, in the platforms' order. */
  platforms: PublishingPlatform[];
}

/**
 * What each chosen target is advised: the server's answer for an account when it has one (a just
 * connected account may be missing until the next read), else the platform's general pattern.
 */
export function adviceFor(
  targets: Array<{ platform: PublishingPlatform; socialAccountId: string | null }>,
  bestTimes: BestTime[] | undefined,
  accountNames: Map<string, string>,
): TargetAdvice[] {
  return targets.map((target) => {
    const known = target.socialAccountId
      ? bestTimes?.find((entry) => entry.accountId === target.socialAccountId)
      : undefined;
    const name = target.socialAccountId ? (accountNames.get(target.socialAccountId) ?? null) : null;
    if (known) {
      return {
        name: known.displayName || name,
        platform: target.platform,
        fromHistory: known.source === 'account_history',
        slots: known.slots,
      };
    }
    return {
      name,
      platform: target.platform,
      fromHistory: false,
      slots: platformPostingDefaults[target.platform].slots,
    };
  });
}

/**
 * The next `count` moments, at least SUGGESTION_LEAD_MINUTES after `now`, that are a best slot of
 * any target, soonest first, each once. Slots are wall-clock hours in `zone`: 9 AM stays 9 AM
 * across a change of the clocks, and an hour the clocks skip that day is no suggestion.
 */
export function nextSuggestedTimes(
  advice: TargetAdvice[],
  zone: string,
  now: Date,
  count: number = SUGGESTIONS_SHOWN,
): SuggestedTime[] {
  const earliest = now.getTime() + SUGGESTION_LEAD_MINUTES * 60_000;
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  if (!today.isValid || advice.every((target) => target.slots.length === 0)) return [];
  const found: SuggestedTime[] = [];
  // A single weekly slot comes round `count` times in `count` weeks; a week more covers today and
  // a day the clocks skip it.
  for (let offset = 0; offset < 7 * (count + 1) && found.length < count; offset++) {
    const day = today.plus({ days: offset });
    const hours = new Map<number, Set<PublishingPlatform>>();
    for (const target of advice) {
      for (const slot of target.slots) {
        if (slot.weekday !== day.weekday) continue;
        const platforms = hours.get(slot.hour) ?? new Set<PublishingPlatform>();
        platforms.add(target.platform);
        hours.set(slot.hour, platforms);
      }
    }
    for (const hour of [...hours.keys()].sort((a, b) => a - b)) {
      const at = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour }, { zone });
      if (!at.isValid || at.hour !== hour || at.toMillis() < earliest) continue;
      const iso = at.toUTC().toISO({ suppressMilliseconds: true });
      if (!iso) continue;
      const platforms = hours.get(hour) ?? new Set();
      found.push({
        iso,
        wall: { date: at.toFormat('yyyy-MM-dd'), time: at.toFormat('HH:mm') },
        platforms: publishingPlatforms.filter((platform) => platforms.has(platform)),
      });
      if (found.length === count) break;
    }
  }
  return found;
}

/** 'From your posts', 'General LinkedIn pattern', or per target when they differ. */
export function describeAdvice(advice: TargetAdvice[]): string {
  const sourceOf = (target: TargetAdvice) =>
    target.fromHistory ? 'From your posts' : `General ${platformLabels[target.platform]} pattern`;
  const distinct = [...new Set(advice.map(sourceOf))];
  if (distinct.length <= 1) return distinct[0] ?? '';
  return advice
    .map((target) => {
      const who = target.name ?? platformLabels[target.platform];
      return `${who}: ${target.fromHistory ? 'from your posts' : `general ${platformLabels[target.platform]} pattern`}`;
    })
    .join(' · ');
}
