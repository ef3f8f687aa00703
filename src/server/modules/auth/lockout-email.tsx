import type { MailMessage } from '../../integrations/mail/mail-sender';
import {
  EmailButton,
  EmailDocument,
  EmailFooter,
  EmailHeading,
  EmailParagraph,
  renderEmailHtml,
} from '../notifications';

export interface LockoutEmailInput {
  to: string;
  firstName: string;
  /** How long password sign-in stays refused, in minutes. */
  minutes: number;
  /** Where the owner changes their password (Settings). */
  settingsUrl: string;
}

const subject = 'Too many failed sign-ins to your Kitepost account';

function wordsOf(input: LockoutEmailInput) {
  return {
    greeting: input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,',
    what: `Someone entered a wrong password for your Kitepost account (${input.to}) too many times, so signing in with a password is paused for ${input.minutes} minutes. Your account and your posts are safe.`,
    ifYou: 'If this was you, wait a little and try again.',
    ifNot: 'If it was not you, nobody got in: once signed in, choose a new, longer password in Settings.',
    settingsUrl: input.settingsUrl,
  };
}

function LockoutEmail({ words }: { words: ReturnType<typeof wordsOf> }) {
  return (
    <EmailDocument>
      <EmailHeading>{subject}</EmailHeading>
      <EmailParagraph>{words.greeting}</EmailParagraph>
      <EmailParagraph>{words.what}</EmailParagraph>
      <EmailParagraph>{words.ifYou}</EmailParagraph>
      <EmailButton href={words.settingsUrl}>Open Settings</EmailButton>
      <EmailFooter>{words.ifNot}</EmailFooter>
    </EmailDocument>
  );
}

/**
 * Sent once per lockout to the owner of an account whose password was guessed at too often:
 * they learn of it, and of what to do if it was not them. Never says from where (a stranger's
 * address means nothing to them and everything to a stalker reading a shared inbox).
 */
export async function composeLockoutEmail(input: LockoutEmailInput): Promise<MailMessage> {
  const words = wordsOf(input);
  const text = [
    words.greeting,
    '',
    words.what,
    '',
    words.ifYou,
    words.ifNot,
    '',
    `Settings: ${words.settingsUrl}`,
    '',
  ].join('\n');
  return { to: input.to, subject, text, html: await renderEmailHtml(<LockoutEmail words={words} />) };
}
