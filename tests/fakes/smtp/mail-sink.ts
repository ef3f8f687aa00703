import { createServer } from 'node:http';
import { headerOf, partOf, type SmtpFake, startSmtpFake } from './smtp-fake';

/*
 * The e2e tests' mailbox: a real SMTP server (smtp-fake.ts, the `smtp-server` package) that an
 * e2e app server sends to through its SMTP_URL, exactly as it would to a relay, and a small HTTP
 * endpoint on another port where a test reads what arrived for an address. The app's emails
 * therefore go the production way (outbox row, `email.send` job, nodemailer, SMTP), and the test
 * reads the link a person would click, not a database row.
 */

export interface SinkMail {
  to: string[];
  subject: string;
  /** The decoded text/plain part ('' when there is none). */
  text: string;
  /** The decoded text/html part ('' when there is none). */
  html: string;
  receivedAt: string;
}

export interface MailSink {
  smtp: SmtpFake;
  close(): Promise<void>;
}

export async function startMailSink(options: {
  smtpPort: number;
  httpPort: number;
  host: string;
  credentials: { user: string; pass: string };
}): Promise<MailSink> {
  const smtp = await startSmtpFake(options.credentials, options.smtpPort);
  const receivedAt = new Map<number, string>();
  const mails = (): SinkMail[] =>
    smtp.received.map((mail, index) => {
      if (!receivedAt.has(index)) receivedAt.set(index, new Date().toISOString());
      return {
        to: mail.to,
        subject: headerOf(mail.raw, 'Subject') ?? '',
        text: partOf(mail.raw, 'text/plain') ?? '',
        html: partOf(mail.raw, 'text/html') ?? '',
        receivedAt: receivedAt.get(index) as string,
      };
    });

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
    if (url.pathname === '/__fake/health') return void response.writeHead(200).end('ok');
    // GET /__fake/mail?to=<address>: every message received for it, oldest first.
    if (url.pathname === '/__fake/mail' && request.method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = mails().filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to));
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify(found));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.httpPort, options.host, () => resolve());
  });
  return {
    smtp,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}
