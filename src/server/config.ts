import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { PublishingPlatform } from '../contracts/platforms';
import { shownValue } from './config-errors';
import {
  type SocialPlatformConfig,
  socialConfigFrom,
  socialCredentialPairs,
  socialEnvShape,
} from './config-social';
import { parseTrustProxy, type TrustProxy } from './config-trust-proxy';
import { emptyToUndefined, optionalString, optionalUrl } from './config-values';
import { parseCidr } from './integrations/web/public-address';

/**
 * The only reader of process.env. Everything the server may be configured with is here,
 * parsed once at boot; a bad value stops the process with a message naming the variable.
 */

export const aiProviderKinds = ['offline', 'openai', 'anthropic', 'openai-compatible'] as const;
export type AiProviderKind = (typeof aiProviderKinds)[number];

/** Default models when AI_MODEL is not set (an OpenAI-compatible server has no default). */
export const defaultAiModels = { openai: 'gpt-4.1-mini', anthropic: 'claude-haiku-4-5' } as const;

/**
 * AI_PROVIDER when set; otherwise the first provider whose settings are present
 * (an OpenAI or Anthropic key, or an OpenAI-compatible base URL), else the offline composer.
 */
function chooseAiProvider(env: {
  AI_PROVIDER?: AiProviderKind | undefined;
  OPENAI_API_KEY?: string | undefined;
  ANTHROPIC_API_KEY?: string | undefined;
  AI_BASE_URL?: string | undefined;
}): AiProviderKind {
  if (env.AI_PROVIDER) return env.AI_PROVIDER;
  if (env.OPENAI_API_KEY) return 'openai';
  if (env.ANTHROPIC_API_KEY) return 'anthropic';
  if (env.AI_BASE_URL) return 'openai-compatible';
  return 'offline';
}

