/** An email Kitepost sends (invitations, notices, reports). */
export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part; every message has one. */
  text: string;
  html?: string;
  /**
   * Strings of the text and HTML that must never be stored in clear (an invitation link's
   * token): the outbox keeps a placeholder in their place and a sealed copy (decision 046).
   */
  secrets?: string[];
}

/**
 * The mail port (architecture §1): SMTP when SMTP_URL is set, else the outbox table, which is
 * the sandbox: nothing leaves the machine and the admin can read what would have been sent.
 * Every message is recorded in the outbox either way.
 *
 * `send` never waits on a mail server (decision 046): with SMTP it records the message as
 * 'queued' and puts an `email.send` job on the queue, whose worker calls `deliver`.
 */
export interface MailSender {
  readonly kind: 'smtp' | 'outbox';
  readonly sandbox: boolean;
  send(message: MailMessage): Promise<void>;
  /**
   * The mail job: one try to hand the queued message `outboxId` to the mail server, recorded as
   * an attempt. Throws when the try failed and another is due (pg-boss retries with backoff).
   */
  deliver(outboxId: string): Promise<void>;
}
