import { z } from 'zod';
import { runBillingLifecycle } from '../modules/billing/billing-lifecycle.service';
import type { JobDefinition } from './job-definition';

const payload = z.object({});

/**
 * Every 10 minutes: trial reminders (2 days before) and trial ends (to the free plan), and in the
 * sandbox the provider's renewals and cancellations at period end.
 */
export const billingLifecycleJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'billing.lifecycle.v1',
  payload,
  cron: '*/10 * * * *',
  async handle(_payload, { app, log }) {
    const report = await runBillingLifecycle(app);
    log.info({ job: 'billing.lifecycle.v1', ...report }, 'billing lifecycle checked');
  },
};
