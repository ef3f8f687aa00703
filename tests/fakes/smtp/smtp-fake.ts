import type { AddressInfo, Socket } from 'node:net';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/*
 * A loopback SMTP server (smtp-server, the SMTP protocol as a relay speaks it): it accepts AUTH
 * PLAIN/LOGIN with the given user and password over plain TCP (no STARTTLS: its certificate would
 * be self-signed) and keeps each message it receives, raw, with a decoder for its text part.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Who authenticated (undefined when the client did not). */
  user: string | undefined;
  /** The message as sent on the wire (headers and MIME body). */
  raw: string;
}

export interface SmtpFake {
  /** smtp://user:pass@127.0.0.1:<port> */
  url: string;
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpFake(
  credentials = { user: 'mailer', pass: 's3cret pass' },
  /** A fixed port (a relay that comes back where it was); 0 picks a free one. */
  listenPort = 0,
): Promise<SmtpFake> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const userInfo = `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}`;
  return {
    url: `smtp://${userInfo}@127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's value (unfolded), e.g. headerOf(raw, 'Subject'). */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The decoded body of the message's part of this content type (text/plain or text/html). */
export function partOf(raw: string, contentType: 'text/plain' | 'text/html'): string | undefined {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  for (const part of parts) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!new RegExp(`content-type:\\s*${contentType}`, 'i').test(head)) continue;
    const body = rest.join('\r\n\r\n');
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
    return body;
  }
  return undefined;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A relay that accepts connections and never answers (not even its greeting): a hung SMTP server. */
export async function startHangingSmtp(): Promise<{
  url: string;
  connections: number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const server = createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://mailer:pw@127.0.0.1:${port}`,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
