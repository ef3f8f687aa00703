import { createHmac, timingSafeEqual } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import { type BetterAuthPlugin, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthEndpoint, isAPIError } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { accounts, passkeys, sessions, twoFactors, users, verifications } from '../../db/schema';
import { describeLogArgs } from './describe-error';
import { boundedStartupDiscovery, exchangeCodeWithin, readUserInfoWithin } from './oidc-exchange';
import { discoveryUrlOf, type ProviderDiscovery } from './provider-discovery';

/** Mount point of better-auth's own HTTP routes (only the OIDC callback is forwarded there). */
export const IDENTITY_BASE_PATH = '/api/identity';
export const OIDC_PROVIDER_ID = 'oidc';
/**
 * The only header better-auth reads a client address from (a session's ipAddress): set by
 * callerOf from Fastify's request.ip, never by the client (callerOf drops any they send).
 */
export const CLIENT_IP_HEADER = 'x-kitepost-client-ip';

export interface IdentityHooks {
  /** Fills the fields we own (names) on every user better-auth creates. */
  prepareNewUser(user: { name?: string; firstName?: string; lastName?: string }): Promise<{
    firstName: string;
    lastName: string;
  }>;
  /** Runs after better-auth created a user (sign-up, first OIDC login): the personal workspace. */
  onUserCreated(user: { id: string; firstName: string; lastName: string }): Promise<void>;
  /** Sessions are refused to inactive users, whatever path asks for one. */
  isUserActive(userId: string): Promise<boolean>;
  /** A password-reset token was made for this user: email them the link (1 hour, usable once). */
  sendPasswordReset(user: IdentityUser, token: string): Promise<void>;
  /** The password was reset with an emailed token. */
  onPasswordReset(user: IdentityUser): Promise<void>;
  /**
   * Email a confirmation link to `user.email`: the user's own address (sign-up, resend), or the
   * new address they asked to change to (then `user.email` is that new address).
   */
  sendEmailVerification(user: IdentityUser, token: string): Promise<void>;
}

/** The user as better-auth hands it to the hooks above. */
export interface IdentityUser {
  id: string;
  email: string;
  name: string;
}

/** How long the links we email work: a reset for 1 hour (issue 23), a confirmation for a day. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

/**
 * WebAuthn needs a domain as the relying party: browsers refuse an IP address. With APP_URL on
 * an IP (some local set-ups), passkeys are not offered (GET /api/auth/methods says so).
 */
export function passkeyRelyingParty(appUrl: string): { rpID: string; origin: string } | null {
  const url = new URL(appUrl);
  const host = url.hostname;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) return null;
  return { rpID: host, origin: url.origin };
}

export interface IdentityOptions {
  db: Db;
  appUrl: string;
  secret: string;
  secureCookies: boolean;
  oidc: { issuer: string; clientId: string; clientSecret: string; timeoutMs: number } | undefined;
  /** The provider's discovery document as the background watch last read it (with `oidc`). */
  discovery: ProviderDiscovery | undefined;
  hooks: IdentityHooks;
  log: { [level in 'debug' | 'info' | 'warn' | 'error']: (obj: object, msg: string) => void };
}

/**
 * A server-only endpoint (never on the HTTP router): signs in a user we already authenticated
 * ourselves (access code, admin code) with better-auth's own session and signed cookie.
 */
