import { z } from 'zod';
import { deleteExpiredIdempotency } from '../modules/idempotency';
import { deleteExpiredRateLimits } from '../modules/rate-limits/rate-limits.repository';
import { deleteExpiredOAuthStates } from '../modules/social-accounts/social-accounts.repository';
import { deleteExpiredSessions } from '../modules/users/users.repository';
import type { JobDefinition } from './job-definition';

const payload = z.object({});

/**
 * Hourly: drop expired sessions, rate-limit windows long past, expired OAuth states and
 * idempotency keys past their 24 hours (all safe to redo).
 */
export const cleanupExpiredJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'maintenance.cleanup-expired.v1',
  payload,
  cron: '17 * * * *',
  async handle(_payload, { database, log }) {
    await deleteExpiredSessions(database.db);
    await deleteExpiredRateLimits(database.db, 24 * 60 * 60);
    // An OAuth state (and any account choice it holds) is useless once expired: nothing reads it.
    await deleteExpiredOAuthStates(database.db, new Date());
    await deleteExpiredIdempotency(database.db);
    log.info(
      { job: 'maintenance.cleanup-expired.v1' },
      'expired sessions, rate limits, OAuth states and idempotency keys removed',
    );
  },
};
