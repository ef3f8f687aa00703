import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A webhook receiver on 127.0.0.1 (a real HTTP server, port 0): it records every POST with its
 * raw body and headers, and answers each path by a script the test sets (status codes in order,
 * then the last one again).
 */

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as received. */
  body: string;
}

export interface WebhookReceiver {
  origin: string;
  received: ReceivedWebhook[];
  /** `path` answers these statuses in order (the last repeats); default 200. */
  answer(path: string, ...statuses: number[]): void;
  /** `path` waits this long before it answers. */
  delay(path: string, ms: number): void;
  at(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, number[]>();
  const delays = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const script = scripts.get(path) ?? [200];
      const status = script.length > 1 ? (script.shift() as number) : (script[0] ?? 200);
      const reply = () =>
        response
          .writeHead(status, { 'content-type': 'text/plain' })
          .end(status < 300 ? 'ok' : `receiver says ${status}`);
      const wait = delays.get(path);
      if (wait) setTimeout(reply, wait);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, ...statuses) => scripts.set(path, statuses),
    delay: (path, ms) => delays.set(path, ms),
    at: (path) => received.filter((seen) => seen.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
