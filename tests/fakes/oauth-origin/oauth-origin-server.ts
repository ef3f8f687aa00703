import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

/*
 * A platform's sign-in on another origin. A real platform's consent page (x.com, linkedin.com,
 * facebook.com, instagram.com) is never on the app's origin, and Chromium decides from the
 * Cross-Origin-Opener-Policy of every page the popup goes through whether the popup keeps its
 * opener (HTML spec, "check if COOP values require a browsing context group switch"). The
 * simulator's consent page lives inside the app; this server is a second origin (another port)
 * that forwards to the app, so the e2e popup leaves the app's origin and comes back, as it does
 * for real (APP env SANDBOX_AUTHORIZE_ORIGIN points the sandbox's authorize URLs here).
 *
 * What the pages it serves say about COOP is the platform's business, not the app's: the app's
 * own header is removed and replaced by the policy chosen with `POST /__fake/coop?policy=...`
 * (`none`: no header, the popup keeps its opener if the app's pages allow it; `same-origin`: the
 * platform severs the opener itself, so only the app's BroadcastChannel fallback can answer).
 * The app's Content-Security-Policy is removed too: its `form-action 'self'` (the app's origin)
 * would refuse the consent form's redirect back to the app, which a platform's own CSP allows.
 */

export type FakeCoop = 'none' | 'same-origin' | 'same-origin-allow-popups';
const POLICIES: readonly FakeCoop[] = ['none', 'same-origin', 'same-origin-allow-popups'];

export interface OAuthOriginServer {
  close(): Promise<void>;
}

export function startOAuthOriginServer(options: {
  port: number;
  host: string;
  /** The app this origin forwards to, e.g. http://127.0.0.1:5055. */
  target: string;
}): Promise<OAuthOriginServer> {
  const target = new URL(options.target);
  let coop: FakeCoop = 'none';

  const control = (request: IncomingMessage, response: ServerResponse, url: URL) => {
    if (url.pathname === '/__fake/health') return void response.writeHead(200).end('ok');
    if (url.pathname === '/__fake/coop' && request.method === 'POST') {
      const policy = url.searchParams.get('policy') as FakeCoop | null;
      if (!policy || !POLICIES.includes(policy)) return void response.writeHead(400).end('unknown policy');
      coop = policy;
      return void response.writeHead(204).end();
    }
    response.writeHead(404).end();
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
    if (url.pathname.startsWith('/__fake/')) return control(request, response, url);
    // The Host header stays this origin's: the app's Origin check (outside production) accepts a
    // form posted to the host it was sent to, and the consent page's links stay on this origin.
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers['cross-origin-opener-policy'];
        delete headers['content-security-policy'];
        if (coop !== 'none') headers['cross-origin-opener-policy'] = coop;
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end('the app did not answer');
    });
    request.pipe(upstream);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () =>
      resolve({
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}
