import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The core of the platforms' loopback fakes: an HTTP server on 127.0.0.1 that answers each request
 * with the next scripted reply (or a transport failure: a stall, a dropped connection) and records
 * the requests. Each platform's fake gives it the platform's own shape for "nothing scripted".
 */

export type ScriptedReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Answers nothing for `ms` (longer than the adapter's timeout), then 200 `{}`. */
  | { stallMs: number }
  /** Reads the request, then closes the connection without answering. */
  | { drop: true };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as sent (form-encoded or JSON text). */
  body: string;
}

export interface ScriptedServer {
  /** The server's origin, e.g. http://127.0.0.1:40123. */
  baseUrl: string;
  requests: RecordedRequest[];
  script(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

export async function startScriptedServer(unscripted: ScriptedReply): Promise<ScriptedServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
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
      const reply = queue.shift() ?? unscripted;
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
