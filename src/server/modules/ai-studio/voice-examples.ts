import { VOICE_EXAMPLES_MAX, VOICE_EXCERPT_MAX, type VoiceExample } from '../../../contracts/ai-voice';
import type { PublishingPlatform } from '../../../contracts/platforms';
import { MIN_MEASURED_POSTS } from '../best-times';

/*
 * The learned voice (issue 30, decision 094), pure: which published posts the writer is shown as
 * examples of the brand's voice.
 *
 * - Pinned posts always come first, whatever their age or results and even with the brand kit's
 *   "Learn from my best posts" off: the user chose them.
 * - The rest are picked by engagement rate (ties: the newer post) among the posts published in
 *   the last VOICE_HISTORY_DAYS with a reading and a rate, never an excluded one, and only once
 *   MIN_MEASURED_POSTS posts are measured: a rate from a handful of posts is noise (the same
 *   threshold as the best times to post).
 * - At most VOICE_PER_NETWORK examples of a network (pinned ones count), so one busy network does
 *   not set the voice for all; VOICE_EXAMPLES_MAX in all.
 */

/** Only posts published this recently are picked automatically: a brand's voice moves on. */
export const VOICE_HISTORY_DAYS = 180;
/** Automatic picks per network at most (pinned posts of that network count towards it). */
export const VOICE_PER_NETWORK = 2;

/** A published post of the workspace, with its latest reading's rate and the user's choice. */
export interface VoiceCandidate {
  postId: string;
  platform: PublishingPlatform;
  text: string;
  publishedAt: Date;
  /** Percent (contracts/analytics engagementRate); null: no synced reading, or no rate in it. */
  engagementRate: number | null;
  /** The user's choice; null: automatic. */
  state: 'pinned' | 'excluded' | null;
}

export interface PickedVoice {
  learning: boolean;
  measured: number;
  needed: number;
  examples: Array<Omit<VoiceExample, 'publishedAt'> & { publishedAt: Date }>;
  excluded: Array<Omit<VoiceExample, 'publishedAt' | 'state'> & { publishedAt: Date }>;
}

/** Newest first; the post id settles equal times, so the order never depends on the input's. */
const newestFirst = (a: VoiceCandidate, b: VoiceCandidate) =>
  b.publishedAt.getTime() - a.publishedAt.getTime() || a.postId.localeCompare(b.postId);

export function pickVoiceExamples(
  candidates: VoiceCandidate[],
  options: { learnFromResults: boolean; now: Date },
): PickedVoice {
  const since = options.now.getTime() - VOICE_HISTORY_DAYS * 86_400_000;
  const measured = candidates.filter(
    (post) => post.engagementRate !== null && post.publishedAt.getTime() > since,
  );
  const learning = options.learnFromResults && measured.length >= MIN_MEASURED_POSTS;

  const pinned = candidates.filter((post) => post.state === 'pinned').sort(newestFirst);
  const chosen: Array<{ post: VoiceCandidate; state: 'pinned' | 'auto' }> = pinned
    .slice(0, VOICE_EXAMPLES_MAX)
    .map((post) => ({ post, state: 'pinned' }));
  if (learning) {
    const perNetwork = new Map<PublishingPlatform, number>();
    for (const { post } of chosen) perNetwork.set(post.platform, (perNetwork.get(post.platform) ?? 0) + 1);
    const ranked = measured
      .filter((post) => post.state === null)
      .sort((a, b) => (b.engagementRate ?? 0) - (a.engagementRate ?? 0) || newestFirst(a, b));
    for (const post of ranked) {
      if (chosen.length >= VOICE_EXAMPLES_MAX) break;
      const count = perNetwork.get(post.platform) ?? 0;
      if (count >= VOICE_PER_NETWORK) continue;
      perNetwork.set(post.platform, count + 1);
      chosen.push({ post, state: 'auto' });
    }
  }

  return {
    learning,
    measured: measured.length,
    needed: MIN_MEASURED_POSTS,
    examples: chosen.map(({ post, state }) => ({ ...shown(post), state })),
    excluded: candidates
      .filter((post) => post.state === 'excluded')
      .sort(newestFirst)
      .map(shown),
  };
}

function shown(post: VoiceCandidate) {
  return {
    postId: post.postId,
    platform: post.platform,
    excerpt: excerptOf(post.text),
    publishedAt: post.publishedAt,
    engagementRate: post.engagementRate,
  };
}

/** The text cut at VOICE_EXCERPT_MAX UTF-16 units, never inside a surrogate pair. */
export function excerptOf(text: string): string {
  if (text.length <= VOICE_EXCERPT_MAX) return text;
  const last = text.charCodeAt(VOICE_EXCERPT_MAX - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? VOICE_EXCERPT_MAX - 1 : VOICE_EXCERPT_MAX;
  return text.slice(0, end);
}
