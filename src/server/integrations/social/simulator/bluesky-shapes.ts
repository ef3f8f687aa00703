import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultAnswers, SimulatedAnswer, SimulatedCallKind } from './sandbox-faults';
import type { SandboxAccount } from './sandbox-store';

/*
 * How the pretend Bluesky speaks: XRPC errors `{error, message}` with the status the PDS gives
 * (atproto.com/specs/xrpc "Error Responses"; PDS auth-verifier and server handlers in
 * bluesky-social/atproto packages/pds), rate limits with `ratelimit-*` headers (docs.bsky.app
 * "Rate Limits"), session JWTs, DIDs and CIDs shaped like the real ones.
 */

export const BLUESKY_BASE_PATH = '/sandbox/bluesky';
export const XRPC = `${BLUESKY_BASE_PATH}/xrpc`;
export const BLUESKY_LOGO = '🦋';
export const BLUESKY_LABEL = 'Bluesky';

/**
 * Session lifetimes of the reference PDS (packages/pds account-manager/helpers/auth.ts): access
 * JWT 120 minutes, refresh JWT 90 days; an app-password session's scope is com.atproto.appPass.
 */
export const ACCESS_TTL_MS = 120 * 60_000;
export const REFRESH_TTL_MS = 90 * 24 * 60 * 60_000;
/** The grants' client id for sessions made with an app password; the app passwords themselves. */
export const SESSION_CLIENT = 'app-password-session';
export const APP_PASSWORD_CLIENT = 'app-password';

export const xrpcError = (
  status: number,
  error: string,
  message: string,
  headers?: Record<string, string>,
): SimulatedAnswer => ({
  status,
  body: { error, message },
  ...(headers ? { headers } : {}),
});

export const invalidRequest = (message: string, error = 'InvalidRequest') => xrpcError(400, error, message);

/**
 * The PDS's answers to a token it will not take: a missing one is 401 AuthenticationRequired, an
 * expired one 400 ExpiredToken "Token has expired", a bad or revoked one 400 InvalidToken.
 */
export const authRequired = () => xrpcError(401, 'AuthenticationRequired', 'Authentication Required');
export const expiredToken = () => xrpcError(400, 'ExpiredToken', 'Token has expired');
export const invalidToken = () => xrpcError(400, 'InvalidToken', 'Token could not be verified');

/** 429 RateLimitExceeded with the reset in epoch seconds (docs.bsky.app "Rate Limits"). */
export function rateLimited(resetAt: Date, limit = 5000): SimulatedAnswer {
  return xrpcError(429, 'RateLimitExceeded', 'Rate Limit Exceeded', {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(Math.ceil(resetAt.getTime() / 1000)),
    'ratelimit-policy': `${limit};w=3600`,
  });
}

export const blueskyFaults: FaultAnswers = {
  rateLimited: (resetAt) => rateLimited(resetAt),
  unauthorized: () => expiredToken(),
  unavailable: () => xrpcError(503, 'UpstreamFailure', 'Service Unavailable'),
  internalError: () => xrpcError(500, 'InternalServerError', 'Internal Server Error'),
};

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** A did:plc: 24 base32 characters (atproto.com/specs/did, did:plc identifiers). */
export const newDid = () => `did:plc:${base32(randomBytes(15)).slice(0, 24)}`;

/** A raw-codec CIDv1 of the bytes (sha-256), as a blob's ref (`bafkrei…`). */
export function blobCid(bytes: Uint8Array): string {
  const digest = createHash('sha256').update(bytes).digest();
  return `b${base32(new Uint8Array([0x01, 0x55, 0x12, 0x20, ...digest]))}`;
}

/** A dag-cbor CIDv1 (`bafyrei…`) standing for a record's CID: the same for the same record. */
export function recordCid(uri: string): string {
  const digest = createHash('sha256').update(uri).digest();
  return `b${base32(new Uint8Array([0x01, 0x71, 0x12, 0x20, ...digest]))}`;
}

/** A TID record key (atproto.com/specs/tid): 13 base32-sortable characters, microseconds first. */
export function newTid(now = Date.now()): string {
  const sortable = '234567abcdefghijklmnopqrstuvwxyz';
  let value = (BigInt(now) * 1000n + BigInt(randomInt(0, 1000))) * 1024n + BigInt(randomInt(0, 1024));
  let out = '';
  for (let i = 0; i < 13; i++) {
    out = sortable[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/** An app password as bsky.app shows one: four groups of four lower-case letters and digits. */
export function newAppPassword(): string {
  const chars = 'abcdefghijklmnopqrstuvwxyz234567';
  const group = () => Array.from({ length: 4 }, () => chars[randomInt(chars.length)]).join('');
  return `${group()}-${group()}-${group()}-${group()}`;
}

/** A JWT-shaped session token (the simulator keeps it as a grant; its signature is decoration). */
export function sessionJwt(input: { did: string; scope: string; expiresAt: Date; now: Date }): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = encode({
    typ: input.scope === 'com.atproto.refresh' ? 'refresh+jwt' : 'at+jwt',
    alg: 'HS256',
  });
  const payload = encode({
    scope: input.scope,
    sub: input.did,
    aud: 'did:web:sandbox.bluesky.kitepost',
    iat: Math.floor(input.now.getTime() / 1000),
    exp: Math.floor(input.expiresAt.getTime() / 1000),
    jti: randomBytes(16).toString('base64url'),
  });
  return `${header}.${payload}.${randomBytes(32).toString('base64url')}`;
}

/** A handle the simulator gives a new account: `name.bsky.social`, as bsky.social's users have. */
export function sandboxHandle(typed: string): string | null {
  const handle = typed.trim().replace(/^@/, '').toLowerCase();
  const full = handle.includes('.') ? handle : `${handle}.bsky.social`;
  // atproto.com/specs/handle: DNS labels, 253 characters at most, the last label not numeric.
  if (full.length > 253) return null;
  return /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/.test(full) ? full : null;
}

export interface BlueskyCaller {
  account: SandboxAccount;
}

/** A route of the XRPC API with a session: who calls, faults (header or armed), the answer. */
export type BlueskyRoute = (
  kind: SimulatedCallKind,
  handle: (request: FastifyRequest, caller: BlueskyCaller) => Promise<SimulatedAnswer>,
  /** The answer under the `no-data` fault (a metrics read while the AppView has no counts). */
  withoutData?: (answer: SimulatedAnswer) => SimulatedAnswer,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
