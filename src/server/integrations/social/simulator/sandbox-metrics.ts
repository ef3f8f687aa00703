/*
 * Metrics of a pretend post: a pure function of the post's seed, its author's followers and its
 * age, so they are plausible (they rise fast, then level off, like a real post's), never go down,
 * and are the same on every read and every web process. Each platform's simulator names them its way.
 */

export interface SandboxMetrics {
  impressions: number;
  likes: number;
  replies: number;
  reposts: number;
  quotes: number;
  bookmarks: number;
  clicks: number;
}

/** Half of a post's reach arrives in its first few hours; after two days it has nearly all. */
const GROWTH_HOURS = 6;

/** A small seeded generator (mulberry32): the seed's fixed sequence of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export function sandboxMetrics(input: { seed: number; followers: number; ageMs: number }): SandboxMetrics {
  const random = seededRandom(input.seed);
  // Reach: between 20% and 300% of the followers, at least a few dozen.
  const finalReach = Math.max(30, input.followers) * (0.2 + 2.8 * random());
  const likeRate = 0.01 + 0.05 * random();
  const replyRate = 0.08 + 0.15 * random();
  const repostRate = 0.1 + 0.25 * random();
  const quoteRate = 0.02 + 0.05 * random();
  const bookmarkRate = 0.05 + 0.15 * random();
  const clickRate = 0.005 + 0.02 * random();

  const hours = Math.max(0, input.ageMs) / 3_600_000;
  const share = 1 - Math.exp(-hours / GROWTH_HOURS);
  const impressions = finalReach * share;
  const likes = impressions * likeRate;
  // Every count is a floor of a rising function: it never goes down as the post ages.
  return {
    impressions: Math.floor(impressions),
    likes: Math.floor(likes),
    replies: Math.floor(likes * replyRate),
    reposts: Math.floor(likes * repostRate),
    quotes: Math.floor(likes * quoteRate),
    bookmarks: Math.floor(likes * bookmarkRate),
    clicks: Math.floor(impressions * clickRate),
  };
}

/** A published post's metrics now: its seed, its author's followers, its age since publication. */
export function postMetricsOf(
  post: { metricsSeed: number; publishedAt: Date | null; createdAt: Date },
  author: { followers: number },
  now: number,
): SandboxMetrics {
  return sandboxMetrics({
    seed: post.metricsSeed,
    followers: author.followers,
    ageMs: now - (post.publishedAt ?? post.createdAt).getTime(),
  });
}

/** A seed for a new post's metrics (fits the int column). */
export function newMetricsSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