const serverSignIn = () =>
  ({
    id: 'kitepost-server-sign-in',
    endpoints: {
      signInUserById: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string().min(1) }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('UNAUTHORIZED', { message: 'Unknown user' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new APIError('UNAUTHORIZED', { message: 'Session refused' });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ sessionId: session.id as string, userId: user.id as string });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;

function splitName(name: string | undefined) {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

export function createIdentity(options: IdentityOptions) {
  const { hooks } = options;
  // generic-oauth is always installed (so its API is typed); without an issuer it has no provider.
  const { oidc, discovery } = options;
  const oidcProviders = oidc
    ? [
        {
          providerId: OIDC_PROVIDER_ID,
          discoveryUrl: discoveryUrlOf(oidc.issuer),
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          scopes: ['openid', 'profile', 'email'],
          pkce: true,
          // better-auth's own token and userinfo calls have no time limit: these are its calls
          // with one (OIDC_TIMEOUT_SECONDS); a failure lands on the error page as invalid_code.
          getToken: (data: { code: string; redirectURI: string; codeVerifier?: string | undefined }) =>
            exchangeCodeWithin({ ...oidc, endpoints: discovery?.endpoints() }, data),
          getUserInfo: (tokens: { idToken?: string | undefined; accessToken?: string | undefined }) =>
            readUserInfoWithin(
              { timeoutMs: oidc.timeoutMs, endpoints: discovery?.endpoints(), log: options.log },
              tokens,
            ),
          mapProfileToUser: (profile: { name?: string; given_name?: unknown; family_name?: unknown }) => {
            const fallback = splitName(profile.name);
            return {
              firstName: typeof profile.given_name === 'string' ? profile.given_name : fallback.firstName,
              lastName: typeof profile.family_name === 'string' ? profile.family_name : fallback.lastName,
            };
          },
        },
      ]
    : [];

  return betterAuth({
    appName: 'Kitepost',
    baseURL: options.appUrl,
    basePath: IDENTITY_BASE_PATH,
    secret: options.secret,
    trustedOrigins: [options.appUrl],
    telemetry: { enabled: false },
    // Into our structured log, not the console; errors described (an Error alone logs as {}).
    logger: {
      log: (level, message, ...args) =>
        options.log[level]({ component: 'better-auth', args: describeLogArgs(args) }, message),
    },
    // Our own limiter (stored in the database) guards the routes people actually call.
    rateLimit: { enabled: false },
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, twoFactors, passkeys },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // The link goes to our page (/reset-password?token=…), not better-auth's redirect route.
      sendResetPassword: ({ user, token }) => hooks.sendPasswordReset(user, token),
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }) => hooks.onPasswordReset(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Opening the link confirms the address; it never signs anybody in.
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: ({ user, token }) => hooks.sendEmailVerification(user, token),
    },
    user: {
      modelName: 'users',
      // A new address is switched to only once its owner opens the link sent to it.
      changeEmail: { enabled: true },
      fields: { image: 'profileImageUrl' },
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
        isActive: { type: 'boolean', required: false, input: false, defaultValue: true },
        timezone: { type: 'string', required: false, input: false },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        adminAccess: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    account: {
      modelName: 'accounts',
      // No provider is trusted by name (decision 031): a provider account joins an existing user by
      // email only when the provider asserts `email_verified: true` (and the user's own email is
      // verified); otherwise the sign-in is refused (account_not_linked) and the person links
      // single sign-on from Settings while signed in, where the same verified email is required.
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    verification: { modelName: 'verifications' },
    advanced: {
      useSecureCookies: options.secureCookies,
      // Whole addresses (not /64 networks) in the sessions list; rate limits are ours, not its.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 128 },
      cookiePrefix: 'kitepost',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: options.secureCookies },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const fields = await hooks.prepareNewUser(
              user as { name?: string; firstName?: string; lastName?: string },
            );
            const name = user.name?.trim() || `${fields.firstName} ${fields.lastName}`.trim() || user.email;
            return { data: { ...user, ...fields, name } };
          },
          after: async (user) => {
            const u = user as unknown as { id: string; firstName: string; lastName: string };
            await hooks.onUserCreated(u);
          },
        },
      },
      session: {
        create: {
          before: async (session) => ((await hooks.isUserActive(session.userId)) ? undefined : false),
        },
      },
    },
    plugins: [
      serverSignIn(),
      twoFactor({
        issuer: 'Kitepost',
        schema: { twoFactor: { modelName: 'twoFactors' } },
        backupCodeOptions: { amount: 10 },
      }),
      passkeyPlugin(options.appUrl),
      boundedStartupDiscovery(genericOAuth({ config: oidcProviders }), oidcProviders),
    ],
  });
}

function passkeyPlugin(appUrl: string) {
  const party = passkeyRelyingParty(appUrl);
  // Installed either way, so its API is typed; without a domain nobody is offered passkeys.
  return passkey({
    rpID: party?.rpID ?? 'localhost',
    rpName: 'Kitepost',
    origin: party?.origin ?? new URL(appUrl).origin,
    schema: { passkey: { modelName: 'passkeys' } },
  });
}

export type Identity = ReturnType<typeof createIdentity>;

/** What checking a session cookie needs, as better-auth runs it. */
export interface SessionCookieSettings {
  cookieName: string;
  secret: string;
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

const settingsByIdentity = new WeakMap<Identity, Promise<SessionCookieSettings>>();

/** The session cookie's name, its signing secret and the session lifetimes, read once. */
export function sessionCookieSettings(identity: Identity): Promise<SessionCookieSettings> {
  let settings = settingsByIdentity.get(identity);
  if (!settings) {
    settings = identity.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInSeconds: context.sessionConfig.expiresIn,
      updateAgeSeconds: context.sessionConfig.updateAge,
    }));
    settingsByIdentity.set(identity, settings);
  }
  return settings;
}

/** A cookie's value in a Cookie header as better-auth reads it: the first of that name, URL-decoded. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * better-auth signs the session cookie as `token.signature`, the signature being the base64
 * HMAC-SHA256 of the token with the secret. The token when the signature is right, else null.
 */
export function verifySignedValue(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** better-auth answers with Fetch headers; Fastify wants the Set-Cookie lines as an array. */
export function setCookiesOf(headers: Headers | undefined): string[] {
  return headers?.getSetCookie() ?? [];
}

/**
 * better-auth's error code when it refused a call (a 4xx APIError; 'UNKNOWN' without a code), or
 * null for anything else: a 5xx or a thrown error is ours to throw on.
 */
export function refusalCodeOf(error: unknown): string | null {
  if (!isAPIError(error) || error.statusCode >= 500) return null;
  return error.body?.code ?? 'UNKNOWN';
}
