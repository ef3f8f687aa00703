import type { MailMessage } from '../../integrations/mail/mail-sender';
import {
  emailButton,
  emailDocument,
  emailFooter,
  emailHeading,
  emailParagraph,
  escapeHtml,
} from '../notifications';

export interface LockoutEmailInput {
  to: string;
  firstName: string;
  /** How long password sign-in stays refused, in minutes. */
  minutes: number;
  /** Where the owner changes their password (Settings). */
  settingsUrl: string;
}

/**
 * Sent once per lockout to the owner of an account whose password was guessed at too often:
 * they learn of it, and of what to do if it was not them. Never says from where (a stranger's
 * address means nothing to them and everything to a stalker reading a shared inbox).
 */
export function composeLockoutEmail(input: LockoutEmailInput): MailMessage {
  const subject = 'Too many failed sign-ins to your Kitepost account';
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const what = `Someone entered a wrong password for your Kitepost account (${input.to}) too many times, so signing in with a password is paused for ${input.minutes} minutes. Your account and your posts are safe.`;
  const ifYou = 'If this was you, wait a little and try again.';
  const ifNot =
    'If it was not you, nobody got in: once signed in, choose a new, longer password in Settings.';
  const text = [greeting, '', what, '', ifYou, ifNot, '', `Settings: ${input.settingsUrl}`, ''].join('\n');
  const html = emailDocument([
    emailHeading(subject),
    emailParagraph(escapeHtml(greeting)),
    emailParagraph(escapeHtml(what)),
    emailParagraph(escapeHtml(ifYou)),
    emailButton(input.settingsUrl, 'Open Settings'),
    emailFooter(escapeHtml(ifNot)),
  ]);
  return { to: input.to, subject, text, html };
}
