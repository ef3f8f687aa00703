import type { MailMessage } from '../../integrations/mail/mail-sender';
import {
  emailButton,
  emailDocument,
  emailFooter,
  emailHeading,
  emailParagraph,
  escapeHtml,
  plainName,
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

/** The invitation: plain text, and simple HTML with the same words and the link as a button. */
export function composeInvitationEmail(input: InvitationEmailInput): MailMessage {
  // Chosen by whoever signed up: plain text, truncated, never a link (issue 18 §4).
  const inviterName = plainName(input.inviterName, INVITER_NAME_MAX);
  const inviter = plainName(input.inviterFirstName.trim() || input.inviterName, INVITER_NAME_MAX);
  const workspaceName = plainName(input.workspaceName, WORKSPACE_NAME_MAX);
  const subject = `${inviter} invited you to ${workspaceName} on Kitepost`;
  const intro = `${inviterName} invited you to join the workspace "${workspaceName}" on Kitepost as ${article(input.roleLabel)} ${input.roleLabel}.`;
  const role = `${input.roleLabel}: ${input.roleDescription}`;
  const expiry = `The invitation expires on ${formatExpiryDate(input.expiresAt)}. Anyone with this link can join, so keep it to yourself.`;
  const footer = `If you did not expect this invitation, you can ignore this email.`;

  const text = [
    'Hi,',
    '',
    intro,
    '',
    role,
    '',
    `Accept the invitation: ${input.url}`,
    '',
    expiry,
    '',
    '--',
    footer,
    '',
  ].join('\n');

  const html = emailDocument([
    emailHeading(subject),
    emailParagraph(escapeHtml(intro)),
    emailParagraph(escapeHtml(role), 'margin:0 0 16px;color:#475569'),
    emailButton(input.url, 'Accept invitation'),
    emailParagraph(
      `Or open this link: <a href="${escapeHtml(input.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(input.url)}</a>`,
      'margin:0 0 16px;font-size:13px',
    ),
    emailParagraph(escapeHtml(expiry), 'margin:0 0 16px;font-size:13px;color:#475569'),
    emailFooter(escapeHtml(footer)),
  ]);

  return { to: input.to, subject, text, html };
}

function article(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
