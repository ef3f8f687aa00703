import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A loopback web server for the outbound fetch and link previews: each path is a page the test
 * defines (HTML with Open Graph tags, a redirect, an endless or slow answer). It records what it
 * was asked and how many bytes each answer had sent when the client went away, so a test can
 * prove a download was cut off rather than read to the end.
 */

export type PageHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface WebPages {
  /** e.g. http://127.0.0.2:40123 */
  origin: string;
  port: number;
  page(path: string, handler: PageHandler): void;
  /** Requests seen, in order, with the headers they came with. */
  requests: { path: string; headers: IncomingMessage['headers'] }[];
  /** Bytes written per path before the answer finished or the client closed the connection. */
  bytesSent: Map<string, number>;
  close(): Promise<void>;
}

export async function startWebPages(host = '127.0.0.1'): Promise<WebPages> {
  const pages = new Map<string, PageHandler>();
  const requests: WebPages['requests'] = [];
  const bytesSent = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, headers: request.headers });
    const write = response.write.bind(response);
    response.write = ((chunk: unknown, ...rest: never[]) => {
      const size = typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Buffer).length;
      bytesSent.set(path, (bytesSent.get(path) ?? 0) + size);
      return write(chunk as Buffer, ...rest);
    }) as typeof response.write;
    const handler = pages.get(path.split('?')[0] ?? path);
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    page: (path, handler) => pages.set(path, handler),
    requests,
    bytesSent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An HTML page answer. */
export function html(body: string, headers: Record<string, string> = {}): PageHandler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    response.write(body);
    response.end();
  };
}

export function redirect(location: string, status = 302): PageHandler {
  return (_request, response) => {
    response.writeHead(status, { location }).end();
  };
}

/**
 * `head` then filler, 64 KB a write, until `totalBytes` or the client hangs up (a huge page).
 */
export function hugePage(head: string, totalBytes: number): PageHandler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.write(head);
    let sent = Buffer.byteLength(head);
    const filler = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (sent < totalBytes && !response.destroyed) {
        sent += filler.length;
        if (!response.write(filler)) {
          response.once('drain', pump);
          return;
        }
      }
      if (!response.destroyed) response.end();
    };
    response.on('close', () => response.removeAllListeners('drain'));
    pump();
  };
}

/** Sends the headers and a first byte, then nothing for `ms` (a page slower than any limit). */
export function slowPage(ms: number): PageHandler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.write('<');
    const timer = setTimeout(() => response.end('html></html>'), ms);
    response.on('close', () => clearTimeout(timer));
  };
}
