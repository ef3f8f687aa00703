import { optionsForPlatform } from '../../../contracts/platform-options';
import { type PublishingPlatform, platformLabels } from '../../../contracts/platforms';
import { publishedText } from '../../../contracts/post-text';
import { publishingMessages } from '../../../contracts/publishing';
import type { AppContext } from '../../context';
import {
  type PublishedPost,
  type PublishMedia,
  RateLimitedError,
} from '../../integrations/social/social-provider';
import { linkPreviewFor } from '../link-previews';
import { shortenForPublishing } from '../links';
import { findMediaByIds, MediaGoneError, toPublishMedia } from '../media';
import { markNeedsReauth } from '../social-accounts';
import { resolvePublishTarget } from './publish-account';
import { publishBatchers } from './publish-batching';
import { publishDeadlineMs, withDeadline } from './publish-deadline';
import {
  failPost,
  type PublishOutcome,
  reconcileAttempt,
  recordSuccess,
  type SentAttempt,
  settle,
  tellWorkspace,
} from './publish-outcomes';
import { type PublishPostPayload, queuePublish } from './publish-queue';
import { decideAfterError, hoursOf, MAX_ATTEMPTS } from './publish-rules';
import {
  attemptInRound,
  extendLease,
  findPostForPublishing,
  markPostMissed,
  type PublishClaim,
} from './publishing.repository';
import { clockFrom, WORKER_NAME } from './publishing-worker';

/**
 * The networks that draw no card for a link in an API post's text unless we send it: LinkedIn (a
 * member's or a Page's), Facebook's /feed (it takes the link apart) and Bluesky (the poster builds
 * its external embed). They get it with what our preview read (the composer read it first: cached).
 */
const LINK_CARD_PLATFORMS: readonly PublishingPlatform[] = [
  'linkedin',
  'linkedin_page',
  'facebook',
  'bluesky',
];

export type { PublishOutcome } from './publish-outcomes';

/** A job may fire this much before its post is due: the clocks of processes differ a little. */
const EARLY_TOLERANCE_MS = 2_000;
/** The longest a post waits for a free call to its account before it is retried later. */
const ACCOUNT_WAIT_MS = 30_000;

/**
 * Publishes one version of one post (architecture §5): the job's handler, and the sweeper's for
 * posts whose job is late or lost. A post far past its time becomes `missed`; otherwise the post
 * is claimed (`scheduled -> publishing`, with a lease) by one conditional update, so of any
 * number of jobs, sweepers and processes exactly one attempt goes to the platform. Business
 * outcomes are returned, never thrown; a database failure throws (the lease then brings the post
 * to the sweeper). The engine uses most of the app (platforms, tokens, media, storage, the queue,
 * mail), so it takes the whole AppContext, as decision 051 allows an orchestrator to.
 */
export async function publishPost(
  ctx: AppContext,
  payload: PublishPostPayload,
  now = new Date(),
): Promise<PublishOutcome> {
  const { missedAfterMs, leaseMs } = ctx.config.publishing;
  const claim = await publishBatchers(ctx.database.db).claim({
    postId: payload.postId,
    version: payload.version,
    now,
    leaseUntil: new Date(now.getTime() + leaseMs),
    earliestDue: new Date(now.getTime() - missedAfterMs),
    latestDue: new Date(now.getTime() + EARLY_TOLERANCE_MS),
    worker: WORKER_NAME,
  });
  if (!claim) return settleUnclaimed(ctx, payload, now);
  return publishClaimed(ctx, claim, now);
}

/** Why the claim found nothing: changed or taken (nothing to do), far too late, or early. */
async function settleUnclaimed(
  ctx: Pick<AppContext, 'config' | 'database' | 'jobs' | 'mail' | 'log'>,
  payload: PublishPostPayload,
  now: Date,
): Promise<PublishOutcome> {
  const post = await findPostForPublishing(ctx.database.db, payload.postId);
  if (post?.status !== 'scheduled' || post.publishVersion !== payload.version) return 'skipped';
  const due = post.nextAttemptAt ?? post.scheduledAt;
  if (!due) return 'skipped';
  const { missedAfterMs } = ctx.config.publishing;
  if (now.getTime() - due.getTime() > missedAfterMs) {
    const reason = publishingMessages.missed(hoursOf(missedAfterMs));
    const missed = await markPostMissed(ctx.database.db, {
      postId: post.id,
      version: post.publishVersion,
      now,
      reason,
      worker: WORKER_NAME,
    });
    if (!missed) return 'skipped';
    await tellWorkspace(ctx, missed, 'post_missed', reason);
    return 'missed';
  }
  // A job that fired early (another process's clock) goes back on the queue for the post's time.
  if (due.getTime() - now.getTime() > EARLY_TOLERANCE_MS) await queuePublish(ctx, post, due);
  return 'skipped';
}

