import { DateTime } from 'luxon';
import type { BestTime, PostingSlot } from '../../../contracts/analytics';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import { platformPostingDefaults } from '../../../contracts/posting-defaults';

/*
 * Best time to post from an account's own history (issue 9 §5), pure.
 *
 * A post's slot is its ISO weekday and hour of publication in the viewer's time zone. A slot's
 * rate is the contract's weighted engagement rate (its posts' engagements / their reach, else
 * impressions). Few posts make a noisy rate, so each slot is scored as if it also held
 * PRIOR_POSTS average posts of the account (a Bayesian average):
 *
 *   score = (slot engagements + k · account engagements per post)
 *         / (slot base        + k · account base per post)
 *
 * which pulls a slot with one lucky post most of the way back to the account's overall rate,
 * while a slot that does well again and again keeps its lead.
 */

/** The prior's weight, in average posts of the account. */
export const PRIOR_POSTS = 3;
/** Enough history: this many measured posts ... */
export const MIN_MEASURED_POSTS = 10;
/** ... spread over at least this many slots (else the "best" slot is just the usual one). */
export const MIN_DISTINCT_SLOTS = 4;
/** Only posts published this recently count: audiences and algorithms change. */
export const HISTORY_DAYS = 90;
/** Slots a history answer offers (and names in its label). */
export const TOP_SLOTS = 3;

/** A published post with a reading: engagements and their base (engagementsOf, engagementBaseOf). */
export interface MeasuredPost {
  publishedAt: Date;
  engagements: number | null;
  base: number | null;
}

export interface SlotScore extends PostingSlot {
  posts: number;
  engagements: number;
  base: number;
  /** Smoothed engagement rate (a fraction, not percent): the ranking key. */
  score: number;
}

/** A post can be measured when both sides of its rate are reported and the base is not 0. */
function isMeasured(post: MeasuredPost): post is MeasuredPost & { engagements: number; base: number } {
  return post.engagements !== null && post.base !== null && post.base > 0;
}

/** The measured posts of the last HISTORY_DAYS before `now` (later ones, if any, are ignored too). */
export function recentMeasuredPosts(posts: MeasuredPost[], now: Date) {
  const since = now.getTime() - HISTORY_DAYS * 86_400_000;
  return posts
    .filter(isMeasured)
    .filter((post) => post.publishedAt.getTime() > since && post.publishedAt.getTime() <= now.getTime());
}

/** Where a moment falls in the week of `timeZone`. */
export function slotOf(at: Date, timeZone: string): PostingSlot {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  return { weekday: local.weekday, hour: local.hour };
}

/**
 * Every slot that has measured posts, best first. Ties (equal scores) go to the slot with more
 * posts, then to the earlier one in the week, so the answer never depends on input order.
 */
export function scorePostingSlots(posts: MeasuredPost[], timeZone: string, now: Date): SlotScore[] {
  const measured = recentMeasuredPosts(posts, now);
  if (measured.length === 0) return [];
  let engagements = 0;
  let base = 0;
  const slots = new Map<number, SlotScore>();
  for (const post of measured) {
    engagements += post.engagements;
    base += post.base;
    const { weekday, hour } = slotOf(post.publishedAt, timeZone);
    const key = weekday * 24 + hour;
    const slot = slots.get(key) ?? { weekday, hour, posts: 0, engagements: 0, base: 0, score: 0 };
    slot.posts += 1;
    slot.engagements += post.engagements;
    slot.base += post.base;
    slots.set(key, slot);
  }
  const priorEngagements = (PRIOR_POSTS * engagements) / measured.length;
  const priorBase = (PRIOR_POSTS * base) / measured.length;
  for (const slot of slots.values()) {
    slot.score = (slot.engagements + priorEngagements) / (slot.base + priorBase);
  }
  return [...slots.values()].sort(
    (a, b) => b.score - a.score || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour,
  );
}

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 'Tue 9 AM', 'Sun 12 PM', 'Mon 12 AM'. */
export function formatSlot(slot: PostingSlot): string {
  const hour12 = slot.hour % 12 === 0 ? 12 : slot.hour % 12;
  return `${WEEKDAY_SHORT[slot.weekday - 1]} ${hour12} ${slot.hour < 12 ? 'AM' : 'PM'}`;
}

/** The platform's general pattern, labelled as such. */
export function platformDefaultBestTime(platform: PublishingPlatform) {
  const general = platformPostingDefaults[platform];
  return {
    source: 'platform_default' as const,
    label: `${general.label} (general ${platformLabels[platform]} pattern)`,
    slots: general.slots,
    basedOnPosts: 0,
  };
}

export type ComputedBestTime = Pick<BestTime, 'source' | 'label' | 'slots' | 'basedOnPosts'>;

/**
 * An account's best time: its TOP_SLOTS best slots, best first, once it has enough measured
 * history, else the platform's general pattern.
 */
export function computeBestTime(input: {
  platform: PublishingPlatform;
  posts: MeasuredPost[];
  timeZone: string;
  now: Date;
}): ComputedBestTime {
  const scored = scorePostingSlots(input.posts, input.timeZone, input.now);
  const basedOnPosts = scored.reduce((sum, slot) => sum + slot.posts, 0);
  if (basedOnPosts < MIN_MEASURED_POSTS || scored.length < MIN_DISTINCT_SLOTS) {
    return platformDefaultBestTime(input.platform);
  }
  const slots = scored.slice(0, TOP_SLOTS).map(({ weekday, hour }) => ({ weekday, hour }));
  return {
    source: 'account_history',
    label: `${slots.map(formatSlot).join(', ')} (from your ${basedOnPosts} posts)`,
    slots,
    basedOnPosts,
  };
}
