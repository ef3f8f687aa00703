import {
  EMAIL_SEND_JOB,
  EMAIL_SEND_RETRY,
  type EmailSendPayload,
  emailSendPayload,
} from '../integrations/mail/mail-queue';
import type { JobDefinition } from './job-definition';

/**
 * Sends one queued email (decision 046). Each run is one attempt, recorded in the outbox; a
 * failed attempt throws and pg-boss runs the job again after the backoff, until the last one,
 * which marks the message failed. A message already sent is not sent again.
 */
export const emailSendJob: JobDefinition<EmailSendPayload> = {
  name: EMAIL_SEND_JOB,
  payload: emailSendPayload,
  // Longer than the transport's own timeouts (10 s connect, 30 s socket) by a wide margin.
  queue: { ...EMAIL_SEND_RETRY, expireInSeconds: 5 * 60 },
  batchSize: 5,
  async handle(payload, { app }) {
    await app.mail.deliver(payload.outboxId);
  },
};