/** Stripe billing needs all of these; with none of them, billing is the sandbox. */
const stripeParts = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_STARTER',
  'STRIPE_PRICE_PROFESSIONAL',
  'STRIPE_PRICE_ENTERPRISE',
] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    APP_URL: optionalUrl,
    SESSION_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    /** The User Login dialog's 4-character codes; unset: on outside production, off in production. */
    ACCESS_CODES: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
    ADMIN_ACCESS_CODE: z.preprocess(
      emptyToUndefined,
      z.string().min(4, 'must be at least 4 characters').max(128).optional(),
    ),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    /** Each call to the identity provider (discovery, code exchange, userinfo) waits at most this. */
    OIDC_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
    AI_PROVIDER: z.preprocess(
      emptyToUndefined,
      z.enum(aiProviderKinds, { error: `must be one of ${aiProviderKinds.join(', ')}` }).optional(),
    ),
    AI_MODEL: optionalString,
    AI_BASE_URL: optionalUrl,
    OPENAI_API_KEY: optionalString,
    ANTHROPIC_API_KEY: optionalString,
    AI_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
    AI_IMAGE_MODEL: optionalString,
    AI_IMAGE_BASE_URL: optionalUrl,
    AI_IMAGE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(120),
    TOKEN_ENCRYPTION_KEY: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SANDBOX_AUTHORIZE_ORIGIN: optionalUrl,
    SANDBOX_API_ORIGIN: optionalUrl,
    ...socialEnvShape,
    SANDBOX_X_USER_POSTS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(2400),
    SANDBOX_X_APP_POSTS_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
    SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
    PUBLISH_MISSED_AFTER_HOURS: z.coerce.number().min(0.01).max(720).default(6),
    PUBLISH_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(180),
    // A post with a video: upload in parts and the platform's processing take minutes. Inside the
    // publish job's 15-minute expiry.
    PUBLISH_VIDEO_LEASE_SECONDS: z.coerce.number().int().min(10).max(870).default(840),
    PUBLISH_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    PUBLISH_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(50),
    PUBLISH_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(3),
    /** Other ffprobe/ffmpeg binaries than the bundled npm builds (Debian's, say). */
    FFPROBE_PATH: optionalString,
    FFMPEG_PATH: optionalString,
    /**
     * ffmpeg threads of one video fit (decision 068). Default: half the cores (1 on a 2-core
     * machine), leaving the rest to requests and publishing.
     */
    VIDEO_FIT_THREADS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(1, Math.floor(availableParallelism() / 2))),
    /** Minutes one video fit's ffmpeg may run before it is killed and the fit fails. */
    VIDEO_FIT_TIMEOUT_MINUTES: z.coerce.number().min(0.1).max(240).default(30),
    /** Hours an unfinished resumable upload is kept before its partial file is removed. */
    UPLOAD_EXPIRY_HOURS: z.coerce.number().min(1).max(720).default(24),
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_STARTER: optionalString,
    STRIPE_PRICE_PROFESSIONAL: optionalString,
    STRIPE_PRICE_ENTERPRISE: optionalString,
    STRIPE_API_URL: optionalUrl,
    /**
     * Sandbox billing without Stripe keys: on by default outside production, off in production
     * unless 'true' (then paid plans cannot be bought, and the app says so).
     */
    BILLING_SANDBOX: z.enum(['true', 'false']).optional(),
    /**
     * Non-public addresses the outbound fetch (link previews…) may reach anyway, as CIDR blocks
     * (`127.0.0.0/8,10.0.0.0/8`); empty by default: public addresses only (architecture §11).
     */
    OUTBOUND_ALLOW_PRIVATE: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .refine((blocks) => blocks.every((block) => parseCidr(block) !== null), {
        error: 'must be a comma-separated list of CIDR blocks, e.g. 10.0.0.0/8,fd00::/8',
      }),
    /** Requests each API key may make a minute (issue 26); over it, 429 with Retry-After. */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
    /**
     * Webhook URLs on http: and on private, loopback or link-local addresses (a receiver on this
     * machine or an intranet); off by default: https and public addresses only (decision 078).
     */
    WEBHOOKS_ALLOW_PRIVATE: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * Issue 29: the origin short links point to (`<origin>/l/<code>`), when a shorter domain than
     * APP_URL is routed to this app; unset: APP_URL.
     */
    SHORT_LINK_ORIGIN: optionalUrl,
    /** A local MaxMind-format country database (GeoLite2-Country.mmdb) for click countries; unset: none. */
    GEOIP_COUNTRY_DB: optionalString,
    /** Ports the outbound fetch may use besides 80 and 443 (comma-separated). */
    OUTBOUND_ALLOWED_PORTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map(Number),
      )
      .refine((ports) => ports.every((port) => Number.isInteger(port) && port >= 1 && port <= 65535), {
        error: 'must be a comma-separated list of ports (1-65535)',
      }),
  })
  .superRefine((env, ctx) => {
    const ai = chooseAiProvider(env);
    const s3Parts = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    if (stripeParts.some((name) => env[name]) && !stripeParts.every((name) => env[name])) {
      for (const name of stripeParts.filter((part) => !env[part])) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${stripeParts.join(', ')}` });
      }
    }
    if (s3Parts.some((name) => env[name]) && !s3Parts.every((name) => env[name])) {
      for (const name of s3Parts.filter((part) => !env[part])) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${s3Parts.join(', ')}` });
      }
    }
    if (ai === 'openai' && !env.OPENAI_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPENAI_API_KEY'],
        message: 'is required when AI_PROVIDER=openai',
      });
    }
    if (ai === 'anthropic' && !env.ANTHROPIC_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ANTHROPIC_API_KEY'],
        message: 'is required when AI_PROVIDER=anthropic',
      });
    }
    if (ai === 'openai-compatible' && !env.AI_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_BASE_URL'],
        message: 'is required when AI_PROVIDER=openai-compatible',
      });
    }
    if (ai === 'openai-compatible' && !env.AI_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_MODEL'],
        message: 'is required when AI_PROVIDER=openai-compatible',
      });
    }
    // Anthropic has no image models: images need OpenAI's key or an OpenAI-compatible server.
    const compatibleImageServer = env.AI_IMAGE_BASE_URL || (ai === 'openai-compatible' && env.AI_BASE_URL);
    if (env.AI_IMAGE_MODEL && !env.OPENAI_API_KEY && !compatibleImageServer) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_IMAGE_MODEL'],
        message:
          'needs OPENAI_API_KEY, or AI_IMAGE_BASE_URL for an OpenAI-compatible server (Anthropic has no image models)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.TOKEN_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'is required in production' });
    }
    for (const [id, secret] of socialCredentialPairs) {
      if (Boolean(env[id]) === Boolean(env[secret])) continue;
      for (const name of [id, secret]) {
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `is required when ${id} or ${secret} is set`,
          });
      }
    }
    if (env.NODE_ENV === 'production' && !env.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'is required in production' });
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[name]) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when any OIDC_* is set' });
        }
      }
    }
  });