async function publishClaimed(ctx: AppContext, claim: PublishClaim, start: Date): Promise<PublishOutcome> {
  const clock = clockFrom(start);
  const { post, attempt } = claim;
  const label = platformLabels[post.platform];
  const facts = () => ({
    attemptNumber: attempt.number,
    now: clock(),
    scheduledAt: post.scheduledAt ?? start,
    missedAfterMs: ctx.config.publishing.missedAfterMs,
    platformLabel: label,
  });
  const resolved = await resolvePublishTarget(ctx, post, facts(), claim.accounts);
  if ('verdict' in resolved) {
    return settle(ctx, post, attempt, resolved.verdict, clock());
  }
  // The text as written, and as sent: its links replaced by the post's short links (made once,
  // the same on every attempt; unchanged when short links are off).
  const written = publishedText(post.content, post.hashtags);
  const shortened = (await shortenForPublishing(ctx, post)).rewrite(written);
  const sent: SentAttempt = { post, attempt, target: resolved.target, text: shortened.text };
  const { account, provider, tokens } = sent.target;

  const media = await loadMedia(ctx, post);
  if (typeof media === 'string') {
    return failPost(ctx, post, attempt, invalidContent(media), clock());
  }
  const thumbnail = await loadThumbnail(ctx, post);
  // A video is uploaded in parts and processed by the platform before the post exists: minutes,
  // not seconds. Its lease grows first, so that no sweeper takes the post over meanwhile.
  let leaseMs = ctx.config.publishing.leaseMs;
  // A PDF is converted into pages by LinkedIn before the post may name it: the same long lease.
  if (media.some((item) => item.kind === 'video' || item.kind === 'document')) {
    leaseMs = Math.max(leaseMs, ctx.config.publishing.videoLeaseMs);
    const extended = await extendLease(ctx.database.db, post.id, new Date(Date.now() + leaseMs));
    if (!extended) return 'skipped';
  }
  // The card is read from the page the link leads to, not from our redirect; it links the short URL.
  const card =
    media.length === 0 && post.postType === 'post' && LINK_CARD_PLATFORMS.includes(post.platform)
      ? await linkPreviewFor(ctx, written)
      : null;
  const link = card && { ...card, url: shortened.shortUrls.get(card.url) ?? card.url };
  let published: PublishedPost;
  try {
    // At most PUBLISH_ACCOUNT_CONCURRENCY calls to one account from this process. The wait is
    // bounded so that it and the call together stay within the deadline, well inside the lease;
    // a post that waited too long is retried later, certain that nothing was sent.
    const deadlineMs = publishDeadlineMs(leaseMs);
    const waitMs = Math.min(ACCOUNT_WAIT_MS, deadlineMs / 4);
    const waitStarted = Date.now();
    published = await ctx.publishingSlots.accounts.run(
      account.id,
      () =>
        withDeadline(
          provider.publish(tokens, {
            account: { externalId: account.externalId, username: account.username },
            postType: post.postType,
            text: sent.text,
            media,
            title: post.title,
            link,
            options: optionsForPlatform(post.platform, post.platformOptions),
            thumbnail,
          }),
          deadlineMs - (Date.now() - waitStarted),
          post.platform,
        ),
      {
        ms: waitMs,
        onTimeout: () => new RateLimitedError(post.platform, publishingMessages.accountBusy(label), null),
      },
    );
  } catch (error) {
    // Images are read before anything is sent: an image gone from storage created nothing.
    if (error instanceof MediaGoneError)
      return failPost(ctx, post, attempt, invalidContent(error.message), clock());
    const round = await attemptInRound(ctx.database.db, post.id, attempt.number, MAX_ATTEMPTS);
    const verdict = decideAfterError(error, { ...facts(), attemptNumber: round });
    if (verdict.kind === 'reconcile') return reconcileAttempt(ctx, sent, verdict, clock());
    if (verdict.kind === 'fail' && verdict.needsReauth) {
      await markNeedsReauth(ctx, account, `${label} no longer accepts Kitepost's access.`);
    }
    // A retry refused as invalid (X refuses duplicate text) may mean an earlier attempt did land.
    if (verdict.errorKind === 'invalid_content' && attempt.number > 1 && provider.findPublished) {
      return reconcileAttempt(ctx, sent, verdict, clock(), verdict);
    }
    return settle(ctx, post, attempt, verdict, clock());
  }
  // A database failure here throws: the post stays `publishing` and its lease brings it to the
  // sweeper, which finds it on the platform.
  await recordSuccess(ctx, sent, published, { outcome: 'published', publishedAt: clock(), now: clock() });
  return 'published';
}

function invalidContent(reason: string) {
  return { outcome: 'failed', errorKind: 'invalid_content', message: reason, reason } as const;
}

/**
 * A YouTube post's custom thumbnail (`platformOptions.youtube.thumbnailMediaId`): the workspace's
 * image, or null (none asked, or deleted since: YouTube then shows its own frame).
 */
async function loadThumbnail(
  ctx: Pick<AppContext, 'config' | 'database' | 'storage' | 'mediaSigner'>,
  post: PublishClaim['post'],
): Promise<PublishMedia | null> {
  const id = post.platform === 'youtube' ? post.platformOptions?.youtube?.thumbnailMediaId : undefined;
  if (!id) return null;
  const [row] = await findMediaByIds(ctx.database.db, post.workspaceId, [id]);
  if (row?.kind !== 'image') return null;
  const urls = { appUrl: ctx.config.appUrl, signer: ctx.mediaSigner, now: new Date() };
  return toPublishMedia(row, ctx.storage, urls, null);
}

/** The post's images in its order, or why they cannot be sent. */
async function loadMedia(
  ctx: Pick<AppContext, 'config' | 'database' | 'storage' | 'mediaSigner'>,
  post: PublishClaim['post'],
): Promise<PublishMedia[] | string> {
  if (post.mediaIds.length === 0) return [];
  const rows = await findMediaByIds(ctx.database.db, post.workspaceId, post.mediaIds);
  if (rows.length !== post.mediaIds.length) {
    return 'An attached image no longer exists: attach it again, then retry.';
  }
  // The wall clock, not the attempt's: the platform downloads now, and the link is checked so.
  const urls = { appUrl: ctx.config.appUrl, signer: ctx.mediaSigner, now: new Date() };
  return rows.map((row) => toPublishMedia(row, ctx.storage, urls, post.altTexts[row.id] ?? null));
}
