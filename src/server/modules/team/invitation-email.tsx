import type { MailMessage } from '../../integrations/mail/mail-sender';
import {
  EmailButton,
  EmailDocument,
  EmailFooter,
  EmailHeading,
  EmailLink,
  EmailParagraph,
  emailColors,
  plainName,
  renderEmailHtml,
} from '../notifications';

/** How much of the inviter's and the workspace's names the email shows. */
export const INVITER_NAME_MAX = 60;
const WORKSPACE_NAME_MAX = 80;

export interface InvitationEmailInput {
  to: string;
  /** "Ada Lovelace"; the subject uses the first name when there is one. */
  inviterName: string;
  inviterFirstName: string;
  workspaceName: string;
  roleLabel: string;
  roleDescription: string;
  /** The absolute invitation link: the only secret needed to join. */
  url: string;
  expiresAt: Date;
}

/** "June 12, 2026": the email cannot know the reader's zone, so the day is UTC's. */
export function formatExpiryDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

interface InvitationWords {
  subject: string;
  intro: string;
  role: string;
  url: string;
  expiry: string;
  footer: string;
}

function wordsOf(input: InvitationEmailInput): InvitationWords {
  // Chosen by whoever signed up: plain text, truncated, never a link (issue 18 §4).
  const inviterName = plainName(input.inviterName, INVITER_NAME_MAX);
  const inviter = plainName(input.inviterFirstName.trim() || input.inviterName, INVITER_NAME_MAX);
  const workspaceName = plainName(input.workspaceName, WORKSPACE_NAME_MAX);
  return {
    subject: `${inviter} invited you to ${workspaceName} on Kitepost`,
    intro: `${inviterName} invited you to join the workspace "${workspaceName}" on Kitepost as ${article(input.roleLabel)} ${input.roleLabel}.`,
    role: `${input.roleLabel}: ${input.roleDescription}`,
    url: input.url,
    expiry: `The invitation expires on ${formatExpiryDate(input.expiresAt)}. Anyone with this link can join, so keep it to yourself.`,
    footer: 'If you did not expect this invitation, you can ignore this email.',
  };
}

function InvitationEmail({ words }: { words: InvitationWords }) {
  return (
    <EmailDocument>
      <EmailHeading>{words.subject}</EmailHeading>
      <EmailParagraph>{words.intro}</EmailParagraph>
      <EmailParagraph style={{ color: emailColors.muted }}>{words.role}</EmailParagraph>
      <EmailButton href={words.url}>Accept invitation</EmailButton>
      <EmailParagraph style={{ fontSize: '13px' }}>
        {'Or open this link: '}
        <EmailLink href={words.url} style={{ wordBreak: 'break-all' }}>
          {words.url}
        </EmailLink>
      </EmailParagraph>
      <EmailParagraph style={{ fontSize: '13px', color: emailColors.muted }}>{words.expiry}</EmailParagraph>
      <EmailFooter>{words.footer}</EmailFooter>
    </EmailDocument>
  );
}

/** The invitation: plain text, and HTML with the same words and the link as a button. */
export async function composeInvitationEmail(input: InvitationEmailInput): Promise<MailMessage> {
  const words = wordsOf(input);
  const text = [
    'Hi,',
    '',
    words.intro,
    '',
    words.role,
    '',
    `Accept the invitation: ${words.url}`,
    '',
    words.expiry,
    '',
    '--',
    words.footer,
    '',
  ].join('\n');
  const html = await renderEmailHtml(<InvitationEmail words={words} />);
  return { to: input.to, subject: words.subject, text, html };
}

function article(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
