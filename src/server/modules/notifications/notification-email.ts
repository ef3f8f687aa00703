import type { MailMessage } from '../../integrations/mail/mail-sender';
import {
  emailButton,
  emailDocument,
  emailFooter,
  emailHeading,
  emailParagraph,
  escapeHtml,
} from './email-html';

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

  const html = emailDocument([
    emailParagraph(escapeHtml(greeting)),
    emailHeading(input.title),
    emailParagraph(escapeHtml(input.body).replaceAll('\n', '<br>')),
    input.url ? emailButton(input.url, 'Open in Kitepost') : '',
    emailFooter(escapeHtml(footer)),
  ]);

  return { to: input.to, subject: `Kitepost: ${input.title}`, text, html };
}
