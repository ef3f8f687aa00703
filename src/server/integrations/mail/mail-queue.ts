import { z } from 'zod';

/** The job that sends one outbox message (jobs/email-send.job.ts, decision 046). */
export const EMAIL_SEND_JOB = 'email.send.v1';

export const emailSendPayload = z.object({ outboxId: z.uuid() });
export type EmailSendPayload = z.infer<typeof emailSendPayload>;

/**
 * Tries per message: the first and 4 retries, 30 s apart and doubling (pg-boss's backoff: about
 * 30 s, 1, 2 and 4 minutes), so a relay down for a few minutes loses nothing.
 */
export const EMAIL_SEND_MAX_ATTEMPTS = 5;
export const EMAIL_SEND_RETRY = {
  retryLimit: EMAIL_SEND_MAX_ATTEMPTS - 1,
  retryDelay: 30,
  retryBackoff: true,
} as const;
