import { z } from 'zod';
import { safeString } from './common';
import { type PublishingPlatform, publishingPlatform } from './platforms';

/**
 * Platforms whose connection is built (real adapter + simulator). The rest of the publishing
 * platforms follow; until then their cards say so instead of offering a connection that fails.
 */
export const connectablePlatforms: readonly PublishingPlatform[] = [
  'twitter',
  'linkedin',
  'facebook',
  'instagram',
  'bluesky',
  'mastodon',
  'threads',
  'pinterest',
  'linkedin_page',
  'youtube',
  'tiktok',
  'google_business',
];

export const socialAccountStatuses = ['connected', 'needs_reauth'] as const;
export const socialAccountStatus = z.enum(socialAccountStatuses);
export type SocialAccountStatus = z.infer<typeof socialAccountStatus>;

/**
 * What one account's own server allows where it differs from its network's general rules (issue
 * 27: a Mastodon instance sets its own character limit). Absent keys: the network's rules.
 */
export const socialAccountPostLimits = z.object({
  maxLength: z.number().int().positive().optional(),
  maxMedia: z.number().int().positive().optional(),
});
export type SocialAccountPostLimits = z.infer<typeof socialAccountPostLimits>;

/** Spec §3 social account, plus what the screen needs to be honest about it. */
export const socialAccount = z.object({
  id: z.string(),
  platform: publishingPlatform,
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  connectedAt: z.string(),
  followers: z.number().int().nullable(),
  /** Posts published through Kitepost on this account. */
  posts: z.number().int(),
  /** Average engagement rate of those posts in percent, null until there are metrics. */
  engagement: z.number().nullable(),
  status: socialAccountStatus,
  /** Why the account needs reconnecting; null while it is connected. */
  statusReason: z.string().nullable(),
  tokenExpiresAt: z.string().nullable(),
  /**
   * Set when the token cannot be refreshed and expires within 7 days: the user must reconnect
   * the account by then (e.g. LinkedIn without a partner refresh token).
   */
  reconnectBy: z.string().nullable(),
  /** True when the account lives in the platform simulator, not on the real platform. */
  sandbox: z.boolean(),
  /**
   * True when the account lies beyond the plan's limit (the plan shrank after it was connected):
   * it stays connected but takes no posts until the plan grows or an earlier account is
   * disconnected. The server refuses scheduling to it (402).
   */
  overPlanLimit: z.boolean(),
  /**
   * Why image posts to this account will fail, when they will: Instagram and Facebook download
   * images from this server's address (APP_URL), which does not look public. Null otherwise.
   */
  mediaWarning: z.string().nullable().default(null),
  /** What this account's own server allows beyond its network's rules (a Mastodon instance's limit). */
  postLimits: socialAccountPostLimits.nullable().default(null),
});
export type SocialAccount = z.infer<typeof socialAccount>;
export const socialAccountListResponse = z.array(socialAccount);

/**
 * The server a Mastodon account lives on (an instance: `mastodon.social`) or a Bluesky handle
 * (`name.bsky.social`, resolved to its PDS): the networks of `serverPlatforms` need it to start.
 */
export const connectServer = safeString()
  .trim()
  .min(1, 'Enter your server or handle.')
  .max(253, 'A server or handle can be at most 253 characters.');
export const connectSocialAccountBody = z.object({
  platform: publishingPlatform,
  server: connectServer.optional(),
});
export const connectSocialAccountResponse = z.object({ authorizeUrl: z.string() });

/**
 * POST /api/user/social-accounts/password: signs in with a password the network issues for apps
 * (a Bluesky app password; the way into a self-hosted PDS). The password is used once and never
 * stored: only the session it opens is. `server`: the PDS, when not the network's default.
 */
export const connectWithPasswordBody = z.object({
  platform: publishingPlatform,
  identifier: safeString()
    .trim()
    .min(1, 'Enter your handle.')
    .max(253, 'A handle can be at most 253 characters.'),
  password: safeString().min(1, 'Enter the app password.').max(256, 'That is not an app password.'),
  server: connectServer.optional(),
});
export type ConnectWithPasswordBody = z.infer<typeof connectWithPasswordBody>;
export const socialPlatformParams = z.object({ platform: publishingPlatform });
export const socialAccountIdParams = z.object({ id: z.uuid({ message: 'Not an account id' }) });

/**
 * The id the opening page gives its connection attempt (random, made in the browser); the
 * popup's result page broadcasts it with the result on OAUTH_CHANNEL, so the page finds its answer
 * even when the popup lost its opener (decision 040). It names an attempt; it grants nothing.
 */
export const CONNECT_FLOW_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const socialConnectQuery = z.object({
  flow: z.string().regex(CONNECT_FLOW_PATTERN, { message: 'Not a connection id' }).optional(),
  server: connectServer.optional(),
});
/** The BroadcastChannel the popup's result page speaks on (same origin only, by the platform). */
export const OAUTH_CHANNEL = 'kitepost-oauth';
/** The opening page's answer on OAUTH_CHANNEL: it has the result, the popup may close. */
export const OAUTH_RECEIVED = 'OAUTH_RECEIVED';

/** What the OAuth popup posts to its opener (spec §7). */
export const OAUTH_SUCCESS = 'OAUTH_SUCCESS';
export const OAUTH_ERROR = 'OAUTH_ERROR';
export type OAuthPopupMessage =
  | { type: typeof OAUTH_SUCCESS; platform: string; accountId: string }
  | { type: typeof OAUTH_ERROR; platform: string; message: string };

export const socialAccountMessages = {
  disconnectConfirm:
    'Are you sure you want to disconnect this account? This will stop all scheduled posts for this platform.',
  connectFailed: 'Failed to connect social media account. Please try again.',
  disconnectFailed: 'Failed to disconnect account. Please try again.',
  stateInvalid: 'This sign-in link has expired or was already used. Please try connecting again.',
  planLimit: (limit: number, planName: string) =>
    `Your ${planName} plan connects up to ${limit} social account${limit === 1 ? '' : 's'}. Upgrade your plan or disconnect an account to connect another.`,
  notAvailable: (label: string) => `Connecting ${label} is not available yet.`,
  serverNeeded: (label: string) =>
    label === 'Mastodon'
      ? 'Enter your Mastodon server, e.g. mastodon.social.'
      : `Enter your ${label} handle.`,
  noPasswordSignIn: (label: string) => `${label} does not sign in with an app password.`,
  movedToDraft: 'Its account was disconnected; choose another account and schedule it again.',
} as const;
