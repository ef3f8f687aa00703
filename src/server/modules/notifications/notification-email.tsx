import type { MailMessage } from '../../integrations/mail/mail-sender';
import {
  EmailButton,
  EmailDocument,
  EmailFooter,
  EmailHeading,
  EmailParagraph,
  Lines,
  renderEmailHtml,
} from './email-layout';

export interface NotificationEmailInput {
  to: string;
  firstName: string;
  workspaceName: string;
  title: string;
  body: string;
  /** Absolute, e.g. https://app.example.com/calendar?post=<id>; null: nothing to open. */
  url: string | null;
}

interface NotificationWords {
  greeting: string;
  title: string;
  body: string;
  url: string | null;
  footer: string;
}

function wordsOf(input: NotificationEmailInput): NotificationWords {
  return {
    greeting: input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,',
    title: input.title,
    body: input.body,
    url: input.url,
    footer: `You get this email because you are a member of the workspace "${input.workspaceName}" on Kitepost.`,
  };
}

function NotificationEmail({ words }: { words: NotificationWords }) {
  return (
    <EmailDocument>
      <EmailParagraph>{words.greeting}</EmailParagraph>
      <EmailHeading>{words.title}</EmailHeading>
      <EmailParagraph>
        <Lines text={words.body} />
      </EmailParagraph>
      {words.url ? <EmailButton href={words.url}>Open in Kitepost</EmailButton> : null}
      <EmailFooter>{words.footer}</EmailFooter>
    </EmailDocument>
  );
}

/** The email twin of an in-app notification: plain text, and HTML with the same words. */
export async function composeNotificationEmail(input: NotificationEmailInput): Promise<MailMessage> {
  const words = wordsOf(input);
  const text = [
    words.greeting,
    '',
    words.title,
    '',
    words.body,
    ...(words.url ? ['', `Open it in Kitepost: ${words.url}`] : []),
    '',
    '--',
    words.footer,
    '',
  ].join('\n');
  const html = await renderEmailHtml(<NotificationEmail words={words} />);
  return { to: input.to, subject: `Kitepost: ${input.title}`, text, html };
}
