import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../src/server/db/schema';
import { restoreSecrets } from '../../src/server/integrations/mail/outbox-secrets';
import type { TestApp } from '../setup/app';
import { randomIp, signUp } from './users';

/**
 * The emails to `to` (optionally whose subject contains `subject`), newest first, as they would
 * be delivered: the outbox keeps link tokens sealed (decision 046), restored here as the mail job
 * restores them. Reads the app's own outbox, as the admin's outbox view does.
 */
export async function readMails(t: Pick<TestApp, 'ctx'>, to: string, subject?: string) {
  const rows = await t.ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), subject ? like(outbox.subject, `%${subject}%`) : undefined))
    .orderBy(desc(outbox.createdAt));
  return rows.map((row) => ({
    subject: row.subject,
    ...restoreSecrets(
      { text: row.textBody, html: row.htmlBody, secretsSealed: row.secretsSealed },
      t.ctx.tokenCipher,
    ),
  }));
}

/** The newest of readMails, or null. */
export async function readLatestMail(t: Pick<TestApp, 'ctx'>, to: string, subject?: string) {
  return (await readMails(t, to, subject))[0] ?? null;
}

/** The first link in a mail's text that goes to `path` on the app (e.g. '/verify-email'). */
export function linkIn(text: string, path: string): URL {
  const match = text.match(new RegExp(`https?://[^\\s]+${path}\\?[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return new URL(match[0]);
}

/** Opens the confirmation link sign-up emailed to `email`, as its owner would. */
export async function confirmEmail(t: Pick<TestApp, 'ctx' | 'app'>, email: string) {
  const mail = await readLatestMail(t, email, 'Confirm');
  if (!mail) throw new Error(`no confirmation email to ${email}`);
  const token = linkIn(mail.text, '/verify-email').searchParams.get('token');
  const response = await (t.app as FastifyInstance).inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token },
    remoteAddress: randomIp(),
  });
  if (response.statusCode !== 200)
    throw new Error(`confirming failed: ${response.statusCode} ${response.body}`);
}

/** A sign-up whose owner then opened the confirmation link (may invite, gets the weekly report). */
export async function signUpConfirmed(
  t: Pick<TestApp, 'ctx' | 'app'>,
  overrides: Parameters<typeof signUp>[1] = {},
) {
  const signedUp = await signUp(t.app, overrides);
  await confirmEmail(t, signedUp.email);
  return signedUp;
}
