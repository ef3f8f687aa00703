import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { can } from '../../../../contracts/team';

/*
 * OAuth pieces every pretend platform shares. Each platform's simulator answers errors in its own
 * platform's shape; these helpers only decide.
 */

/** How a code's PKCE challenge is kept in `sandbox_grants.code_challenge`: method, colon, value. */
export function storedChallenge(challenge: string, method: 'S256' | 'plain'): string {
  return `${method}:${challenge}`;
}

/** RFC 7636 §4.6: does the verifier answer the challenge stored with the code? */
export function verifierMatches(stored: string | null, verifier: string | undefined): boolean {
  if (stored === null) return verifier === undefined || verifier === '';
  if (!verifier) return false;
  const colon = stored.indexOf(':');
  const method = stored.slice(0, colon);
  const challenge = stored.slice(colon + 1);
  const answer = method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return sameText(answer, challenge);
}

/** RFC 7636 §4.1: 43–128 unreserved characters. */
export const isValidChallenge = (value: string) => /^[A-Za-z0-9\-._~]{43,128}$/.test(value);

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The client id and secret of an `Authorization: Basic` header (RFC 6749 §2.3.1), if well formed. */
export function parseBasicAuth(
  header: string | undefined,
): { clientId: string; clientSecret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return part;
    }
  };
  return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) };
}

/**
 * The redirect URI as the pretend platform's app registration allows it: only the app's own
 * origin is a registered callback, so the sandbox is no open redirect for anyone's links.
 */
export function allowedRedirect(redirectUri: string | undefined, appUrl: string): URL | null {
  if (!redirectUri) return null;
  try {
    const url = new URL(redirectUri);
    return url.origin === appUrl && !url.hash ? url : null;
  } catch {
    return null;
  }
}

/** The redirect URI with these query parameters added (keeping any it already had). */
export function redirectWith(redirect: URL, params: Record<string, string>): string {
  const url = new URL(redirect);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The consent pages look up the Kitepost session ('optional': the page explains itself to a
 * visitor without one). The simulator is served by the app on its own origin (decision 013), so
 * "signed in to the pretend platform" is "signed in to Kitepost".
 */
export const CONSENT_ROUTE = { access: 'optional' } as const;

/**
 * Who signs in on a pretend platform's consent page: a member of a workspace whose role may
 * connect accounts. The sandbox identities offered, chosen and created there are that workspace's
 * (decision 036).
 */
export function consentingWorkspace(
  request: FastifyRequest,
): { workspaceId: string } | { status: 401 | 403; heading: string; refused: string } {
  const auth = request.auth;
  if (!auth) {
    return {
      status: 401,
      heading: 'Sign in to Kitepost first',
      refused:
        'Open Kitepost, sign in, and connect the account from there: a sandbox account belongs to the workspace that creates it.',
    };
  }
  if (!can(auth.user.workspace.role, 'accounts.manage')) {
    return {
      status: 403,
      heading: 'You cannot connect accounts here',
      refused: 'Your role in this workspace cannot connect social accounts. Ask its owner or an admin.',
    };
  }
  return { workspaceId: auth.workspaceId };
}

/** What a consent page says when the handle chosen is not the workspace's to use. */
export const HANDLE_TAKEN = 'That username is taken: choose another one.';
