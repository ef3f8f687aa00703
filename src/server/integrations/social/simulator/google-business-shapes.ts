import { findPhoneNumber, GOOGLE_BUSINESS_TITLE_MAX } from '../../../../contracts/google-business';
import { platformRules } from '../../../../contracts/platforms';
import { type LocalPostEntry, localPostOf, stateOf } from './google-business-store';
import type { FaultAnswers, SimulatedAnswer } from './sandbox-faults';
import type { SandboxPost } from './sandbox-store';

/*
 * How the pretend Google Business Profile says things, and what it checks in a LocalPost.
 * Errors are Google's error model (cloud.google.com/apis/design/errors): `{error: {code, message,
 * status, details}}` with google.rpc types in `details`; a quota is 429 RESOURCE_EXHAUSTED
 * (developers.google.com/my-business/content/limits); v4 puts a post's field problems in
 * `google.mybusiness.v4.ValidationError.errorDetails` (v4 reference, "ValidationError"). The
 * LocalPost's rules cite developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts
 * (and post-rules/google-business.ts).
 */

export const GBP_BASE_PATH = '/sandbox/google-business';
export const GBP_API_PATH = `${GBP_BASE_PATH}/api`;
export const GBP_LABEL = 'Google Business Profile';
export const GBP_LOGO = 'G';
export const GBP_SCOPE = 'https://www.googleapis.com/auth/business.manage';
/** How long a new local post stays PROCESSING before it is LIVE (or REJECTED). */
export const GBP_PROCESSING_MS = 600;
/** "10 edits per min per Google Business Profile. This limit cannot be increased" (usage limits). */
export const GBP_EDITS_PER_MINUTE = 10;

export const googleError = (
  code: number,
  status: string,
  message: string,
  details: unknown[] = [],
): SimulatedAnswer => ({
  status: code,
  body: { error: { code, message, status, ...(details.length ? { details } : {}) } },
});

export const invalidArgument = (field: string, message: string) =>
  googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [
    {
      '@type': 'type.googleapis.com/google.mybusiness.v4.ValidationError',
      errorDetails: [{ code: 2, field, message }],
    },
  ]);

export const notFound = () => googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
export const permissionDenied = () =>
  googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
export const insufficientScopes = () =>
  googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      domain: 'googleapis.com',
    },
  ]);

/** A per-minute quota used up (ErrorInfo RATE_LIMIT_EXCEEDED, as Google's quota errors carry it). */
export const quotaExceeded = (limit: string, service: string) =>
  googleError(
    429,
    'RESOURCE_EXHAUSTED',
    `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service '${service}'.`,
    [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'RATE_LIMIT_EXCEEDED',
        domain: 'googleapis.com',
        metadata: { quota_limit_value: limit, service, quota_metric: `${service}/default_requests` },
      },
    ],
  );

export const googleBusinessFaults: FaultAnswers = {
  rateLimited: () => quotaExceeded('300', 'mybusiness.googleapis.com'),
  unauthorized: () =>
    googleError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    ),
  unavailable: () => googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.'),
  internalError: () => googleError(500, 'INTERNAL', 'Internal error encountered.'),
};

const ACTION_TYPES = new Set(['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL']);
const TOPIC_TYPES = new Set(['STANDARD', 'EVENT', 'OFFER']);
const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A google.type.Date {year, month, day} that exists, as a sortable number; null when it is none. */
function dateKey(value: unknown): number | null {
  if (!isRecord(value)) return null;
  const { year, month, day } = value;
  if (![year, month, day].every((part) => Number.isInteger(part))) return null;
  const date = new Date(Date.UTC(year as number, (month as number) - 1, day as number));
  if (date.getUTCMonth() !== (month as number) - 1 || date.getUTCDate() !== day) return null;
  return (year as number) * 10_000 + (month as number) * 100 + (day as number);
}

