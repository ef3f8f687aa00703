import { randomInt } from 'node:crypto';
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
 * How the pretend Pinterest says things. Every error is `{code, message}` (pinterest/api-description
 * v5/openapi.json v5.23.0 `Error` / `Pinterest.Lib.Error`, platforms.md P1) under the documented
 * statuses (400, 401, 403, 404, 429). The `code` numbers Pinterest puts in them are not listed in
 * the description: the ones below are UNCONFIRMED, the statuses are what the adapter reads.
 */

export const PIN_LABEL = 'Pinterest';
export const PIN_LOGO = 'P';
export const PIN_BASE_PATH = '/sandbox/pinterest';
/** `https://www.pinterest.com/oauth/` (P1 `securitySchemes.pinterest_oauth2.authorizationUrl`). */
export const PIN_AUTHORIZE_PATH = `${PIN_BASE_PATH}/oauth/`;
/** `https://api.pinterest.com/v5`. */
export const PIN_API_PATH = `${PIN_BASE_PATH}/api/v5`;

export const PIN_CODE_SECONDS = 600;
/** Access tokens live 30 days (`expires_in: 2592000`; platforms.md: UNCONFIRMED beyond examples). */
export const PIN_ACCESS_SECONDS = 30 * 86_400;
/** Continuous refresh tokens: 60 days, refreshable indefinitely (P1 `/oauth/token`). */
export const PIN_REFRESH_SECONDS = 60 * 86_400;

/** The scopes of P1 `securitySchemes.pinterest_oauth2`, with their own texts, that Kitepost may ask. */
export const PIN_SCOPES: Record<string, string> = {
  'boards:read': 'See your public boards, including group boards you join',
  'boards:read_secret': 'See your secret boards',
  'boards:write': 'Create, update, or delete your public boards',
  'boards:write_secret': 'Create, update, or delete your secret boards',
  'pins:read': 'See your public Pins',
  'pins:read_secret': 'See your secret Pins',
  'pins:write': 'Create, update, or delete your public Pins',
  'pins:write_secret': 'Create, update, or delete your secret Pins',
  'user_accounts:read': 'See your user accounts and followers',
};

/** Pinterest usernames: 3 to 30 letters, digits or underscores (help.pinterest.com, "Edit your username"; UNCONFIRMED). */
export const PIN_USERNAME = /^[A-Za-z0-9_]{3,30}$/;
export const PIN_USERNAME_RULE = '3 to 30 letters, digits or underscores.';

/** Pinterest ids are digit strings (`^\d+$` throughout P1), 18 digits as in its examples. */
export const newPinterestId = () =>
  `${randomInt(100_000, 999_999)}${Date.now().toString().slice(-7)}${randomInt(10_000, 99_999)}`;
export const PIN_ID = /^\d{1,24}$/;

export const pinError = (status: number, code: number, message: string): SimulatedAnswer => ({
  status,
  body: { code, message },
});

export const authFailed = () => pinError(401, 2, 'Authentication failed.');
export const notAuthorized = (message = 'Not authorized to access board or Pin.') =>
  pinError(403, 3, message);
export const notFound = (message: string) => pinError(404, 4, message);
export const invalidRequest = (message: string) => pinError(400, 1, message);
/** The token endpoint's refusals (P1 `/oauth/token` `default` → `Error`). */
export const oauthRefused = (message: string) => pinError(400, 1, message);

export const pinterestFaults: FaultAnswers = {
  // P1 documents 429 "The user has sent too many requests"; the reset header is not documented.
  rateLimited: () => pinError(429, 8, 'You have exceeded your rate limit. Try again later.'),
  unauthorized: authFailed,
  unavailable: () => pinError(503, 503, 'Service Unavailable'),
  internalError: () => pinError(500, 500, 'Internal Server Error'),
};

interface PinterestCaller {
  account: SandboxAccount;
  scopes: string[];
}

/** A v5 route: the Bearer token, the scopes the operation's `security` names (P1), faults. */
export type PinterestRoute = (
  scopes: string[],
  kind: SimulatedCallKind,
  handle: (request: FastifyRequest, caller: PinterestCaller, check: FaultCheck) => Promise<SimulatedAnswer>,
  withoutData?: (answer: SimulatedAnswer) => SimulatedAnswer,
) => ReturnType<typeof simulatedApi>;
