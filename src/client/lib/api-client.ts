import type { z } from 'zod';

/**
 * A non-OK answer. `message` follows the spec (§7): `${status}: ${responseText || statusText}`;
 * `body` keeps the parsed JSON, so screens can show the server's own message and a 400's issues.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body, or null when there was none. */
  readonly body: unknown;

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
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
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

/** The JSON body of an answer whatever its status (the login calls read refusals too). */
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

/** `message` of an error body, else the first validation issue's message. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { message?: unknown; issues?: unknown };
  if (typeof record.message === 'string' && record.message.length > 0) return record.message;
  if (Array.isArray(record.issues)) {
    const first = record.issues[0] as { message?: unknown } | undefined;
    if (first && typeof first.message === 'string') return first.message;
  }
  return undefined;
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** The 400 issues of a failed call, `[]` for anything else. */
export function failureIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError)) return [];
  const issues = (error.body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    return [{ path: typeof path === 'string' ? path : '', message }];
  });
}

/** The text to show for a failed call: the server's message, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return messageOf(error.body) ?? fallback;
  if (error instanceof TypeError) return NETWORK_ERROR_MESSAGE;
  return fallback;
}

/** The HTTP status of a failed call, or undefined for a network error. */
export function failureStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
