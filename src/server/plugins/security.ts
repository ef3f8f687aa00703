import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A state-changing request from a browser page on another origin is refused. Same origin means
 * the app's public origin (APP_URL) or the Host the request was sent to. A request without an
 * Origin header (curl, server to server) carries no browser cookies by accident, so it passes.
 */
export function isForeignOrigin(origin: string | undefined, host: string | undefined, appUrl: string) {
  if (!origin) return false;
  if (origin === 'null') return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return true;
  }
  if (parsed.origin === appUrl) return false;
  return !(host && parsed.host === host);
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.isProduction,
    // The OAuth popup (social accounts) must be able to message its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (isForeignOrigin(request.headers.origin, request.headers.host, config.appUrl)) {
      request.log.warn({ origin: request.headers.origin }, 'refused a cross-origin request');
      return reply.status(403).send({ error: 'Forbidden', message: 'Cross-origin request refused.' });
    }
  });
}
