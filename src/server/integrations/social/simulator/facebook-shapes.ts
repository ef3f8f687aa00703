import { randomBytes } from 'node:crypto';
import type { FaultAnswers, SimulatedAnswer } from './sandbox-faults';

/*
 * How the pretend Facebook says things (platforms.md, Facebook Pages): the Graph error object
 * `{"error":{message,type,code,error_subcode,fbtrace_id}}` everywhere, the token endpoint
 * included; throttling said by a code and the usage headers (minutes to wait).
 */

export const FACEBOOK_LABEL = 'Facebook';
export const FACEBOOK_LOGO = 'f';
export const FACEBOOK_BASE_PATH = '/sandbox/facebook';
/** The Graph API version the simulator speaks (the same as config's). */
export const FACEBOOK_GRAPH_VERSION = 'v23.0';
export const FACEBOOK_DIALOG_PATH = `${FACEBOOK_BASE_PATH}/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`;
export const FACEBOOK_GRAPH_PATH = `${FACEBOOK_BASE_PATH}/graph/${FACEBOOK_GRAPH_VERSION}`;
/** Short-lived user token (the code's), long-lived user token (fb_exchange_token), code. */
export const FACEBOOK_SHORT_TOKEN_SECONDS = 3600;
export const FACEBOOK_LONG_TOKEN_SECONDS = 60 * 24 * 3600;
export const FACEBOOK_CODE_SECONDS = 600;
/** The longest Page post (platforms.md: UNCONFIRMED, Postiz's value). */
export const FACEBOOK_MAX_MESSAGE_LENGTH = 63_206;
export const FACEBOOK_HANDLE = /^[A-Za-z0-9._]{3,30}$/;
export const FACEBOOK_HANDLE_RULE = '3 to 30 letters, digits, periods or underscores.';
export const FACEBOOK_MAX_PAGES = 3;

/** Permissions the pretend Facebook knows, with what the consent page says about each. */
export const FACEBOOK_PERMISSIONS: Record<string, string> = {
  public_profile: 'See your name and profile picture.',
  pages_show_list: 'Show a list of the Pages you manage.',
  pages_manage_posts: 'Create, edit and delete your Page posts.',
  pages_read_engagement: "Read content posted on your Pages and their followers' engagement.",
  pages_manage_engagement: 'Create and manage comments on your Pages.',
  read_insights: 'Read insights of your Pages and their posts.',
  business_management: 'Manage your business and the Pages it owns.',
  publish_video: 'Publish videos to your Pages.',
};

/**
 * Post insights the simulator knows: those verified in Meta's current insights reference and used
 * by Postiz facebook.provider.ts (HEAD 2026-08). The impressions metrics were removed in 2025, and
 * `post_media_view` could not be confirmed (platforms.md, Audit 2026-11; decision 043): asking
 * for any other name voids the whole call with code 100, as Facebook does.
 */
export const FACEBOOK_POST_METRICS = [
  'post_total_media_view_unique',
  'post_reactions_by_type_total',
  'post_clicks',
  'post_clicks_by_type',
] as const;

/** Graph's answer to an insights call naming a metric it does not know: the whole call fails. */
export const invalidMetric = () => invalidParameter('The value must be a valid insights metric');

const fbtraceId = () => randomBytes(9).toString('base64url');

export function graphError(
  status: number,
  code: number,
  message: string,
  extra: { subcode?: number; type?: string; headers?: Record<string, string> } = {},
): SimulatedAnswer {
  return {
    status,
    ...(extra.headers ? { headers: extra.headers } : {}),
    body: {
      error: {
        message,
        type: extra.type ?? 'OAuthException',
        code,
        ...(extra.subcode ? { error_subcode: extra.subcode } : {}),
        fbtrace_id: fbtraceId(),
      },
    },
  };
}

export const invalidParameter = (message: string, subcode?: number) =>
  graphError(400, 100, `(#100) ${message}`, subcode ? { subcode } : {});
export const missingObject = (id: string) =>
  invalidParameter(
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    33,
  );
export const permissionError = (message: string) => graphError(403, 200, `(#200) ${message}`);
export const invalidToken = () =>
  graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
export const missingToken = () =>
  graphError(400, 104, 'An access token is required to request this resource.');

/** The usage header of a throttled Page (Pages business use case), saying when calls are let in. */
export function businessUsageHeader(pageId: string, resetAt: Date, now = Date.now()): Record<string, string> {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now) / 60_000));
  return {
    'x-business-use-case-usage': JSON.stringify({
      [pageId]: [
        {
          type: 'pages',
          call_count: 100,
          total_cputime: 12,
          total_time: 20,
          estimated_time_to_regain_access: minutes,
        },
      ],
    }),
  };
}

/** Injected failures, as the Graph API says them (its token endpoint included). */
export const facebookFaults: FaultAnswers = {
  rateLimited: (resetAt) =>
    graphError(
      400,
      80001,
      'There have been too many calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
      { headers: businessUsageHeader('0', resetAt) },
    ),
  unauthorized: () =>
    graphError(
      400,
      190,
      'Error validating access token: Session has expired. The current time is later than the expiry time.',
      {
        subcode: 463,
        headers: {
          'www-authenticate': 'OAuth "Facebook Platform" "invalid_token" "Error validating access token"',
        },
      },
    ),
  unavailable: () =>
    graphError(503, 2, 'Service temporarily unavailable', { headers: { 'retry-after': '30' } }),
  internalError: () => graphError(500, 1, 'An unknown error has occurred.'),
};
