import type { FastifyRequest } from 'fastify';
import type {
  FaultAnswers,
  FaultCheck,
  SimulatedAnswer,
  SimulatedCallKind,
  simulatedApi,
} from './sandbox-faults';
import type { SandboxAccount } from './sandbox-store';

/*
 * How the pretend YouTube says things. Errors are Google's JSON error shape,
 * `{error: {code, message, errors: [{message, domain, reason}], status?}}`, with the reasons of
 * developers.google.com/youtube/v3/docs/errors and each method's "Errors" section.
 */

export const YT_LABEL = 'YouTube';
export const YT_LOGO = '▶';
export const YT_BASE_PATH = '/sandbox/youtube';
/** `https://www.googleapis.com`: the Data API under /youtube/v3, uploads under /upload/youtube/v3. */
export const YT_API_PATH = `${YT_BASE_PATH}/api`;

/**
 * The YouTube scopes with Google's own texts (developers.google.com/identity/protocols/oauth2/scopes#youtube).
 */
export const YT_SCOPES: Record<string, string> = {
  'https://www.googleapis.com/auth/youtube': 'Manage your YouTube account',
  'https://www.googleapis.com/auth/youtube.force-ssl':
    'See, edit, and permanently delete your YouTube videos, ratings, comments and captions',
  'https://www.googleapis.com/auth/youtube.readonly': 'View your YouTube account',
  'https://www.googleapis.com/auth/youtube.upload': 'Manage your YouTube videos',
  'https://www.googleapis.com/auth/youtubepartner':
    'View and manage your assets and associated content on YouTube',
};
const scope = (name: string) => `https://www.googleapis.com/auth/${name}`;
/** The scopes each method accepts, any one of them (the "Authorization" section of each method's page). */
export const READ_SCOPES = ['youtube.readonly', 'youtube', 'youtube.force-ssl', 'youtubepartner'].map(scope);
export const UPLOAD_SCOPES = ['youtube.upload', 'youtube', 'youtube.force-ssl', 'youtubepartner'].map(scope);

/** A channel id: `UC` and 22 characters. */
export const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** A video id: 11 characters of base64url. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** How long the pretend YouTube processes an uploaded video. */
export const YT_PROCESSING_MS = 500;

export function ytError(
  status: number,
  reason: string,
  message: string,
  domain = 'youtube.api',
  extra: Record<string, unknown> = {},
): SimulatedAnswer {
  return {
    status,
    body: { error: { code: status, message, errors: [{ message, domain, reason }], ...extra } },
  };
}

export const authError = () =>
  ytError(
    401,
    'authError',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    'global',
    { status: 'UNAUTHENTICATED' },
  );
export const insufficientScope = () =>
  ytError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', 'global', {
    status: 'PERMISSION_DENIED',
  });
/** The project's daily units are spent (developers.google.com/youtube/v3/getting-started#quota). */
export const quotaExceeded = () =>
  ytError(
    403,
    'quotaExceeded',
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    'youtube.quota',
  );
export const badRequest = (reason: string, message: string, domain = 'youtube.video') =>
  ytError(400, reason, message, domain);
export const notFound = (reason: string, message: string, domain = 'youtube.video') =>
  ytError(404, reason, message, domain);

/** YouTube's throttling of an app is its quota: the `rate-limit` fault answers quotaExceeded. */
export const youtubeFaults: FaultAnswers = {
  rateLimited: quotaExceeded,
  unauthorized: authError,
  unavailable: () => ytError(503, 'backendError', 'Backend Error', 'global'),
  internalError: () => ytError(500, 'backendError', 'Backend Error', 'global'),
};

export interface YouTubeCaller {
  account: SandboxAccount;
  scopes: string[];
}

/** A Data API route: the Bearer token, any of the scopes the method accepts, faults. */
export type YouTubeRoute = (
  scopes: string[],
  kind: SimulatedCallKind,
  handle: (request: FastifyRequest, caller: YouTubeCaller, check: FaultCheck) => Promise<SimulatedAnswer>,
  withoutData?: (answer: SimulatedAnswer) => SimulatedAnswer,
) => ReturnType<typeof simulatedApi>;
