import { createHash, randomInt } from 'node:crypto';
import { INSTAGRAM_DEFAULT_GRAPH_VERSION } from '../instagram/graph-version';
import { failedStatus } from './instagram-media-rules';
import { headOf } from './instagram-store';
import {
  graphError,
  graphFaults,
  graphObjectNotFound,
  INSTAGRAM_USERNAME,
  INSTAGRAM_USERNAME_RULE,
  throttleHeaders,
} from './meta-graph-shapes';
import type { FaultAnswers, SimulatedAnswer } from './sandbox-faults';
import type { SandboxAccount, SandboxPost } from './sandbox-store';

/*
 * How the pretend Instagram says things (platforms.md, Instagram API with Instagram Login): the
 * Graph error object on graph.instagram.com, `{error_type, code, error_message}` on the code
 * exchange at api.instagram.com, Meta's `x-business-use-case-usage` header when throttling.
 */

export const IG_LABEL = 'Instagram';
export const IG_LOGO = 'IG';
export const IG_BASE_PATH = '/sandbox/instagram';
/** Where the pretend hosts live: api.instagram.com (the code exchange) and graph.instagram.com. */
export const IG_OAUTH_HOST_PATH = `${IG_BASE_PATH}/api`;
/** graph.instagram.com: its token endpoints (unversioned, as in Meta's reference). */
export const IG_GRAPH_HOST_PATH = `${IG_BASE_PATH}/graph`;
/** The Graph API version the simulator speaks (the adapter's default, INSTAGRAM_GRAPH_VERSION's). */
export const IG_GRAPH_VERSION = INSTAGRAM_DEFAULT_GRAPH_VERSION;
/** graph.instagram.com/{version}: every Graph object. */
export const IG_GRAPH_PATH = `${IG_GRAPH_HOST_PATH}/${IG_GRAPH_VERSION}`;
export const IG_AUTHORIZE_PATH = `${IG_BASE_PATH}/oauth/authorize`;

export const IG_CODE_SECONDS = 3_600;
export const IG_SHORT_LIVED_SECONDS = 3_600;
export const IG_LONG_LIVED_SECONDS = 5_184_000;
/** A long-lived token may be refreshed once it is this old. */
export const IG_REFRESH_MIN_AGE_MS = 24 * 3_600_000;
/**
 * Processing media takes a while (Meta suggests checking for up to 5 minutes): a container says
 * IN_PROGRESS for between these two times, the same for a given container (its metrics seed). Kept
 * short so the sandbox stays quick; an adapter that publishes without waiting is refused (9007).
 */
export const IG_CONTAINER_PROCESSING_MS = 500;
export const IG_CONTAINER_PROCESSING_MAX_MS = 1_500;
/**
 * A video container (Reel, Story, carousel video) stays IN_PROGRESS this long after its download:
 * Meta transcodes for seconds to minutes ("Video uploads are asynchronous", IG User Media
 * reference). Short for the sandbox; the simulator's `instagramVideoProcessingMs` overrides it.
 */
export const IG_VIDEO_PROCESSING_MS = 2_000;

/** How long this container stays IN_PROGRESS. */
export function containerProcessingMs(post: Pick<SandboxPost, 'metricsSeed'>): number {
  const spread = IG_CONTAINER_PROCESSING_MAX_MS - IG_CONTAINER_PROCESSING_MS;
  return IG_CONTAINER_PROCESSING_MS + (Math.abs(post.metricsSeed) % (spread + 1));
}
/** An unpublished container expires after 24 h. */
export const IG_CONTAINER_LIFETIME_MS = 24 * 3_600_000;
/** Posts per rolling 24 h (the reference's `quota_total`, "currently 50"). */
export const IG_PUBLISH_QUOTA = 50;
export const IG_PUBLISH_WINDOW_SECONDS = 86_400;

/** 1 to 30 letters, digits, periods or underscores; no period first, last or twice in a row. */
export const IG_USERNAME = INSTAGRAM_USERNAME;
export const IG_USERNAME_RULE = INSTAGRAM_USERNAME_RULE;

