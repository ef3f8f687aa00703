import type { MailMessage } from '../../integrations/mail/mail-sender';

export interface NotificationEmailInput {
  to: string;
  firstName: string;
  workspaceName: string;
  title: string;
  body: string;
  /** Absolute, e.g. https://app.example.com/calendar?post=<id>; null: nothing to open. */
  url: string | null;
}

/** The email twin of an in-app notification: plain text, and simple HTML with the same words. */
export function composeNotificationEmail(input: NotificationEmailInput): MailMessage {
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const footer = `You get this email because you are a member of the workspace "${input.workspaceName}" on Kitepost.`;
  const text = [
    greeting,
    '',
    input.title,
    '',
    input.body,
    ...(input.url ? ['', `Open it in Kitepost: ${input.url}`] : []),
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
    paragraph(escapeHtml(greeting)),
    `<h1 style="margin:0 0 12px;font-size:18px">${escapeHtml(input.title)}</h1>`,
    paragraph(escapeHtml(input.body).replaceAll('\n', '<br>')),
    input.url
      ? paragraph(
          `<a href="${escapeHtml(input.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px;font-weight:600">Open in Kitepost</a>`,
        )
      : '',
    paragraph(escapeHtml(footer), 'margin:24px 0 0;font-size:12px;color:#64748b'),
    '</div></body></html>',
  ].join('');

  return { to: input.to, subject: `Kitepost: ${input.title}`, text, html };
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