export interface AiConfig {
  provider: AiProviderKind;
  /** Undefined only for the offline composer. */
  model: string | undefined;
  /** Overrides the provider's API base URL (an OpenAI-compatible server's, or a test fake's). */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  timeoutMs: number;
}

/** AI images (issue 30): absent without AI_IMAGE_MODEL; the offline renderer makes graphics then. */
export interface AiImagesConfig {
  model: string;
  /**
   * 'openai' for OpenAI's own models (gpt-image-*, dall-e-*: the adapter knows their sizes and
   * that gpt-image takes no response_format), else an OpenAI-compatible server.
   */
  flavour: 'openai' | 'openai-compatible';
  /** No trailing slash: AI_IMAGE_BASE_URL, else AI_BASE_URL of an OpenAI(-compatible) writer, else OpenAI's. */
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Public origin of the app, without a trailing slash. */
  appUrl: string;
  /** Absent only outside production: a generated one in DATA_DIR stands in (see lib/secrets.ts). */
  sessionSecret: string | undefined;
  adminAccessCode: string | undefined;
  /** Whether POST /api/user/login signs anyone in with an access code (ACCESS_CODES). */
  accessCodes: boolean;
  oidc: { issuer: string; clientId: string; clientSecret: string; timeoutMs: number } | undefined;
  logLevel: string;
  /**
   * Which hops may tell the client address (X-Forwarded-For), as Fastify's trustProxy takes it:
   * all (true), none (false), the last N hops, or the proxies at these addresses or CIDRs.
   */
  trustProxy: TrustProxy;
  jobsPollSeconds: number;
  /** SIGTERM to exit: in-flight requests and jobs get this long, then the process exits anyway. */
  shutdownTimeoutMs: number;
  ai: AiConfig;
  aiImages: AiImagesConfig | undefined;
  /** Absent only outside production: a generated one in DATA_DIR stands in (see lib/secrets.ts). */
  tokenEncryptionKey: string | undefined;
  /** Per platform: the real app's credentials, or undefined for the built-in platform simulator. */
  social: Record<PublishingPlatform, SocialPlatformConfig | undefined>;
  /** `LinkedIn-Version` of every LinkedIn /rest call, real or simulated (LINKEDIN_API_VERSION). */
  linkedInApiVersion: string;
  /** What a platform's app was granted, real or simulated (issue 28). */
  platformApps: {
    /** YOUTUBE_DAILY_QUOTA: the YouTube Data API units the project may spend a day. */
    youtubeDailyQuota: number;
    /** TIKTOK_APP_AUDITED: TikTok audited the app; until then posts are private (SELF_ONLY). */
    tiktokAudited: boolean;
  };
  /** The built-in platform simulator's settings. */
  simulator: {
    /** The pretend X's 24-hour caps on creating posts, per user and per app (Kitepost's). */
    xPostsPerDay: { user: number; app: number };
    /** The median wait of each of its answers (SANDBOX_LATENCY_MS; simulated-latency.ts), 0: none. */
    latencyMs: number;
    /**
     * Another Kitepost process whose simulator the adapters' API calls go to over HTTP
     * (SANDBOX_API_ORIGIN), like a remote platform; null: this process's own, in-process.
     */
    apiOrigin: string | null;
    /**
     * Where browsers reach the simulator's consent pages (SANDBOX_AUTHORIZE_ORIGIN, default
     * APP_URL): another origin (a proxy to this app) makes the sandbox's sign-in leave the app's
     * origin the way a real platform's does; the end-to-end tests use it (decision 040).
     */
    authorizeOrigin: string;
  };
  publishing: {
    /** A post due longer ago than this (after downtime) becomes `missed` instead of going out late. */
    missedAfterMs: number;
    /** How long a worker holds a post it is publishing before the attempt counts as abandoned. */
    leaseMs: number;
    /** The lease of a post with a video (its upload and the platform's processing take minutes). */
    videoLeaseMs: number;
    /** How often workers look for due posts without a job and abandoned attempts. */
    sweepMs: number;
    /** Posts one process publishes at once (PUBLISH_CONCURRENCY; modules/publishing/publishing-slots.ts). */
    concurrency: number;
    /** Of those, how many may call one social account at the same time (PUBLISH_ACCOUNT_CONCURRENCY). */
    accountConcurrency: number;
  };
  /** Video tools: other binaries than the bundled ones when set (FFPROBE_PATH, FFMPEG_PATH). */
  videoTools: { ffprobe: string | undefined; ffmpeg: string | undefined };
  /** Resumable uploads (tus): partial files under DATA_DIR/uploads, removed this long after creation. */
  uploads: { expiryMs: number };
  /** Video fits (re-encoding in a job, decision 068): ffmpeg's threads and time limit. */
  videoFit: { threads: number; timeoutMs: number };
  /** The public API's keys (issue 26): requests a key may make a minute. */
  apiKeys: { rateLimitPerMinute: number };
  /** What the one outbound fetch (integrations/web/safe-fetch.ts) may reach besides public hosts. */
  outbound: { privateAllowList: string[]; extraPorts: number[] };
  /** Webhook deliveries: whether http: and non-public addresses may be registered (WEBHOOKS_ALLOW_PRIVATE). */
  webhooks: { allowPrivate: boolean };
  /** Issue 29: where short links point (SHORT_LINK_ORIGIN, else appUrl) and the country database's path. */
  links: { shortOrigin: string; countryDb: string | undefined };
  /** S3-compatible media storage; undefined: files under DATA_DIR/media. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  /** SMTP for email; undefined: the outbox table (sandbox). */
  mail: { smtpUrl: string | undefined; from: string };
  billing: {
    /** Stripe; undefined: sandbox billing (same flow, no money moves) when `sandbox`, else none. */
    stripe: StripeConfig | undefined;
    /**
     * Without Stripe: the sandbox serves billing (BILLING_SANDBOX, on by default outside
     * production). False: billing is off and paid plans cannot be bought.
     */
    sandbox: boolean;
  };
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The Stripe price of each paid plan (monthly, in USD). */
  prices: { starter: string; professional: string; enterprise: string };
  /** The API origin; only tests point it elsewhere (a loopback fake). */
  apiUrl: string;
}

