import type { MailMessage } from '../../integrations/mail/mail-sender';
import { escapeHtml } from '../notifications/notification-email';

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
  const inviter = input.inviterFirstName.trim() || input.inviterName;
  const subject = `${inviter} invited you to ${input.workspaceName} on Kitepost`;
  const intro = `${input.inviterName} invited you to join the workspace "${input.workspaceName}" on Kitepost as ${article(input.roleLabel)} ${input.roleLabel}.`;
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

  const paragraph = (content: string, style = 'margin:0 0 16px') => `<p style="${style}">${content}</p>`;
  const html = [
    '<!doctype html>',
    '<html><body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">',
    `<h1 style="margin:0 0 12px;font-size:18px">${escapeHtml(subject)}</h1>`,
    paragraph(escapeHtml(intro)),
    paragraph(escapeHtml(role), 'margin:0 0 16px;color:#475569'),
    paragraph(
      `<a href="${escapeHtml(input.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px;font-weight:600">Accept invitation</a>`,
    ),
    paragraph(
      `Or open this link: <a href="${escapeHtml(input.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(input.url)}</a>`,
      'margin:0 0 16px;font-size:13px',
    ),
    paragraph(escapeHtml(expiry), 'margin:0 0 16px;font-size:13px;color:#475569'),
    paragraph(escapeHtml(footer), 'margin:24px 0 0;font-size:12px;color:#64748b'),
    '</div></body></html>',
  ].join('');

  return { to: input.to, subject, text, html };
}

function article(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
