import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A loopback LinkedIn server (API and token endpoint on one origin) for the answers the platform
 * simulator does not give: each request gets the next scripted reply, in LinkedIn's documented
 * shapes (platforms.md: `{status, serviceErrorCode, message}`, OAuth `{error, error_description}`,
 * a partner's refresh tokens, the post URN in `x-restli-id`), or a transport failure (a stall, a
 * dropped connection). Requests are recorded for assertions.
 */

export type LinkedInFakeReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Answers nothing for `ms` (longer than the adapter's timeout), then 201. */
  | { stallMs: number }
  /** Reads the request, then closes the connection without answering. */
  | { drop: true };

export interface LinkedInFakeRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as sent (form-encoded or JSON text). */
  body: string;
}

export interface LinkedInFake {
  /** The origin: the API base URL, and `${baseUrl}/oauth/v2/accessToken` the token URL. */
  baseUrl: string;
  requests: LinkedInFakeRequest[];
  script(...replies: LinkedInFakeReply[]): void;
  close(): Promise<void>;
}

export async function startLinkedInFake(): Promise<LinkedInFake> {
  const queue: LinkedInFakeReply[] = [];
  const requests: LinkedInFakeRequest[] = [];
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
        body: { message: 'The LinkedIn fake has no scripted reply', status: 500 },
      };
      if ('drop' in reply) {
        req.socket.destroy();
        return;
      }
      if ('stallMs' in reply) {
        const timer = setTimeout(() => {
          if (!res.destroyed) res.writeHead(201, { 'x-restli-id': 'urn:li:share:1' }).end();
        }, reply.stallMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
      res
        .writeHead(reply.status, {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...reply.headers,
        })
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
