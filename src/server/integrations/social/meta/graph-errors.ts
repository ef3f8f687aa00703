/*
 * Failures of Meta's Graph-style APIs, as Instagram (graph.instagram.com) and Threads
 * (graph.threads.net) answer them: the Graph error object `{"error":{"message","type","code",
 * "error_subcode","is_transient","error_user_title","error_user_msg","fbtrace_id"}}`, its codes,
 * and the throttling headers. What each failure means stays with each network (its transform.ts).
 */

export interface HeaderReader {
  get(name: string): string | null;
}

/** What a Graph failure says, read leniently: any field may be missing. */
export interface GraphFailure {
  code?: number;
  subcode?: number;
  type?: string;
  transient: boolean;
  message?: string;
  userMessage?: string;
}

/** A string field of an answer: trimmed, or undefined when empty or not a string. */
export const graphText = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * A failed answer's body as a GraphFailure: a plain-text body is its message; an object without a
 * Graph `error` object is read by `readOther` when given (another shape the network's token
 * endpoint answers), else says nothing.
 */
export function readGraphFailure(
  body: unknown,
  readOther?: (record: Record<string, unknown>) => Pick<GraphFailure, 'type' | 'message'>,
): GraphFailure {
  const out: GraphFailure = { transient: false };
  if (typeof body === 'string') {
    if (body.trim()) out.message = body.trim().slice(0, 200);
    return out;
  }
  if (!body || typeof body !== 'object') return out;
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (error && typeof error === 'object') {
    const graph = error as Record<string, unknown>;
    out.code = number(graph.code);
    out.subcode = number(graph.error_subcode);
    out.type = graphText(graph.type);
    out.transient = graph.is_transient === true;
    out.message = graphText(graph.message);
    out.userMessage = graphText(graph.error_user_msg);
    return out;
  }
  if (readOther) Object.assign(out, readOther(record));
  return out;
}

/**
 * What a failure says for the user (its user message, else its message, else its type, else the
 * HTTP status) and its codes as ` (code 100/33)`, empty when there are none.
 */
export function failureWords(said: GraphFailure, status: number): { reason: string; codes: string } {
  const reason = said.userMessage ?? said.message ?? said.type ?? `HTTP ${status}`;
  const codes =
    said.code === undefined ? '' : ` (code ${said.code}${said.subcode ? `/${said.subcode}` : ''})`;
  return { reason, codes };
}

/** Meta-wide throttling codes: app (4), user (17), API-level (32), per-call (613) (Mixpost, platforms.md). */
export const META_THROTTLE_CODES: readonly number[] = [4, 17, 32, 613];
/** The access token is invalid or expired (190), or the session is (102). */
export const TOKEN_INVALID_CODES: ReadonlySet<number> = new Set([190, 102]);
/** "Object with ID … does not exist, cannot be loaded due to missing permissions" (code 100). */
export const OBJECT_UNREACHABLE_SUBCODE = 33;
/** The content publishing errors: subcodes 2207000 to 2207999. */
export const isMediaSubcode = (subcode: number | undefined) =>
  subcode !== undefined && subcode >= 2_207_000 && subcode <= 2_207_999;

/**
 * When a throttled caller may come back: `x-business-use-case-usage` (JSON, minutes in
 * `estimated_time_to_regain_access`), else `retry-after` (seconds), else unknown.
 */
export function throttleResetFrom(headers: HeaderReader, now: Date): Date | null {
  const usage = headers.get('x-business-use-case-usage');
  if (usage) {
    try {
      const parsed = JSON.parse(usage) as Record<
        string,
        Array<{ estimated_time_to_regain_access?: unknown }>
      >;
      const minutes = Object.values(parsed)
        .flat()
        .map((entry) => Number(entry?.estimated_time_to_regain_access))
        .filter((value) => Number.isFinite(value) && value > 0);
      if (minutes.length > 0) return new Date(now.getTime() + Math.max(...minutes) * 60_000);
    } catch {
      // A header we cannot read says nothing.
    }
  }
  const retryAfter = Number(headers.get('retry-after'));
  if (headers.get('retry-after') && Number.isFinite(retryAfter) && retryAfter >= 0) {
    return new Date(now.getTime() + retryAfter * 1000);
  }
  return null;
}
