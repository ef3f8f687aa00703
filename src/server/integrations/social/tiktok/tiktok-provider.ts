import { setTimeout as delay } from 'node:timers/promises';
import type { TikTokCreatorInfo } from '../../../../contracts/tiktok';
import { comparableText } from '../http/parse-answer';
import {
  type AuthorizeRequest,
  InvalidContentError,
  type PlatformAppOptions,
  type PostLinkOptions,
  type PublishedPost,
  type PublishInput,
  type PublishMedia,
  SocialPlatformError,
  type SocialProvider,
  type TokenSet,
  UnknownOutcomeError,
} from '../social-provider';
import { isVideoId, MAX_IDS_PER_QUERY, TIKTOK_VIDEO_FIELDS, toTikTokReadings } from './metrics-transform';
import {
  chunkPlan,
  directPostRefusal,
  isPhotoPost,
  modeFor,
  photoPostInfo,
  type TikTokMode,
  videoPostInfo,
} from './publish-plan';
import { createTikTokApi } from './tiktok-api';
import {
  type CreatorInfo,
  failReasonText,
  type PublishStatus,
  tiktokPostUrl,
  tiktokWebBaseUrl,
  toCreatorInfo,
  toExternalAccount,
  toFollowers,
  toInit,
  toPublishStatus,
  toTokenSet,
  toVideoPage,
} from './transform';

/*
 * TikTok behind our SocialProvider port (Content Posting API, Login Kit v2; decision 089). A web
 * app signs in with its client secret: no PKCE (TikTok documents code_verifier for its mobile and
 * desktop kits, where its code_challenge is a hex SHA-256, not RFC 7636's base64url). Each post
 * queries the creator's info first and is checked against it; a video goes up in chunks, photos are
 * pulled by TikTok from their public URLs; then the publish status is polled until TikTok says
 * PUBLISH_COMPLETE, SEND_TO_USER_INBOX or FAILED.
 */

/** [TT-SCOPES] developers.tiktok.com/doc/tiktok-api-scopes: username needs user.info.profile. */
export const TIKTOK_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.publish',
  'video.upload',
  'video.list',
] as const;
/** User fields and the scope each needs [TT-USER]: a user may grant fewer scopes than asked. */
const USER_FIELDS: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  display_name: 'user.info.basic',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
};
const userFieldsFor = (scopes: string[]) =>
  Object.keys(USER_FIELDS).filter(
    (field) => scopes.length === 0 || scopes.includes(USER_FIELDS[field] as string),
  );
const LIST_FIELDS = ['id', 'title', 'video_description', 'create_time', 'share_url'];
const DEFAULT_TIMEOUT_MS = 20_000;
/** Reconciliation reads at most this many pages of 20 videos. */
const LIST_PAGES = 3;
const CLOCK_SKEW_MS = 5 * 60_000;

export interface TikTokProviderOptions extends PlatformAppOptions, PostLinkOptions {
  /** TIKTOK_APP_AUDITED: until TikTok audits the app, every direct post is SELF_ONLY. */
  platformApps?: { tiktokAudited: boolean };
  /** Between two status reads: status/fetch allows 30 calls a minute per token [TT-STATUS]. */
  statusPollMs?: number;
  /** How long publish waits for TikTok to finish (the video lease is 10 minutes). Default 8 min. */
  publishWaitMs?: number;
}

export interface TikTokProvider extends SocialProvider {
  readCreatorInfo(tokens: TokenSet): Promise<TikTokCreatorInfo>;
  findPublished: NonNullable<SocialProvider['findPublished']>;
}

