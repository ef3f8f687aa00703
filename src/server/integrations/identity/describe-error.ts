import { redactUrl } from '../../lib/log-redaction';

/**
 * An error as a log line can carry it. pino serializes an Error only under `err`, so better-auth's
 * `logger.error(message, error)` logged `args:[{}]` and the cause was lost (issue 19). This keeps
 * name, message, code, HTTP status and the chain of causes, and scrubs what could be a secret:
 * URLs' secret query values (code, state, tokens: redactUrl) and `name=value` pairs whose name
 * says secret. Client secrets, codes and tokens are never in the messages we write ourselves.
 */
export interface DescribedError {
  name?: string;
  message: string;
  code?: string;
  status?: number;
  cause?: DescribedError;
}

const SECRET_PAIR =
  /\b(client_secret|code_verifier|code|state|access_token|refresh_token|id_token|token|password|secret)=([^&\s"']+)/gi;

function scrub(text: string): string {
  return text
    .replace(/https?:\/\/[^\s"'<>]+/g, (url) => redactUrl(url))
    .replace(SECRET_PAIR, (_pair, name: string) => `${name}=[redacted]`);
}

export function describeError(error: unknown, depth = 0): DescribedError {
  if (error instanceof Error) {
    const extra = error as Error & { code?: unknown; status?: unknown };
    return {
      name: error.name,
      message: scrub(error.message),
      ...(typeof extra.code === 'string' ? { code: extra.code } : {}),
      ...(typeof extra.status === 'number' ? { status: extra.status } : {}),
      ...(error.cause !== undefined && depth < 4 ? { cause: describeError(error.cause, depth + 1) } : {}),
    };
  }
  if (error && typeof error === 'object') {
    // better-fetch's error objects: { status, statusText, error: <the body> }.
    const o = error as { status?: unknown; statusText?: unknown; error?: unknown; message?: unknown };
    const body = o.error && typeof o.error === 'object' ? (o.error as { error?: unknown }).error : o.error;
    const parts = [
      typeof o.status === 'number' ? `HTTP ${o.status}` : undefined,
      typeof o.statusText === 'string' ? o.statusText : undefined,
      typeof body === 'string' ? body : undefined,
      typeof o.message === 'string' ? o.message : undefined,
    ].filter(Boolean);
    return {
      message: scrub(parts.join(' ') || 'an error without a message'),
      ...(typeof o.status === 'number' ? { status: o.status } : {}),
    };
  }
  return { message: scrub(String(error)) };
}

/** better-auth's logger arguments made loggable: errors described, other values left as they are. */
export function describeLogArgs(args: unknown[]): unknown[] {
  return args.map((arg) => {
    if (arg instanceof Error) return describeError(arg);
    if (arg && typeof arg === 'object' && !Array.isArray(arg)) {
      // e.g. { providerId, error }: describe the errors it holds.
      return Object.fromEntries(
        Object.entries(arg).map(([key, value]) => [
          key,
          value instanceof Error ? describeError(value) : value,
        ]),
      );
    }
    return arg;
  });
}

/** The error and its causes on one line ("fetch failed: connect ECONNREFUSED 127.0.0.1:9"), scrubbed. */
export function errorLine(error: unknown): string {
  const messages: string[] = [];
  for (
    let described: DescribedError | undefined = describeError(error);
    described;
    described = described.cause
  ) {
    if (!messages.includes(described.message)) messages.push(described.message);
  }
  return messages.join(': ');
}