/** Scopes the pretend Instagram knows, with what the consent page says about each. */
export const IG_SCOPES: Record<string, string> = {
  instagram_business_basic: 'Read your profile info and media.',
  instagram_business_content_publish: 'Publish photos and videos to your account.',
  instagram_business_manage_insights: 'Read insights of your account and its posts.',
  instagram_business_manage_comments: 'Read and reply to comments on your posts.',
  instagram_business_manage_messages: 'Read and send direct messages.',
};

/** An id shaped like an Instagram professional account's or media's: 17 digits starting 178. */
export function newInstagramId(prefix: '178414' | '178' = '178'): string {
  const digits = 17 - prefix.length;
  let rest = '';
  while (rest.length < digits) rest += String(randomInt(0, 1_000_000)).padStart(6, '0');
  return `${prefix}${rest.slice(0, digits)}`;
}

/** Graph's answer for an object the caller cannot see (code 100, subcode 33). */
export const noSuchObject = (id: string, verb: 'get' | 'post') =>
  graphObjectNotFound(id, verb, 'IGApiException');

/**
 * Instagram's answer to insights of a post too few accounts have seen (platforms.md, Audit
 * 2026-11): code 10, "(#10) Not enough viewers for the media to show insights".
 */
export const notEnoughViewers = () =>
  graphError(400, { message: '(#10) Not enough viewers for the media to show insights', code: 10 });

export const missingPermission = () =>
  graphError(400, {
    message: '(#10) Application does not have permission for this action',
    type: 'IGApiException',
    code: 10,
  });

/** api.instagram.com's OAuth errors: `code` is the HTTP status. */
export const oauthError = (message: string, status = 400): SimulatedAnswer => ({
  status,
  body: { error_type: 'OAuthException', code: status, error_message: message },
});

/** Injected failures on graph.instagram.com. */
export const igGraphFaults: FaultAnswers = graphFaults((resetAt) =>
  graphError(
    400,
    {
      message: 'There have been too many calls for this Instagram account. Wait a bit and try again.',
      code: 80002,
      transient: true,
    },
    throttleHeaders(resetAt),
  ),
);

/** Injected failures on api.instagram.com's code exchange. */
export const igOAuthFaults: FaultAnswers = {
  ...igGraphFaults,
  unauthorized: () => oauthError('Matching code was not found or was already used.'),
  unavailable: () => oauthError('Service temporarily unavailable', 503),
};

const SUPPORTED_IMAGE = /\.(?:jpe?g|png)$/i;

/** The app-scoped id `/me` answers as `id`: stable, and not the account id publishing uses. */
export const appScopedId = (account: SandboxAccount) =>
  (
    BigInt(`0x${createHash('sha256').update(account.externalId).digest('hex').slice(0, 13)}`) +
    10n ** 15n
  ).toString();

/**
 * A container's state: EXPIRED after 24 h, IN_PROGRESS until its processing ends, then ERROR with
 * Meta's subcode when its media could not be used, else FINISHED. Rows made before issue 24 (no
 * `igType`) are judged by their image's extension, as before.
 */
export function containerState(post: SandboxPost, now: number): { code: string; status: string } {
  const age = now - post.createdAt.getTime();
  const head = headOf(post);
  if (age > IG_CONTAINER_LIFETIME_MS)
    return { code: 'EXPIRED', status: 'Expired: the container was not published within 24 hours.' };
  // The later of its own processing end (videos) and the image processing time from its creation.
  const readyAt = Math.max(head?.availableAt ?? 0, post.createdAt.getTime() + containerProcessingMs(post));
  if (now < readyAt) return { code: 'IN_PROGRESS', status: 'In Progress: the media is being processed.' };
  if (head?.failed) return { code: 'ERROR', status: failedStatus(head.failed) };
  if (!head?.igType) {
    const path = (() => {
      try {
        return new URL(head?.url ?? '').pathname;
      } catch {
        return '';
      }
    })();
    const extension = /\.[A-Za-z0-9]{2,5}$/.exec(path)?.[0];
    if (extension && !SUPPORTED_IMAGE.test(extension)) {
      return { code: 'ERROR', status: `Error: ${extension} images are not supported; use JPEG or PNG.` };
    }
  }
  return { code: 'FINISHED', status: 'Finished: the media is ready to be published.' };
}
