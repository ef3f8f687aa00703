import { describeError, errorLine } from './describe-error';

/**
 * The identity provider's discovery document (OpenID Connect Discovery 1.0 §4), read in the
 * background: at start, then again with backoff while it fails, until it is read once. Single
 * sign-on is offered only once it has been (better-auth builds its provider from the same
 * document), and /api/health reports it without a network call of its own.
 */
export type DiscoveryState =
  | { status: 'ok' }
  | { status: 'unreachable'; detail: string; retryInSeconds: number };

export interface ProviderEndpoints {
  tokenEndpoint: string;
  userinfoEndpoint: string | undefined;
}

export interface ProviderDiscovery {
  state(): DiscoveryState;
  /**
   * The state once the attempt in flight (if any) has finished. A person asking while the last
   * attempt is older than `eagerRetryMs` starts the next one now rather than at its backoff time.
   */
  settled(): Promise<DiscoveryState>;
  /** The endpoints the code exchange uses; undefined until the document has been read. */
  endpoints(): ProviderEndpoints | undefined;
  /** Something found the provider missing after all: read the document again, with backoff. */
  reportFailure(cause: unknown): void;
  stop(): void;
}

export interface ProviderDiscoveryOptions {
  issuer: string;
  timeoutMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Backoff between failed attempts: doubles from `initialMs` up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number };
  eagerRetryMs?: number;
}

const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 60_000 };

export function discoveryUrlOf(issuer: string) {
  return `${issuer}/.well-known/openid-configuration`;
}

export function watchProviderDiscovery(options: ProviderDiscoveryOptions): ProviderDiscovery {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const eagerRetryMs = options.eagerRetryMs ?? 5000;
  const url = discoveryUrlOf(options.issuer);
  let endpoints: ProviderEndpoints | undefined;
  let failure: { detail: string; nextAttemptAt: number } | undefined = {
    detail: "The identity provider's discovery document has not been read yet.",
    nextAttemptAt: Date.now(),
  };
  let failures = 0;
  let lastAttemptEndedAt = 0;
  let inFlight: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const state = (): DiscoveryState =>
    failure
      ? {
          status: 'unreachable',
          detail: failure.detail,
          retryInSeconds: Math.max(1, Math.ceil((failure.nextAttemptAt - Date.now()) / 1000)),
        }
      : { status: 'ok' };

  function attempt(): Promise<void> {
    if (inFlight) return inFlight;
    if (timer) clearTimeout(timer);
    timer = undefined;
    inFlight = readDocument(url, options.timeoutMs)
      .then(
        (found) => {
          endpoints = found;
          if (failures > 0)
            options.log.info(
              { issuer: options.issuer },
              'single sign-on: the identity provider answers again',
            );
          failure = undefined;
          failures = 0;
        },
        (error: unknown) => {
          failures++;
          const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** (failures - 1));
          failure = {
            detail: `The identity provider's discovery document (${url}) cannot be read: ${errorLine(error)}`,
            nextAttemptAt: Date.now() + delay,
          };
          options.log.warn(
            {
              issuer: options.issuer,
              cause: describeError(error),
              attempt: failures,
              retryInSeconds: delay / 1000,
            },
            'single sign-on is unavailable: the identity provider does not answer its discovery document',
          );
          if (!stopped) {
            timer = setTimeout(() => void attempt(), delay);
            timer.unref();
          }
        },
      )
      .finally(() => {
        lastAttemptEndedAt = Date.now();
        inFlight = undefined;
      });
    return inFlight;
  }

  void attempt();

  return {
    state,
    async settled() {
      if (failure && !inFlight && !stopped && Date.now() - lastAttemptEndedAt >= eagerRetryMs) void attempt();
      if (inFlight) await inFlight;
      return state();
    },
    endpoints: () => endpoints,
    reportFailure(cause) {
      if (failure || stopped) return;
      failures = 1;
      failure = {
        detail: `The identity provider could not be used: ${errorLine(cause)}`,
        nextAttemptAt: Date.now() + backoff.initialMs,
      };
      timer = setTimeout(() => void attempt(), backoff.initialMs);
      timer.unref();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** One GET of the discovery document within `timeoutMs`: its endpoints, or an error saying what failed. */
async function readDocument(url: string, timeoutMs: number): Promise<ProviderEndpoints> {
  const response = await fetchWithin(
    url,
    { headers: { accept: 'application/json' } },
    timeoutMs,
    'the provider',
  );
  if (!response.ok) throw new Error(`it answered HTTP ${response.status}`);
  const document = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const tokenEndpoint = document?.token_endpoint;
  if (typeof document?.authorization_endpoint !== 'string' || typeof tokenEndpoint !== 'string') {
    throw new Error('its document names no authorization_endpoint or token_endpoint');
  }
  const userinfo = document.userinfo_endpoint;
  return { tokenEndpoint, userinfoEndpoint: typeof userinfo === 'string' ? userinfo : undefined };
}

/**
 * fetch with a deadline covering the answer's body too (the signal aborts the body stream:
 * https://developer.mozilla.org/en-US/docs/Web/API/AbortSignal/timeout_static). A timeout
 * throws an Error saying which call ran out of time and after how long.
 */
export async function fetchWithin(url: string, init: RequestInit, timeoutMs: number, what: string) {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal });
    // Read the body under the same deadline, then hand back a response whose body is in memory.
    const body = await response.arrayBuffer();
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    if (signal.aborted) {
      throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`, { cause: error });
    }
    throw error;
  }
}
