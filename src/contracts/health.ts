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

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  role: z.enum(['all', 'web', 'worker']),
  adapters: z.object({
    database: adapterInfo,
    jobs: adapterInfo,
    ai: adapterInfo,
    billing: adapterInfo,
    social: adapterInfo,
    mail: adapterInfo,
    storage: adapterInfo,
    /** 'openid-connect' when OIDC_* is set (single sign-on at /api/login), else 'email-password'. */
    identity: adapterInfo,
  }),
  /** Every sandbox that is on, in a fixed order; empty when everything is real. */
  sandboxes: z.array(sandboxInfo),
});
export type HealthResponse = z.infer<typeof healthResponse>;
