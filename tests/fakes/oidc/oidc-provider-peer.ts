import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SIGNING_KEY = { ...privateKey.export({ format: 'jwk' }), kid: 'peer-key-1', alg: 'RS256', use: 'sig' };

/** Who may sign in at the peer: the claims it releases for them. */
export interface PeerAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  name: string;
}

/**
 * panva's `oidc-provider` (a certified OpenID Provider) in-process on a loopback port: a real
 * peer, not our reading of the specification. Its login and consent screens are replaced by an
 * interaction that finishes at once as `state.nextAccount` (who "signs in" at the provider).
 * Drive a browser through it with `followToCallback`.
 */
export async function startOidcProviderPeer(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}) {
  const accounts = new Map<string, PeerAccount>();
  const state = { nextAccount: undefined as string | undefined };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['oidc-provider-peer-cookie-key'] },
    jwks: { keys: [SIGNING_KEY] },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });
  // The peer's own errors are the test's business (it sees the redirect), not the console's.
  provider.on('server_error', () => {});

  const callback = provider.callback();
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        if (!state.nextAccount) {
          return provider.interactionFinished(req, res, {
            error: 'access_denied',
            error_description: 'nobody signs in',
          });
        }
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId: state.nextAccount } },
          { mergeWithLastSubmission: false },
        );
      }
      // Consent: grant what the client asked for.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: String(details.session?.accountId), clientId: client.clientId });
      if (!grant) throw new Error('grant not found');
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });

  /**
   * A browser at the peer: follows its redirects (keeping its cookies) from the authorization URL
   * until it is sent back to the client's redirect URI; answers that callback URL.
   */
  async function followToCallback(authorizationUrl: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.href.startsWith(client.redirectUri)) return url;
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the peer answered ${response.status}: ${await response.text()}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects at the peer');
  }

  return {
    issuer,
    state,
    addAccount: (account: PeerAccount) => accounts.set(account.sub, account),
    followToCallback,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