/** A google.type.TimeOfDay in minutes; 0 when absent (the day's start). */
function timeKey(value: unknown): number | null {
  if (value === undefined) return 0;
  if (!isRecord(value)) return null;
  const hours = value.hours ?? 0;
  const minutes = value.minutes ?? 0;
  if (
    !Number.isInteger(hours) ||
    !Number.isInteger(minutes) ||
    (hours as number) > 23 ||
    (minutes as number) > 59
  )
    return null;
  return (hours as number) * 60 + (minutes as number);
}

export type CheckedLocalPost = Omit<LocalPostEntry, 'id' | 'url' | 'availableAt' | 'rejected'> & {
  summary: string;
};

/**
 * A `LocalPost` body as Google checks it on create: `topicType` required (STANDARD, EVENT, OFFER;
 * ALERT posts are Google's own), `summary` at most 1,500 characters, at most one `media` item with
 * `mediaFormat` PHOTO and a `sourceUrl` ("sourceUrl is the only supported data field"), a video
 * refused, `event` {title, schedule} "Required for topic types EVENT and OFFER" with an end not
 * before its start, `offer` only on an OFFER, `callToAction` with a known `actionType` and a url
 * (but CALL). Answers the refusal, or the parts to keep.
 */
export function checkLocalPost(body: unknown): { refused: SimulatedAnswer } | { post: CheckedLocalPost } {
  if (!isRecord(body))
    return { refused: invalidArgument('local_post', 'The request body must be a LocalPost.') };
  const topicType = body.topicType;
  if (typeof topicType !== 'string' || !TOPIC_TYPES.has(topicType)) {
    return { refused: invalidArgument('topic_type', 'topic_type is required: STANDARD, EVENT or OFFER.') };
  }
  const summary = body.summary === undefined ? '' : body.summary;
  if (typeof summary !== 'string')
    return { refused: invalidArgument('summary', 'summary must be a string.') };
  const max = platformRules.google_business.maxLength;
  if ([...summary].length > max) {
    return { refused: invalidArgument('summary', `summary must be at most ${max} characters.`) };
  }
  const media = body.media === undefined ? [] : body.media;
  if (!Array.isArray(media)) return { refused: invalidArgument('media', 'media must be a list.') };
  if (media.length > 1) return { refused: invalidArgument('media', 'A local post takes at most one photo.') };
  const [item] = media as unknown[];
  let sourceUrl: string | null = null;
  if (item !== undefined) {
    if (!isRecord(item)) return { refused: invalidArgument('media[0]', 'media items must be MediaItems.') };
    if (item.mediaFormat === 'VIDEO') {
      return {
        refused: invalidArgument('media[0].media_format', 'Videos are not supported in local posts.'),
      };
    }
    if (item.mediaFormat !== 'PHOTO') {
      return { refused: invalidArgument('media[0].media_format', 'media_format must be PHOTO.') };
    }
    if (!isWebUrl(item.sourceUrl)) {
      return {
        refused: invalidArgument(
          'media[0].source_url',
          'source_url is the only supported data field and must be a URL.',
        ),
      };
    }
    sourceUrl = item.sourceUrl;
  }
  if (topicType === 'STANDARD' && summary.trim() === '' && !sourceUrl) {
    return { refused: invalidArgument('summary', 'A STANDARD post needs a summary or a photo.') };
  }
  let event: CheckedLocalPost['event'] = null;
  if (topicType === 'EVENT' || topicType === 'OFFER') {
    if (!isRecord(body.event))
      return { refused: invalidArgument('event', `event is required for ${topicType}.`) };
    const { title, schedule } = body.event;
    if (typeof title !== 'string' || title.trim() === '' || [...title].length > GOOGLE_BUSINESS_TITLE_MAX) {
      return {
        refused: invalidArgument(
          'event.title',
          `event.title is required, at most ${GOOGLE_BUSINESS_TITLE_MAX} characters.`,
        ),
      };
    }
    if (!isRecord(schedule))
      return { refused: invalidArgument('event.schedule', 'event.schedule is required.') };
    const start = dateKey(schedule.startDate);
    const end = dateKey(schedule.endDate);
    const startTime = timeKey(schedule.startTime);
    const endTime = timeKey(schedule.endTime);
    if (start === null || end === null || startTime === null || endTime === null) {
      return {
        refused: invalidArgument('event.schedule', 'The schedule needs a valid start_date and end_date.'),
      };
    }
    if (end * 1440 + endTime <= start * 1440 + startTime) {
      return { refused: invalidArgument('event.schedule', 'The event must end after it starts.') };
    }
    event = { title, schedule };
  }
  let offer: CheckedLocalPost['offer'] = null;
  if (body.offer !== undefined) {
    if (topicType !== 'OFFER' || !isRecord(body.offer)) {
      return { refused: invalidArgument('offer', 'offer is only for topic type OFFER.') };
    }
    const { couponCode, redeemOnlineUrl, termsConditions } = body.offer;
    if (redeemOnlineUrl !== undefined && !isWebUrl(redeemOnlineUrl)) {
      return { refused: invalidArgument('offer.redeem_online_url', 'redeem_online_url must be a URL.') };
    }
    offer = {
      ...(typeof couponCode === 'string' ? { couponCode } : {}),
      ...(typeof redeemOnlineUrl === 'string' ? { redeemOnlineUrl } : {}),
      ...(typeof termsConditions === 'string' ? { termsConditions } : {}),
    };
  }
  let callToAction: CheckedLocalPost['callToAction'] = null;
  // "Ignored for topic type OFFER" (LocalPost.callToAction).
  if (body.callToAction !== undefined && topicType !== 'OFFER') {
    const action = body.callToAction;
    if (!isRecord(action) || typeof action.actionType !== 'string' || !ACTION_TYPES.has(action.actionType)) {
      return {
        refused: invalidArgument('call_to_action.action_type', 'action_type must be a known ActionType.'),
      };
    }
    if (action.actionType !== 'CALL' && !isWebUrl(action.url)) {
      return {
        refused: invalidArgument('call_to_action.url', `A ${action.actionType} button needs its url.`),
      };
    }
    callToAction =
      action.actionType === 'CALL'
        ? { actionType: 'CALL' }
        : { actionType: action.actionType, url: action.url as string };
  }
  const languageCode = typeof body.languageCode === 'string' ? body.languageCode : null;
  return {
    post: {
      kind: 'local-post',
      summary,
      topicType: topicType as CheckedLocalPost['topicType'],
      languageCode,
      callToAction,
      event,
      offer,
      sourceUrl,
    },
  };
}