/** The environment as parsed (config-social.ts reads its part). */
export type ParsedEnv = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      const variable = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
      return `  ${name}: ${issue.message}${variable ? shownValue(variable, env[variable]) : ''}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
          issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          timeoutMs: e.OIDC_TIMEOUT_SECONDS * 1000,
        }
      : undefined;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appUrl: new URL(e.APP_URL ?? `http://localhost:${e.PORT}`).origin,
    sessionSecret: e.SESSION_SECRET,
    adminAccessCode: e.ADMIN_ACCESS_CODE,
    accessCodes: (e.ACCESS_CODES ?? (e.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    oidc,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    ai: aiConfigFrom(e),
    aiImages: aiImagesConfigFrom(e),
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY,
    social: socialConfigFrom(e),
    platformApps: { youtubeDailyQuota: e.YOUTUBE_DAILY_QUOTA, tiktokAudited: e.TIKTOK_APP_AUDITED },
    linkedInApiVersion: e.LINKEDIN_API_VERSION,
    simulator: {
      xPostsPerDay: { user: e.SANDBOX_X_USER_POSTS_PER_DAY, app: e.SANDBOX_X_APP_POSTS_PER_DAY },
      latencyMs: e.SANDBOX_LATENCY_MS,
      apiOrigin: e.SANDBOX_API_ORIGIN ? new URL(e.SANDBOX_API_ORIGIN).origin : null,
      authorizeOrigin: new URL(e.SANDBOX_AUTHORIZE_ORIGIN ?? e.APP_URL ?? `http://localhost:${e.PORT}`)
        .origin,
    },
    publishing: {
      missedAfterMs: Math.round(e.PUBLISH_MISSED_AFTER_HOURS * 3600 * 1000),
      leaseMs: e.PUBLISH_LEASE_SECONDS * 1000,
      videoLeaseMs: e.PUBLISH_VIDEO_LEASE_SECONDS * 1000,
      sweepMs: e.PUBLISH_SWEEP_SECONDS * 1000,
      concurrency: e.PUBLISH_CONCURRENCY,
      accountConcurrency: e.PUBLISH_ACCOUNT_CONCURRENCY,
    },
    videoTools: { ffprobe: e.FFPROBE_PATH, ffmpeg: e.FFMPEG_PATH },
    uploads: { expiryMs: e.UPLOAD_EXPIRY_HOURS * 3600 * 1000 },
    videoFit: { threads: e.VIDEO_FIT_THREADS, timeoutMs: Math.round(e.VIDEO_FIT_TIMEOUT_MINUTES * 60_000) },
    apiKeys: { rateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE },
    outbound: { privateAllowList: e.OUTBOUND_ALLOW_PRIVATE, extraPorts: e.OUTBOUND_ALLOWED_PORTS },
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE },
    links: {
      shortOrigin: new URL(e.SHORT_LINK_ORIGIN ?? e.APP_URL ?? `http://localhost:${e.PORT}`).origin,
      countryDb: e.GEOIP_COUNTRY_DB,
    },
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    mail: {
      smtpUrl: e.SMTP_URL,
      from:
        e.MAIL_FROM ?? `Kitepost <no-reply@${new URL(e.APP_URL ?? `http://localhost:${e.PORT}`).hostname}>`,
    },
    billing: {
      stripe:
        e.STRIPE_SECRET_KEY &&
        e.STRIPE_PUBLISHABLE_KEY &&
        e.STRIPE_WEBHOOK_SECRET &&
        e.STRIPE_PRICE_STARTER &&
        e.STRIPE_PRICE_PROFESSIONAL &&
        e.STRIPE_PRICE_ENTERPRISE
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              prices: {
                starter: e.STRIPE_PRICE_STARTER,
                professional: e.STRIPE_PRICE_PROFESSIONAL,
                enterprise: e.STRIPE_PRICE_ENTERPRISE,
              },
              apiUrl: (e.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/$/, ''),
            }
          : undefined,
      sandbox: e.BILLING_SANDBOX === undefined ? e.NODE_ENV !== 'production' : e.BILLING_SANDBOX === 'true',
    },
  };
}

