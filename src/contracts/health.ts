import { z } from 'zod';

export const adapterInfo = z.object({ adapter: z.string(), sandbox: z.boolean() });

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
});
export type HealthResponse = z.infer<typeof healthResponse>;