export function createTikTokProvider(options: TikTokProviderOptions): TikTokProvider {
  const api = createTikTokApi({
    apiBaseUrl: options.apiBaseUrl,
    clientKey: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const webBase = (options.webBaseUrl ?? tiktokWebBaseUrl(options.authorizeUrl)).replace(/\/$/, '');
  const audited = options.platformApps?.tiktokAudited ?? false;
  const pollMs = options.statusPollMs ?? 3_000;
  const waitMs = options.publishWaitMs ?? 8 * 60_000;

  const creatorOf = async (tokens: TokenSet): Promise<CreatorInfo> =>
    toCreatorInfo(await api.queryCreatorInfo(tokens.accessToken));

  /** Reads the publish status until it is final, or gives up with the outcome unknown. */
  async function waitForOutcome(tokens: TokenSet, publishId: string, photo: boolean): Promise<PublishStatus> {
    const giveUpAt = Date.now() + waitMs;
    for (;;) {
      const status = toPublishStatus(await api.fetchStatus(tokens.accessToken, publishId));
      if (status.state !== 'processing') return status;
      if (Date.now() + pollMs > giveUpAt) {
        throw new UnknownOutcomeError(
          'tiktok',
          `TikTok was still processing the post after ${Math.round(waitMs / 60_000)} minutes; it may still appear.`,
          { publishId, ...(photo ? { photo: 'true' } : {}) },
        );
      }
      await delay(pollMs);
    }
  }

  /** The final status as our answer: a post, an inbox draft (no public link), or a refusal. */
  function outcomeOf(
    status: PublishStatus,
    publishId: string,
    username: string,
    photo: boolean,
  ): PublishedPost {
    switch (status.state) {
      case 'complete':
        return status.postId
          ? { externalId: status.postId, url: tiktokPostUrl(webBase, username, status.postId, photo) }
          : // Private (SELF_ONLY) posts, or public ones still in moderation, have no public id yet.
            { externalId: publishId, url: null };
      case 'inbox':
        return { externalId: publishId, url: null };
      case 'failed':
        throw new InvalidContentError(
          'tiktok',
          `TikTok could not publish it: ${failReasonText(status.reason)}.`,
        );
      default:
        throw new UnknownOutcomeError('tiktok', 'TikTok has not finished the post.', { publishId });
    }
  }

  /** Runs a call after which TikTok posts; a lost answer keeps the publish id for reconciliation. */
  async function publishing<T>(publishId: string | null, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof UnknownOutcomeError && publishId && !error.hint) {
        throw new UnknownOutcomeError('tiktok', error.message, { publishId }, { cause: error });
      }
      throw error;
    }
  }

  async function checkedCreator(
    tokens: TokenSet,
    input: PublishInput,
    mode: TikTokMode,
    video: PublishMedia | null,
  ) {
    if (mode === 'inbox') return null;
    const creator = await creatorOf(tokens);
    const refusal = directPostRefusal({
      options: input.options?.tiktok,
      creator,
      audited,
      videoDurationMs: video?.durationMs ?? null,
    });
    if (refusal) throw new InvalidContentError('tiktok', refusal);
    return creator;
  }

  async function publishVideo(tokens: TokenSet, input: PublishInput, video: PublishMedia, mode: TikTokMode) {
    const tiktok = input.options?.tiktok;
    const creator = await checkedCreator(tokens, input, mode, video);
    const plan = chunkPlan(video.sizeBytes);
    const sourceInfo = {
      source: 'FILE_UPLOAD',
      video_size: video.sizeBytes,
      chunk_size: plan.chunkSize,
      total_chunk_count: plan.totalChunkCount,
    };
    const body =
      creator && tiktok?.privacyLevel
        ? {
            post_info: videoPostInfo(input.text, tiktok, creator, tiktok.privacyLevel),
            source_info: sourceInfo,
          }
        : { source_info: sourceInfo };
    const { publishId, uploadUrl } = toInit(await api.initVideo(tokens.accessToken, mode === 'inbox', body));
    if (!uploadUrl)
      throw new SocialPlatformError('tiktok', 'TikTok answered the upload without an upload URL.');
    for (const [index, [start, end]] of plan.ranges.entries()) {
      const bytes = await video.readRange(start, end);
      const last = index === plan.ranges.length - 1;
      await publishing(last ? publishId : null, () =>
        api.putChunk(uploadUrl, {
          bytes,
          first: start,
          total: video.sizeBytes,
          mimeType: video.mimeType,
          last,
        }),
      );
    }
    const status = await waitForOutcome(tokens, publishId, false);
    return outcomeOf(status, publishId, input.account.username, false);
  }

  async function publishPhotos(tokens: TokenSet, input: PublishInput, mode: TikTokMode) {
    const tiktok = input.options?.tiktok;
    const creator = await checkedCreator(tokens, input, mode, null);
    const body = {
      post_info: photoPostInfo({
        title: input.title,
        text: input.text,
        options: tiktok,
        creator,
        privacy: creator ? tiktok?.privacyLevel : undefined,
      }),
      source_info: {
        source: 'PULL_FROM_URL',
        photo_cover_index: 0,
        photo_images: input.media.map((item) => item.url),
      },
      post_mode: mode === 'inbox' ? 'MEDIA_UPLOAD' : 'DIRECT_POST',
      media_type: 'PHOTO',
    };
    const { publishId } = toInit(await api.initPhotos(tokens.accessToken, body));
    const status = await waitForOutcome(tokens, publishId, true);
    return outcomeOf(status, publishId, input.account.username, true);
  }

  return {
    platform: 'tiktok',
    sandbox: options.sandbox,
    usesPkce: false,

    authorizeUrl(request: AuthorizeRequest): string {
      const query = new URLSearchParams({
        client_key: options.clientId,
        scope: TIKTOK_SCOPES.join(','),
        response_type: 'code',
        redirect_uri: request.redirectUri,
        state: request.state,
      });
      const separator = options.authorizeUrl.includes('?') ? '&' : '?';
      return `${options.authorizeUrl}${separator}${query}`;
    },

    async exchangeCode({ code, redirectUri }) {
      const body = await api.requestToken('exchange-code', {
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
      });
      return toTokenSet(body, new Date());
    },

    async refreshTokens(tokens) {
      const body = await api.requestToken('refresh', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken ?? '',
      });
      return toTokenSet(body, new Date(), tokens);
    },

    async listAccounts(tokens) {
      return [toExternalAccount(await api.getUser(tokens.accessToken, userFieldsFor(tokens.scopes)))];
    },

    async revoke(tokens) {
      await api.revoke(tokens.accessToken);
    },

    async readCreatorInfo(tokens) {
      const creator = await creatorOf(tokens);
      return {
        ...creator,
        appAudited: audited,
        canDirectPost: tokens.scopes.length === 0 || tokens.scopes.includes('video.publish'),
      };
    },

    /**
     * A video ('post') or photos ('carousel', "Photos" on TikTok), directly or to the inbox
     * (publish-plan.ts modeFor). Waits for TikTok's final status inside the call.
     */
    async publish(tokens, input) {
      const mode = modeFor(input.options?.tiktok, tokens.scopes);
      if (isPhotoPost(input.postType)) {
        if (input.media.length === 0 || input.media.some((item) => item.kind !== 'image')) {
          throw new InvalidContentError('tiktok', 'A TikTok photo post takes 1 to 35 photos and no video.');
        }
        return publishPhotos(tokens, input, mode);
      }
      const [video] = input.media;
      if (video?.kind !== 'video' || input.media.length > 1) {
        throw new InvalidContentError('tiktok', 'A TikTok video post takes exactly one video.');
      }
      return publishVideo(tokens, input, video, mode);
    },

    /**
     * With the publish id (hint): its status says. Without: the creator's videos since the attempt
     * (`/v2/video/list/`, up to 3 pages of 20) matched by caption.
     */
    async findPublished(tokens, { account, text, since, hint }) {
      if (hint?.publishId) {
        const status = toPublishStatus(await api.fetchStatus(tokens.accessToken, hint.publishId));
        if (status.state === 'failed') return null;
        if (status.state === 'processing') {
          throw new SocialPlatformError(
            'tiktok',
            'TikTok is still processing this post; its outcome is not known yet.',
          );
        }
        return outcomeOf(status, hint.publishId, account.username, hint.photo === 'true');
      }
      const wanted = comparableText(text);
      let cursor: number | undefined;
      for (let page = 0; page < LIST_PAGES; page++) {
        const listed = toVideoPage(
          await api.listVideos(tokens.accessToken, LIST_FIELDS, { maxCount: 20, cursor }),
        );
        const found = listed.videos.find((video) => comparableText(video.caption) === wanted);
        if (found) return { externalId: found.id, url: tiktokPostUrl(webBase, account.username, found.id) };
        const older = listed.videos.some(
          (video) => video.createdAt && video.createdAt.getTime() < since.getTime() - CLOCK_SKEW_MS,
        );
        if (!listed.more || older || listed.cursor === null) return null;
        cursor = listed.cursor;
      }
      throw new SocialPlatformError(
        'tiktok',
        `The TikTok account posted more than ${LIST_PAGES * 20} videos since the attempt; Kitepost could not tell whether this post is among them.`,
      );
    },

    /** 20 videos per `POST /v2/video/query/`; publish ids (drafts, posts in moderation) are skipped. */
    async readPostMetrics(tokens, { externalIds }) {
      const ids = externalIds.filter(isVideoId);
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      for (let start = 0; start < ids.length; start += MAX_IDS_PER_QUERY) {
        const batch = ids.slice(start, start + MAX_IDS_PER_QUERY);
        const page = toTikTokReadings(
          await api.queryVideos(tokens.accessToken, TIKTOK_VIDEO_FIELDS, batch),
          batch,
        );
        result.metrics.push(...page.metrics);
        result.missing.push(...page.missing);
      }
      return result;
    },

    async readFollowers(tokens) {
      if (tokens.scopes.length > 0 && !tokens.scopes.includes('user.info.stats')) return null;
      return toFollowers(await api.getUser(tokens.accessToken, ['open_id', 'follower_count']));
    },
  };
}
