import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { sendError } from '../lib/send-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The page is shown inside the OAuth popup (social accounts): it is served with
     * `Cross-Origin-Opener-Policy: unsafe-none`, see registerSecurity.
     */
    popup?: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A state-changing request from a browser page on another origin is refused. Same origin means
 * the app's public origin (APP_URL); outside production also the Host the request was sent to
 * (a dev server or a test on another port). In production the Host is not trusted for this: a
 * page on a name that resolves to this server (DNS rebinding, a stray vhost) sends its own name
 * as both Origin and Host. A request without an Origin header (curl, server to server) carries
 * no browser cookies by accident, so it passes.
 */
export function isForeignOrigin(
  origin: string | undefined,
  host: string | undefined,
  /** APP_URL's origin: scheme, host and port, no path. */
  appOrigin: string,
  options: { trustHost: boolean } = { trustHost: true },
) {
  if (!origin) return false;
  if (origin === 'null') return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return true;
  }
  if (parsed.origin === appOrigin) return false;
  return !(options.trustHost && host && parsed.host === host);
}

/**
 * The headers helmet sets, computed once: with no per-request parts (no CSP nonces) they are the
 * same for every answer, and running helmet's middleware per request (what @fastify/helmet does)
 * cost about 6% of the signed-in list's throughput (npm run bench:api).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Stripe.js and its Payment Element, as Stripe's integration security guide lists them
 * (docs.stripe.com/security/guide#content-security-policy): the script and its frames from
 * js.stripe.com (and its subdomains), 3-D Secure and redirects through hooks.stripe.com, calls
 * to api.stripe.com. Allowed only when Stripe billing is configured; the sandbox needs nothing.
 */
const stripeSources = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;

export function contentSecurityDirectives(
  config: Pick<Config, 'isProduction'> & { billing: Pick<Config['billing'], 'stripe'> },
): Record<string, string[]> {
  const stripe = config.billing.stripe !== undefined;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(stripe ? stripeSources.scriptSrc : [])],
    // Radix positions popovers with inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(stripe ? stripeSources.connectSrc : [])],
    ...(stripe ? { frameSrc: ["'self'", ...stripeSources.frameSrc] } : {}),
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
  };
}

export function registerSecurity(app: FastifyInstance, config: Config) {
  const options = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    hsts: config.isProduction,
    // The app's pages keep a popup they open (the OAuth popup) in their browsing context group.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // With 'no-referrer' (helmet's default) Chromium sends `Origin: null` on a same-origin form
    // POST, which the Origin check below must refuse; 'same-origin' keeps referrers in-house.
    referrerPolicy: { policy: 'same-origin' },
  } as const;
  const headers = securityHeaders(options);
  /*
   * The OAuth popup goes to the platform's origin and back. Any COOP but `unsafe-none` on a page of
   * ours inside it (the redirect out, the callback, the account choice) differs from the
   * platform's page before it, so Chromium moves the popup to a new browsing context group: the
   * callback has no `window.opener` and the opener sees the popup as closed (HTML spec, "check if
   * COOP values require a browsing context group switch"; web.dev/articles/why-coop-coep). Those
   * pages are served with `unsafe-none`; the popup also reports over a BroadcastChannel, for
   * platforms whose own pages send a COOP that severs the opener anyway (decision 040).
   */
  const popupHeaders = securityHeaders({ ...options, crossOriginOpenerPolicy: { policy: 'unsafe-none' } });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config?.popup ? popupHeaders : headers);
    done();
  });

  const appOrigin = new URL(config.appUrl).origin;
  const trustHost = !config.isProduction;
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (isForeignOrigin(request.headers.origin, request.headers.host, appOrigin, { trustHost })) {
      request.log.warn({ origin: request.headers.origin }, 'refused a cross-origin request');
      return sendError(reply, 'forbidden', 'Cross-origin request refused.');
    }
  });
}