/** A stored local post as Google's LocalPost JSON. */
export function localPostJson(row: SandboxPost, appUrl: string, now = Date.now()): Record<string, unknown> {
  const entry = localPostOf(row);
  const state = stateOf(entry, now);
  const created = row.createdAt.toISOString();
  return {
    name: row.externalId,
    ...(entry.languageCode ? { languageCode: entry.languageCode } : {}),
    summary: row.text,
    ...(entry.callToAction ? { callToAction: entry.callToAction } : {}),
    createTime: created,
    updateTime: created,
    ...(entry.event ? { event: entry.event } : {}),
    state,
    ...(entry.sourceUrl
      ? {
          media: [
            {
              name: `${row.externalId.replace('/localPosts/', '/media/')}`,
              mediaFormat: 'PHOTO',
              googleUrl: entry.url ?? entry.sourceUrl,
              sourceUrl: entry.sourceUrl,
            },
          ],
        }
      : {}),
    ...(state === 'LIVE' ? { searchUrl: `${appUrl}${GBP_BASE_PATH}/posts/${postIdOf(row.externalId)}` } : {}),
    topicType: entry.topicType,
    ...(entry.offer ? { offer: entry.offer } : {}),
  };
}

export const postIdOf = (name: string) => name.split('/').pop() ?? name;

/**
 * What Google's review refuses after a post is made (it goes REJECTED, it is not refused on
 * create): a phone number in the summary ("Google will reject all posts containing phone
 * numbers", ayrshare.com/docs/apis/post/social-networks/google).
 */
export function reviewRefusal(summary: string): string | null {
  return findPhoneNumber(summary) ? 'The post contains a phone number.' : null;
}
