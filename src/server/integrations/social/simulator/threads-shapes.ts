import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  graphError,
  graphFaults,
  graphObjectNotFound,
  INSTAGRAM_USERNAME,
  INSTAGRAM_USERNAME_RULE,
  throttleHeaders,
} from './meta-graph-shapes';
import type { FaultAnswers, SandboxFault, SimulatedAnswer, SimulatedCallKind } from './sandbox-faults';
import type { SandboxAccount, SandboxPost } from './sandbox-store';
import type { Fields } from './simulator-routes';

/*
 * How the pretend Threads says things (graph.threads.net, platforms.md "Threads"): Meta's Graph
 * error object everywhere, the token endpoints included, and Meta's `x-business-use-case-usage`
 * header when throttling. Sources: [TH-AUTH] developers.facebook.com/docs/threads/get-started/
 * get-access-tokens-and-permissions and …/long-lived-tokens; [TH-POSTS] …/docs/threads/posts;
 * [TH-OVERVIEW] …/docs/threads/overview; [TH-TROUBLE] …/docs/threads/troubleshooting.
 */

export const TH_LABEL = 'Threads';
export const TH_LOGO = '@';
export const TH_BASE_PATH = '/sandbox/threads';
/** graph.threads.net: its token endpoints (unversioned) and, under the version, every object. */
export const TH_HOST_PATH = `${TH_BASE_PATH}/graph`;
export const TH_GRAPH_PATH = `${TH_HOST_PATH}/v1.0`;
export const TH_AUTHORIZE_PATH = `${TH_BASE_PATH}/oauth/authorize`;

/** Codes live an hour (UNCONFIRMED for Threads; Instagram's). */
export const TH_CODE_SECONDS = 3_600;
/** "Short-lived access tokens are valid for 1 hour" [TH-AUTH]. */
export const TH_SHORT_LIVED_SECONDS = 3_600;
/** "Long-lived tokens are valid for 60 days" [TH-AUTH]. */
export const TH_LONG_LIVED_SECONDS = 5_184_000;
/** "Long-lived tokens that are at least 24 hours old but have not expired can be refreshed" [TH-AUTH]. */
export const TH_REFRESH_MIN_AGE_MS = 24 * 3_600_000;
/** 250 API-published posts per profile in a 24-hour moving period; carousels count once [TH-OVERVIEW]. */
export const TH_PUBLISH_QUOTA = 250;
/** 1,000 replies per profile in a 24-hour moving period [TH-OVERVIEW]. */
export const TH_REPLY_QUOTA = 1_000;
export const TH_QUOTA_WINDOW_SECONDS = 86_400;
/** An unpublished container expires after 24 hours [TH-TROUBLE, EXPIRED]. */
export const TH_CONTAINER_LIFETIME_MS = 24 * 3_600_000;
/**
 * Threads suggests waiting "on average 30 seconds" before publishing a container with media
 * [TH-POSTS]: an image container stays IN_PROGRESS this long, a video one `threadsVideoMs`
 * (short for the sandbox); a text container is ready at once. Publishing earlier is refused.
 */
export const TH_IMAGE_PROCESSING_MS = 300;
export const TH_VIDEO_PROCESSING_MS = 800;

/** 1 to 30 letters, digits, periods or underscores (an Instagram username: Threads profiles are Instagram's). */
export const TH_USERNAME = INSTAGRAM_USERNAME;
export const TH_USERNAME_RULE = INSTAGRAM_USERNAME_RULE;

/** Scopes the pretend Threads knows, with what the consent page says about each [TH-AUTH]. */
export const TH_SCOPES: Record<string, string> = {
  threads_basic: 'Read your Threads profile and posts.',
  threads_content_publish: 'Publish posts to Threads on your behalf.',
  threads_manage_insights: 'Read insights of your profile and posts.',
  threads_manage_replies: 'Reply to posts and manage replies on your behalf.',
  threads_read_replies: 'Read replies to your posts.',
};

/** An id shaped like a Threads user's or post's: 17 or 18 digits. */
export function newThreadsId(prefix = '178'): string {
  let rest = '';
  while (rest.length < 14) rest += String(randomInt(0, 1_000_000)).padStart(6, '0');
  return `${prefix}${rest.slice(0, 14)}`;
}

/** Graph's answer for an object the caller cannot see (code 100, subcode 33). */
export const noSuchObject = (id: string, verb: 'get' | 'post') =>
  graphObjectNotFound(id, verb, 'THApiException');

export const missingPermission = (scope: string) =>
  graphError(400, {
    message: `(#10) Application does not have permission for this action: ${scope}`,
    type: 'THApiException',
    code: 10,
  });

/** Injected failures on graph.threads.net. */
export const threadsFaults: FaultAnswers = graphFaults((resetAt) =>
  graphError(
    400,
    { message: '(#4) Application request limit reached', code: 4, transient: true },
    throttleHeaders(resetAt),
  ),
);

/**
 * One entry of a Threads row's `media` (jsonb): the container's own entry first (its type, when
 * its processing ends, how it failed, what it replies to); a carousel's items follow it.
 */
export interface ThreadsMediaEntry {
  id: string;
  url: string | null;
  kind: 'text' | 'image' | 'video' | 'carousel';
  carouselItem?: boolean;
  /** When processing ends (epoch ms): IN_PROGRESS until then. */
  availableAt?: number;
  /** The `error_message` the container fails with once processed [TH-TROUBLE]. */
  failed?: string;
  altText?: string;
  /** The post this one replies to (the next post of a thread). */
  replyTo?: string;
  linkAttachment?: string;
}

export const threadsEntriesOf = (post: Pick<SandboxPost, 'media'>) => post.media as ThreadsMediaEntry[];
export const threadsHeadOf = (post: Pick<SandboxPost, 'media'>) => threadsEntriesOf(post)[0];

/** A container's state: EXPIRED after 24 h, IN_PROGRESS until processed, then ERROR or FINISHED. */
export function threadsContainerState(
  post: SandboxPost,
  now: number,
): { status: 'EXPIRED' | 'IN_PROGRESS' | 'ERROR' | 'FINISHED'; error?: string } {
  const head = threadsHeadOf(post);
  if (now - post.createdAt.getTime() > TH_CONTAINER_LIFETIME_MS) return { status: 'EXPIRED' };
  if (now < (head?.availableAt ?? 0)) return { status: 'IN_PROGRESS' };
  if (head?.failed) return { status: 'ERROR', error: head.failed };
  return { status: 'FINISHED' };
}

/** Who calls: the token's account and scopes, and the sandbox fault the call carries. */
export interface ThreadsCaller {
  account: SandboxAccount;
  scopes: string[];
  fault?: SandboxFault | null;
}

/** A Graph route's handler factory: the token, the permissions it needs, the kind of call, faults. */
export type ThreadsRoute = <R extends FastifyRequest>(
  scopes: string[],
  kind: SimulatedCallKind,
  handle: (request: R, caller: ThreadsCaller, params: Fields) => Promise<SimulatedAnswer>,
  withoutData?: (answer: SimulatedAnswer) => SimulatedAnswer,
) => (request: R, reply: FastifyReply) => Promise<unknown>;
