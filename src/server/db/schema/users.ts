import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { UserRole } from '../../../contracts/auth';
import type { Tone } from '../../../contracts/content-options';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** People. better-auth owns id, name, email, emailVerified and the image (our profileImageUrl). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    profileImageUrl: text('profile_image_url'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<UserRole>().notNull().default('user'),
    /**
     * The keyed hash (lib/secrets.ts) of the user's 4-character access code (spec §5), or null:
     * no code. Only demo users and users an admin chose to give one have a code; a password
     * change clears it. The plain code is shown once, when it is issued.
     */
    accessCodeHash: text('access_code_hash').unique(),
    isActive: boolean('is_active').notNull().default(true),
    /** IANA zone the user sees times in; null: the browser's. */
    timezone: text('timezone'),
    /**
     * The workspace the user works in (the switcher); null or a workspace they left: their own,
     * else the earliest joined. No foreign key: workspaces reference users, and a stale id is harmless.
     */
    activeWorkspaceId: uuid('active_workspace_id'),
    /** The built-in operator account that an admin code signs in when nobody is signed in. */
    isSystem: boolean('is_system').notNull().default(false),
    /** better-auth's two-factor plugin: true once an authenticator app was confirmed with a code. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    // The admin portal's user list: newest first, a page at a time (modules/admin).
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * A user's preferences (spec §3 settings form, beyond the profile kept on `users`). A missing row
 * means the spec's defaults. The weekly report reads `weekly_reports`; the settings screen edits all.
 */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  company: text('company').notNull().default(''),
  phone: text('phone').notNull().default(''),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  pushNotifications: boolean('push_notifications').notNull().default(true),
  marketingEmails: boolean('marketing_emails').notNull().default(false),
  weeklyReports: boolean('weekly_reports').notNull().default(true),
  profileVisible: boolean('profile_visible').notNull().default(true),
  analyticsTracking: boolean('analytics_tracking').notNull().default(true),
  autoPublish: boolean('auto_publish').notNull().default(false),
  defaultTone: text('default_tone').$type<Tone>().notNull().default('professional'),
  contentLanguage: text('content_language').notNull().default('english'),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Set by a correct admin access code: this session may use the super-admin portal. */
    adminAccess: boolean('admin_access').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * better-auth's two-factor plugin (model "twoFactor"): the user's TOTP secret and backup codes,
 * both sealed with the auth secret. `verified` stays false between enable and the first code.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factors_user_id_idx').on(t.userId)],
);

/** better-auth's passkey plugin (model "passkey"): one row per WebAuthn credential. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    aaguid: text('aaguid'),
  },
  (t) => [
    index('passkeys_user_id_idx').on(t.userId),
    uniqueIndex('passkeys_credential_id_idx').on(t.credentialID),
  ],
);

/**
 * Browsers a user has signed in from (the new-device notice): the SHA-256 of the random id in
 * the browser's long-lived device cookie. A sign-in whose device is not here sends an email.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
