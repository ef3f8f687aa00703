import type { z } from 'zod';
import { type ErrorCode, errorCodes } from '../../contracts/error-codes';

/**
 * A non-OK answer. `message` follows the spec (§7): `${status}: ${responseText || statusText}`;
 * `body` keeps the parsed JSON, so screens can show the server's own message and a 400's issues;
 * `code` is the server's error code (src/contracts/errors.ts), what screens branch on.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body, or null when there was none. */
  readonly body: unknown;
  /** The body's `error.code`; undefined when the answer did not come from the API (a proxy's page). */
  readonly code: ErrorCode | undefined;

  constructor(status: number, statusText: string, responseText: string) {
    super(`${status}: ${responseText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    let body: unknown = null;
    try {
      body = responseText ? JSON.parse(responseText) : null;
    } catch {
      body = null;
    }
    this.body = body;
    this.code = codeOf(body);
  }
}

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

/** The `error.code` of an error body (`{ error: { code, message } }`), if it is one of ours. */
export function codeOf(body: unknown): ErrorCode | undefined {
  const code = errorOf(body)?.code;
  return typeof code === 'string' && knownCodes.has(code) ? (code as ErrorCode) : undefined;
}

function errorOf(
  body: unknown,
): { code?: unknown; message?: unknown; issues?: unknown; reason?: unknown } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error } = body as { error?: unknown };
  return typeof error === 'object' && error !== null ? error : null;
}

export function isUnauthorized(error: unknown): boolean {
  return failureCode(error) === 'unauthorized';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function send(method: Method, url: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Sends a request and returns the JSON body; any non-OK answer throws an ApiError. */
export async function apiFetchJson(method: Method, url: string, body?: unknown): Promise<unknown> {
  const response = await send(method, url, body);
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  return response.json();
}

/** Sends a request whose answer has no body (204); any non-OK answer throws an ApiError. */
export async function apiSend(method: Method, url: string, body?: unknown): Promise<void> {
  const response = await send(method, url, body);
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
}

/** Like apiFetchJson, and parses the answer with the contract's schema. */
export async function apiRequest<T extends z.ZodType>(
  method: Method,
  url: string,
  schema: T,
  body?: unknown,
): Promise<z.infer<T>> {
  return schema.parse(await apiFetchJson(method, url, body));
}

/** Spec §8: what a call says when the server cannot be reached. */
export const NETWORK_ERROR_MESSAGE = 'Network error or server unavailable';

export interface RawAnswer {
  status: number;
  body: unknown;
}

/** Posts JSON and reads the body whatever the status. Throws only when the network fails. */
export async function postForAnswer(url: string, body: unknown): Promise<RawAnswer> {
  const response = await send('POST', url, body);
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed };
}

/**
 * The message to show from an answer: an error body's `error.message` (its first validation
 * issue's for a 400), or the login calls' `{success, user, message}` message.
 */
export function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = errorOf(body);
  if (error) {
    const [first] = issuesOf(error.issues);
    if (error.code === 'validation_failed' && first) return first.message;
    if (typeof error.message === 'string' && error.message.length > 0) return error.message;
    return first?.message;
  }
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message.length > 0 ? message : undefined;
}

function issuesOf(issues: unknown): FieldIssue[] {
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    return [{ path: typeof path === 'string' ? path : '', message }];
  });
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** The 400 issues of a failed call, `[]` for anything else. */
export function failureIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError)) return [];
  return issuesOf(errorOf(error.body)?.issues);
}

/** With a fixed message, the server's why (`error.reason`), when it gave one. */
export function failureReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const reason = errorOf(error.body)?.reason;
  return typeof reason === 'string' && reason.length > 0 ? reason : undefined;
}

/** The text to show for a failed call: the server's message, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return messageOf(error.body) ?? fallback;
  if (error instanceof TypeError) return NETWORK_ERROR_MESSAGE;
  return fallback;
}

/** The error code of a failed call, or undefined for a network error or a body not from the API. */
export function failureCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
