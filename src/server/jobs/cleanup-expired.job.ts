import { z } from 'zod';
import { deleteStalePlans } from '../modules/ai-studio';
import { deleteExpiredIdempotency } from '../modules/idempotency';
import { deleteExpiredClickData } from '../modules/links';
import { deleteExpiredRateLimits } from '../modules/rate-limits/rate-limits.repository';
import { deleteExpiredOAuthStates } from '../modules/social-accounts/social-accounts.repository';
import { deleteExpiredSessions } from '../modules/users/users.repository';
import { deleteDeliveriesBefore, resumeStalledDeliveries } from '../modules/webhooks';
import type { JobDefinition } from './job-definition';

const payload = z.object({});
const WEBHOOK_LOG_DAYS = 30;
const AI_PLAN_DAYS = 30;

/**
 * Hourly: drop expired sessions, rate-limit windows long past, expired OAuth states, idempotency
 * keys past their 24 hours, webhook deliveries older than 30 days, expired click data and AI plans untouched for 30 days (all
 * safe to redo); and send again the webhook deliveries left pending with nobody working on them.
 */
export const cleanupExpiredJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'maintenance.cleanup-expired.v1',
  payload,
  cron: '17 * * * *',
  async handle(_payload, { database, log, app }) {
    await deleteExpiredSessions(database.db);
    await deleteExpiredRateLimits(database.db, 24 * 60 * 60);
    // An OAuth state (and any account choice it holds) is useless once expired: nothing reads it.
    await deleteExpiredOAuthStates(database.db, new Date());
    await deleteExpiredIdempotency(database.db);
    // The webhook delivery log is kept 30 days (decision 078).
    await deleteDeliveriesBefore(database.db, new Date(Date.now() - WEBHOOK_LOG_DAYS * 86_400_000));
    // Click salts older than yesterday, bot clicks after 30 days, all clicks after 400 (decision 093).
    await deleteExpiredClickData(database.db, new Date());
    // Planned months are previews: kept 30 days after their last change (decision 094).
    await deleteStalePlans(database.db, new Date(Date.now() - AI_PLAN_DAYS * 86_400_000));
    // A delivery whose job was lost, or whose attempt was cut off by a restart, goes on.
    const resumed = await resumeStalledDeliveries(app);
    if (resumed > 0)
      log.info({ job: 'maintenance.cleanup-expired.v1', resumed }, 'stalled webhook deliveries resumed');
    log.info(
      { job: 'maintenance.cleanup-expired.v1' },
      'expired sessions, rate limits, OAuth states, idempotency keys, old webhook deliveries and clicks removed',
    );
  },
};
