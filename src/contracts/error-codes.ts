// No zod here: the client's API helper (on the landing's first load) needs the codes, not the
// schemas; the answer's schema is errors.ts.

/**
 * Every error code the API answers with, and its HTTP status (decision 049). A closed set: the
 * general kinds, one per status, plus a few specific codes where a screen acts differently on
 * them (the profile form puts `email_taken` under the email field; the payment panel explains
 * `already_subscribed` and `billing_off` instead of failing). A client branches on `code`, never
 * on a raw status; `message` is the text to show (the spec's wording where it prescribes one).
 * A code is never renamed or reused: add a new one.
 */
export const errorCodes = [
  'validation_failed',
  'bad_request',
  'unauthorized',
  'plan_limit',
  'payment_failed',
  'forbidden',
  'not_found',
  'conflict',
  'email_taken',
  'already_subscribed',
  'confirmation_required',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'rate_limited',
  'internal',
  'upstream_failed',
  'service_unavailable',
  'billing_off',
  'database_unavailable',
  'upstream_timeout',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Each code's HTTP status; the client needs only the names above (the landing's first load). */
export const errorStatuses: Record<ErrorCode, number> = {
  /** The request does not match its contract: `issues` says where. */
  validation_failed: 400,
  /** Well-formed, but not something the server can do (a malformed JSON body, a wrong signature). */
  bad_request: 400,
  unauthorized: 401,
  /** A plan's limit (accounts, team, a feature) or the month's credits: an upgrade lifts it. */
  plan_limit: 402,
  /** The card payment was declined. */
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  /** The state does not allow it (already done, changed meanwhile, the last owner). */
  conflict: 409,
  email_taken: 409,
  already_subscribed: 409,
  /**
   * It may be done already (Kitepost lost track of a step it sent): the user confirms
   * (`confirm: true`) before it is done again.
   */
  confirmation_required: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  /** Too many requests: the `retry-after` header says when to try again. */
  rate_limited: 429,
  internal: 500,
  /** An outside provider (the AI writer, the payment provider, storage) failed. */
  upstream_failed: 502,
  /** A feature this server is not set up for, or an outside service that is down. */
  service_unavailable: 503,
  /** Paid plans are off on this server (no billing provider configured). */
  billing_off: 503,
  /** The database does not answer (a restart or failover): try again in a few seconds. */
  database_unavailable: 503,
  upstream_timeout: 504,
};

/** The statuses that carry `code`: every 4xx and 5xx one of the table above. */
export const codesOfStatus = (status: number): ErrorCode[] =>
  errorCodes.filter((code) => errorStatuses[code] === status);
