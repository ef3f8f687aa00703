import { isIP } from 'node:net';
import { z } from 'zod';

/*
 * TRUST_PROXY (decision 030): which forwarders' X-Forwarded-For is believed, as config.ts reads it
 * and as Fastify is given it. The client address it yields feeds rate limits, logs and sessions.
 */

export type TrustProxy = boolean | number | string[];

/** An IPv4/IPv6 address, optionally with a CIDR prefix length that fits its family. */
function isAddressOrCidr(entry: string) {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: `true`, `false`, a hop count (`1`), or a comma-separated list of IPs and CIDRs. */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 32) return hops;
  } else {
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.length > 0 && entries.every(isAddressOrCidr)) return entries;
  }
  ctx.addIssue({
    code: 'custom',
    message: 'must be true, false, a hop count from 1 to 32, or a comma-separated list of IPs or CIDRs',
  });
  return z.NEVER;
}

/**
 * Fastify 5.12 treats a numeric trustProxy as "trust nobody" (it cannot check the peer), so a
 * hop count is our own trust function: the connecting peer and the next hops-1 forwarders are
 * proxies, the address before them is the client's (decision 030: the origin must be reachable
 * only through those proxies, as with `true`).
 */
export function fastifyTrustProxy(trust: TrustProxy) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