const openAiImageModel = /^(gpt-image-|chatgpt-image-|dall-e-)/;

function aiImagesConfigFrom(e: ParsedEnv): AiImagesConfig | undefined {
  if (!e.AI_IMAGE_MODEL) return undefined;
  const provider = chooseAiProvider(e);
  const writerBase = provider === 'openai' || provider === 'openai-compatible' ? e.AI_BASE_URL : undefined;
  return {
    model: e.AI_IMAGE_MODEL,
    flavour: openAiImageModel.test(e.AI_IMAGE_MODEL) ? 'openai' : 'openai-compatible',
    baseUrl: (e.AI_IMAGE_BASE_URL ?? writerBase ?? 'https://api.openai.com/v1').replace(/\/$/, ''),
    apiKey: e.OPENAI_API_KEY,
    timeoutMs: e.AI_IMAGE_TIMEOUT_SECONDS * 1000,
  };
}

function aiConfigFrom(e: ParsedEnv): AiConfig {
  const provider = chooseAiProvider(e);
  const apiKey =
    provider === 'anthropic' ? e.ANTHROPIC_API_KEY : provider === 'offline' ? undefined : e.OPENAI_API_KEY;
  const model =
    provider === 'offline'
      ? undefined
      : (e.AI_MODEL ?? (provider === 'openai-compatible' ? undefined : defaultAiModels[provider]));
  return {
    provider,
    model,
    baseUrl: provider === 'offline' ? undefined : e.AI_BASE_URL?.replace(/\/$/, ''),
    apiKey,
    timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
  };
}
