import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A loopback Graph API server for the answers the platform simulator does not give: each request
 * gets the next scripted reply, in the Graph API's documented shapes (platforms.md: the error object
 * `{"error":{message,type,code,error_subcode,fbtrace_id}}`, the usage headers with the time to
 * regain access), or a transport failure (a stall, a dropped connection). Requests are recorded for assertions.
 */

export type FacebookFakeReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Answers nothing for `ms` (longer than the adapter's timeout), then 200 `{}`. */
  | { stallMs: number }
  /** Reads the request, then closes the connection without answering. */
  | { drop: true };

export interface FacebookFakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as sent (form-encoded or JSON text). */
  body: string;
}

export interface FacebookFake {
  /** The API base URL an adapter is configured with (like https://graph.facebook.com/v23.0). */
  baseUrl: string;
  requests: FacebookFakeRequest[];
  script(...replies: FacebookFakeReply[]): void;
  close(): Promise<void>;
}

export async function startFacebookFake(): Promise<FacebookFake> {
  const queue: FacebookFakeReply[] = [];
  const requests: FacebookFakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = queue.shift() ?? {
        status: 500,
        body: {
          error: {
            message: 'The Facebook fake has no scripted reply',
            type: 'OAuthException',
            code: 1,
            fbtrace_id: 'fake',
          },
        },
      };
      if ('drop' in reply) {
        req.socket.destroy();
        return;
      }
      if ('stallMs' in reply) {
        const timer = setTimeout(() => {
          if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        }, reply.stallMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
      res
        .writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers })
        .end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
