/** An email Kitepost sends (failure notices, later invitations and reports). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The mail port (architecture §1): SMTP when SMTP_URL is set, else the outbox table, which is
 * the sandbox: nothing leaves the machine and the admin can read what would have been sent.
 * Every message is recorded in the outbox either way.
 */
export interface MailSender {
  readonly kind: 'smtp' | 'outbox';
  readonly sandbox: boolean;
  send(message: MailMessage): Promise<void>;
}
