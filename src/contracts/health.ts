import { z } from 'zod';

export const adapterInfo = z.object({ adapter: z.string(), sandbox: z.boolean() });

/**
 * One built-in sandbox that is on (architecture §1: a sandbox is never hidden): what it stands in
 * for, and what that means for whoever uses this server.
 */
export const sandboxInfo = z.object({
  id: z.enum(['social', 'faults', 'billing', 'mail', 'ai']),
  /** e.g. 'Social platform simulator'. */
  name: z.string(),
  /** What it does instead of the real service. */
  detail: z.string(),
  sandbox: z.literal(true),
});
export type SandboxInfo = z.infer<typeof sandboxInfo>;

/**
 * One outside dependency as this process sees it right now. `unreachable` names what failed in
 * `detail` (never a secret); `off` means the dependency is not configured here.
 */
export const dependencyCheck = z.object({
  status: z.enum(['ok', 'unreachable', 'off']),
  detail: z.string().optional(),
});
export type DependencyCheck = z.infer<typeof dependencyCheck>;

export const healthResponse = z.object({
  /**
   * `degraded` when any check is not ok. The HTTP status is 503 only while the database is away
   * (this process can serve nothing); another dependency down answers 200 with `degraded`.
   */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  role: z.enum(['all', 'web', 'worker']),
  adapters: z.object({
    database: adapterInfo,
    jobs: adapterInfo,
    ai: adapterInfo,
    /** Issue 30: the image model ('openai gpt-image-1'), or the 'offline renderer' (sandbox). */
    aiImages: adapterInfo,
    billing: adapterInfo,
    social: adapterInfo,
    mail: adapterInfo,
    storage: adapterInfo,
    /** 'openid-connect' when OIDC_* is set (single sign-on at /api/login), else 'email-password'. */
    identity: adapterInfo,
  }),
  /** Every sandbox that is on, in a fixed order; empty when everything is real. */
  sandboxes: z.array(sandboxInfo),
  /** Each outside dependency checked by this request. */
  checks: z.object({
    database: dependencyCheck,
    /** The media storage: S3 answers and takes our credentials, or DATA_DIR/media takes a file. */
    storage: dependencyCheck,
    /** ffprobe and ffmpeg (video uploads: facts and poster frames) answered when the process started. */
    videoTools: dependencyCheck,
    /**
     * Single sign-on's identity provider: 'off' without OIDC_*, 'ok' once its discovery document
     * was read, 'unreachable' while reading it fails (retried in the background; no call per request).
     */
    identity: dependencyCheck,
    /**
     * The `LinkedIn-Version` this server sends (LINKEDIN_API_VERSION). LinkedIn serves a version
     * for twelve months: `warning` from ten months on, `expired` once LinkedIn refuses it (every
     * LinkedIn call answers 426; counts as degraded).
     */
    linkedinApiVersion: z.object({
      status: z.enum(['ok', 'warning', 'expired']),
      version: z.string(),
      detail: z.string().optional(),
    }),
    /**
     * Whether APP_URL looks reachable from the internet (https, a public name, not a private,
     * loopback or link-local address): Instagram and Facebook download images from it. Read from
     * the URL alone, never probed. 'unreachable' makes the status `degraded` only while a real
     * Instagram or Facebook app is configured (the sandbox downloads in-process).
     */
    publicUrl: dependencyCheck,
    /**
     * The local country database of click analytics (GEOIP_COUNTRY_DB, issue 29): 'ok' when it was
     * read, 'off' when none is configured or it cannot be read (`detail` says why). Never a
     * degradation: clicks are counted without a country.
     */
    countryLookup: z.object({ status: z.enum(['ok', 'off']), detail: z.string().optional() }),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** `GET /api/health/live`: the process runs (liveness; says nothing about the database). */
export const liveResponse = z.object({ status: z.literal('ok') });
