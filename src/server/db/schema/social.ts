import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type PublishingPlatform, publishingPlatforms } from '../../../contracts/platforms';
import type { SocialAccountPostLimits, SocialAccountStatus } from '../../../contracts/social-accounts';
import { users } from './users';
import { workspaces } from './workspaces';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
/** A platform column holds one of the platforms Kitepost publishes to (a new one needs a migration). */
export const platformCheck = (column: unknown) =>
  sql`${column} in (${sql.raw(publishingPlatforms.map((platform) => `'${platform}'`).join(', '))})`;

/** A connected account. Tokens are AES-256-GCM ciphertext (lib/token-cipher.ts), never plain. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    connectedByUserId: text('connected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    /** The platform's id of the account (user id, Page id, ...). */
    externalId: text('external_id').notNull(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    avatarUrl: text('avatar_url'),
    followers: integer('followers'),
    postsCount: integer('posts_count').notNull().default(0),
    engagementRate: real('engagement_rate'),
    status: text('status').$type<SocialAccountStatus>().notNull().default('connected'),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Encrypted JSON of what this account's calls need besides its token (TokenSet.connection): a
     * Mastodon instance's origin, a Bluesky PDS and DPoP key. Null for the networks with one server.
     */
    connectionEncrypted: text('connection_encrypted'),
    /**
     * What this account's own server allows where it differs from the network's general rules (a
     * Mastodon instance's character limit, read from its API at connect). Null: the general rules.
     */
    postLimits: jsonb('post_limits').$type<SocialAccountPostLimits>(),
    /** Connected through the platform simulator. */
    sandbox: boolean('sandbox').notNull().default(false),
    /** Why the account needs the user (needs_reauth), shown on its card. */
    statusReason: text('status_reason'),
    /** When the user was told that this token, which cannot be refreshed, expires soon. */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
    /** When metrics (posts' and followers) were last read for this account. */
    metricsSyncedAt: timestamp('metrics_synced_at', { withTimezone: true }),
    /** The platform asked us to wait (rate limit): no metric reads for this account until then. */
    metricsPausedUntil: timestamp('metrics_paused_until', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    // Reconnecting the same external account updates its row instead of adding one.
    uniqueIndex('social_accounts_workspace_external_idx').on(t.workspaceId, t.platform, t.externalId),
    index('social_accounts_token_expiry_idx').on(t.tokenExpiresAt),
    check('social_accounts_platform_check', platformCheck(t.platform)),
    check('social_accounts_status_check', sql`${t.status} in ('connected', 'needs_reauth')`),
  ],
);

/**
 * One OAuth attempt: the `state` sent to the platform (stored as its SHA-256), bound to the
 * session that started it, single use, short-lived; with the PKCE verifier (encrypted) and,
 * for a Facebook user with several Pages, the choices waiting for the user (encrypted).
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    sessionId: text('session_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    codeVerifierEncrypted: text('code_verifier_encrypted'),
    /**
     * Encrypted JSON of what the code exchange needs besides the verifier, from the provider's start
     * of the sign-in (the Mastodon instance and its app, a Bluesky PAR's DPoP key).
     */
    connectionEncrypted: text('connection_encrypted'),
    /** Encrypted JSON of the accounts offered for choice (Facebook Pages), once the code is exchanged. */
    pendingChoiceEncrypted: text('pending_choice_encrypted'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('oauth_states_expires_idx').on(t.expiresAt),
    check('oauth_states_platform_check', platformCheck(t.platform)),
  ],
);

/**
 * Kitepost's app as registered on a server of a network with many servers (a Mastodon instance
 * registers apps through `POST /api/v1/apps`): one registration per server, made on first use and
 * kept, so every later sign-in on that server reuses it.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    /** The server's origin, e.g. https://mastodon.social. */
    server: text('server').notNull(),
    /** The redirect URI the app was registered with: a new APP_URL registers again. */
    redirectUri: text('redirect_uri').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    /** Whether the registration was made with the simulator. */
    sandbox: boolean('sandbox').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_clients_platform_server_idx').on(t.platform, t.server, t.redirectUri),
    check('oauth_clients_platform_check', platformCheck(t.platform)),
  ],
);

/**
 * The units a platform's app spent on one quota day (issue 28: YouTube Data API's daily units,
 * shared by every workspace because Google counts them per project). `sandbox` keeps the
 * simulator's spending apart from a real project's.
 */
export const platformQuotaUsage = pgTable(
  'platform_quota_usage',
  {
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    sandbox: boolean('sandbox').notNull(),
    /** The platform's quota day as YYYY-MM-DD (YouTube's resets at midnight Pacific Time). */
    day: text('day').notNull(),
    units: integer('units').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.sandbox, t.day] }),
    check('platform_quota_usage_platform_check', platformCheck(t.platform)),
  ],
);

/*
 * The platform simulator's own world (integrations/social/simulator): the accounts, grants and
 * posts of the pretend platforms. In the database, so every web process serves the same world.
 */

export const sandboxAccounts = pgTable(
  'sandbox_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    /** The id the pretend platform shows (numeric strings for X, Facebook, Instagram; sub for LinkedIn). */
    externalId: text('external_id').notNull(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    followers: integer('followers').notNull(),
    /** A Facebook Page's owner (another sandbox account); null otherwise. */
    ownerId: uuid('owner_id'),
    /**
     * The workspace whose member created this identity on the consent page: only that workspace
     * sees, chooses, connects and reads it (decision 036). Null: made before identities had an
     * owner and connected nowhere; nobody can choose it.
     */
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_accounts_workspace_idx').on(t.workspaceId),
    uniqueIndex('sandbox_accounts_platform_external_idx').on(t.platform, t.externalId),
    uniqueIndex('sandbox_accounts_platform_username_idx').on(t.platform, t.username),
  ],
);

/** Authorization codes and tokens the simulator issued. Plain: they are worthless outside it. */
export const sandboxGrants = pgTable(
  'sandbox_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    kind: text('kind').$type<'code' | 'access' | 'refresh'>().notNull(),
    value: text('value').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri'),
    codeChallenge: text('code_challenge'),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_grants_kind_check', sql`${t.kind} in ('code', 'access', 'refresh')`)],
);

/** What was published on a pretend platform; its page is the post's external URL. */
export const sandboxPosts = pgTable(
  'sandbox_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').$type<PublishingPlatform>().notNull(),
    externalId: text('external_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    media: jsonb('media')
      .$type<Array<{ id: string; url: string | null; kind: string; availableAt?: number }>>()
      .notNull()
      .default([]),
    /** Instagram: a container is created, then published. Uploaded images are rows in `container` too. */
    state: text('state').$type<'container' | 'published' | 'deleted'>().notNull().default('published'),
    /** Seed of the post's growing metrics, so they are plausible and repeatable. */
    metricsSeed: integer('metrics_seed').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_posts_platform_external_idx').on(t.platform, t.externalId),
    // X refuses a duplicate text: the check looks posts up by text (hash: texts can be long).
    index('sandbox_posts_text_idx').using('hash', t.text),
    // Reconciliation reads an account's recent posts.
    index('sandbox_posts_account_published_idx').on(t.accountId, t.publishedAt),
  ],
);
