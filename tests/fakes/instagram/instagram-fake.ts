import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A loopback Instagram API (graph.instagram.com, and api.instagram.com's code exchange under
 * /oauth/access_token) for the answers the platform simulator does not give: each request gets
 * the next scripted reply, in Instagram's documented shapes (platforms.md: the Graph error object,
 * `{error_type, code, error_message}` on the code exchange, `x-business-use-case-usage`), or a
 * transport failure (a stall, a dropped connection). Requests are recorded for assertions.
 */

export type InstagramFakeReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Answers nothing for `ms` (longer than the adapter's timeout), then 200 `{}`. */
  | { stallMs: number }
  /** Reads the request, then closes the connection without answering. */
  | { drop: true };

export interface InstagramFakeRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as sent (form-encoded). */
  body: string;
}

export interface InstagramFake {
  /** The Graph base URL an adapter is configured with. */
  baseUrl: string;
  /** The code exchange URL (api.instagram.com/oauth/access_token's stand-in). */
  tokenUrl: string;
  requests: InstagramFakeRequest[];
  script(...replies: InstagramFakeReply[]): void;
  close(): Promise<void>;
}

export async function startInstagramFake(): Promise<InstagramFake> {
  const queue: InstagramFakeReply[] = [];
  const requests: InstagramFakeRequest[] = [];
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
            message: 'The Instagram fake has no scripted reply',
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
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    tokenUrl: `${baseUrl}/oauth/access_token`,
    requests,
    script: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
