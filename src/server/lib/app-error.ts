/** The product's error kinds; the error handler maps each to an HTTP status. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  payment_required: 402,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  /** An outside provider (e.g. the AI writer) failed or answered nonsense. */
  upstream_failed: 502,
  upstream_timeout: 504,
  /** A feature this server is not set up for (e.g. paid plans with billing off); says how to turn it on. */
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: {
      retryAfterSeconds?: number;
      /** Why, in words the UI shows under a fixed message (e.g. a refused account deletion). */
      reason?: string;
    } = {},
  ) {
    super(message);
  }
  get status(): number {
    return errorStatus[this.code];
  }
}
