import { z } from 'zod';
import { deleteExpiredRateLimits } from '../modules/rate-limits/rate-limits.repository';
import { deleteExpiredSessions } from '../modules/users/users.repository';
import type { JobDefinition } from './registry';

const payload = z.object({});

/** Hourly: drop expired sessions and rate-limit windows long past (both are safe to redo). */
export const cleanupExpiredJob: JobDefinition<z.infer<typeof payload>> = {
  name: 'maintenance.cleanup-expired.v1',
  payload,
  cron: '17 * * * *',
  async handle(_payload, { database, log }) {
    await deleteExpiredSessions(database.db);
    await deleteExpiredRateLimits(database.db, 24 * 60 * 60);
    log.info({ job: 'maintenance.cleanup-expired.v1' }, 'expired sessions and rate limits removed');
  },
};
