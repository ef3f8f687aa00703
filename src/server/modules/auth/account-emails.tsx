import type { MailMessage } from '../../integrations/mail/mail-sender';
import {
  EmailButton,
  EmailDocument,
  EmailFooter,
  EmailHeading,
  EmailParagraph,
  renderEmailHtml,
} from '../notifications';

/**
 * The emails of account recovery and sign-in security (issue 23), in the look of every other
 * Kitepost email. A link's token is listed in `secrets`: the outbox stores it sealed (decision 046).
 */

interface EmailWords {
  subject: string;
  greeting: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  footer: string;
}

const greetingFor = (firstName: string) => (firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,');

function AccountEmail({ words }: { words: EmailWords }) {
  return (
    <EmailDocument>
      <EmailHeading>{words.subject}</EmailHeading>
      <EmailParagraph>{words.greeting}</EmailParagraph>
      {words.paragraphs.map((paragraph) => (
        <EmailParagraph key={paragraph}>{paragraph}</EmailParagraph>
      ))}
      {words.button ? <EmailButton href={words.button.url}>{words.button.label}</EmailButton> : null}
      <EmailFooter>{words.footer}</EmailFooter>
    </EmailDocument>
  );
}

async function compose(to: string, words: EmailWords, secrets?: string[]): Promise<MailMessage> {
  const text = [
    words.greeting,
    '',
    ...words.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(words.button ? [`${words.button.label}: ${words.button.url}`, ''] : []),
    words.footer,
    '',
  ].join('\n');
  const html = await renderEmailHtml(<AccountEmail words={words} />);
  return { to, subject: words.subject, text, html, ...(secrets ? { secrets } : {}) };
}

export function composePasswordResetEmail(input: {
  to: string;
  firstName: string;
  resetUrl: string;
  token: string;
  minutes: number;
}): Promise<MailMessage> {
  return compose(
    input.to,
    {
      subject: 'Reset your Kitepost password',
      greeting: greetingFor(input.firstName),
      paragraphs: [
        `Someone asked to reset the password of your Kitepost account (${input.to}). Choose a new one with the button below. The link works once, for ${input.minutes} minutes.`,
        'Choosing a new password signs out every browser and device signed in to your account.',
      ],
      button: { label: 'Choose a new password', url: input.resetUrl },
      footer: 'If you did not ask for this, ignore this email: your password stays as it is.',
    },
    [input.token],
  );
}

export function composePasswordResetNoticeEmail(input: {
  to: string;
  firstName: string;
  when: string;
  settingsUrl: string;
}): Promise<MailMessage> {
  return compose(input.to, {
    subject: 'Your Kitepost password was changed',
    greeting: greetingFor(input.firstName),
    paragraphs: [
      `The password of your Kitepost account (${input.to}) was changed with a reset link on ${input.when}. Every session was signed out, and the account's access code, if it had one, no longer works.`,
    ],
    button: { label: 'Open Settings', url: input.settingsUrl },
    footer:
      'If this was not you, someone can read your email: secure your email account first, then reset your Kitepost password again from the sign-in dialog.',
  });
}

export function composeEmailVerificationEmail(input: {
  to: string;
  firstName: string;
  verifyUrl: string;
  token: string;
  /** The address is one the user asked to change to (not the one they signed up with). */
  newAddress: boolean;
  hours: number;
}): Promise<MailMessage> {
  const paragraphs = input.newAddress
    ? [
        `You asked to use ${input.to} for your Kitepost account. Confirm it with the button below; your email address changes once you do. The link works for ${input.hours} hours.`,
      ]
    : [
        `Confirm that ${input.to} is your email address with the button below. Until then you cannot invite people to your team, and the weekly report is not sent. The link works for ${input.hours} hours.`,
      ];
  return compose(
    input.to,
    {
      subject: input.newAddress
        ? 'Confirm your new Kitepost email address'
        : 'Confirm your email address for Kitepost',
      greeting: greetingFor(input.firstName),
      paragraphs,
      button: { label: 'Confirm my email address', url: input.verifyUrl },
      footer: 'If you did not ask for this, ignore this email: nothing changes.',
    },
    [input.token],
  );
}

export function composeNewDeviceEmail(input: {
  to: string;
  firstName: string;
  when: string;
  device: string;
  /** The approximate place when a local location database knows the address, else null. */
  place: string | null;
  ipAddress: string | null;
  sessionsUrl: string;
}): Promise<MailMessage> {
  const from = [input.place, input.ipAddress ? `address ${input.ipAddress}` : null]
    .filter(Boolean)
    .join(', ');
  return compose(input.to, {
    subject: 'New sign-in to your Kitepost account',
    greeting: greetingFor(input.firstName),
    paragraphs: [
      `Your Kitepost account (${input.to}) was just signed in to from a browser it had not been used from before.`,
      `When: ${input.when}. Browser: ${input.device}.${from ? ` From: ${from}.` : ''}`,
      'If this was you, there is nothing to do.',
    ],
    button: { label: 'Review your sessions', url: input.sessionsUrl },
    footer:
      'If it was not you, open your sessions, sign out the others and change your password; turning on two-factor authentication keeps a guessed password from being enough.',
  });
}
