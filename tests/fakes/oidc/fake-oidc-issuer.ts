import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOidcUser {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  name: string;
}

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY_ID = 'fake-key-1';

function signIdToken(claims: Record<string, unknown>) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'RS256', typ: 'JWT', kid: KEY_ID })}.${encode(claims)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), privateKey).toString('base64url')}`;
}

/**
 * A loopback OpenID Connect issuer following the documented shapes: discovery, the authorization
 * endpoint (code flow, S256 PKCE required), a token endpoint that checks the client secret and the
 * code verifier and answers with an RS256-signed ID token (keys at jwks_uri, nonce echoed),
 * and userinfo. `nextUser` is who "signs in" at the provider.
 */
export async function startFakeOidcIssuer(client: { clientId: string; clientSecret: string }) {
  const codes = new Map<
    string,
    { challenge: string; redirectUri: string; nonce: string | null; user: FakeOidcUser }
  >();
  const tokens = new Map<string, FakeOidcUser>();
  const state = {
    nextUser: undefined as FakeOidcUser | undefined,
    tokenRequests: 0,
    discoveryRequests: 0,
    /** 'down': discovery answers 503 (a provider being restarted); 'hang': it never answers. */
    discovery: 'up' as 'up' | 'down' | 'hang',
    /** 'hang': the token endpoint takes the request and never answers; 'drop': it hangs up. */
    token: 'up' as 'up' | 'hang' | 'drop',
  };
  const hanging = new Set<import('node:http').ServerResponse>();
  let issuer = '';

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      state.discoveryRequests++;
      if (state.discovery === 'hang') return hanging.add(res);
      if (state.discovery === 'down') return json(503, { error: 'temporarily_unavailable' });
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'profile', 'email'],
      });
    }
    if (url.pathname === '/jwks') {
      return json(200, {
        keys: [{ ...publicKey.export({ format: 'jwk' }), kid: KEY_ID, alg: 'RS256', use: 'sig' }],
      });
    }
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (p.get('client_id') !== client.clientId || p.get('response_type') !== 'code') {
        return json(400, { error: 'invalid_request' });
      }
      if (p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) {
        return json(400, { error: 'invalid_request', error_description: 'PKCE required' });
      }
      if (!state.nextUser) return json(400, { error: 'access_denied' });
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        challenge: p.get('code_challenge') ?? '',
        redirectUri: p.get('redirect_uri') ?? '',
        nonce: p.get('nonce'),
        user: state.nextUser,
      });
      const back = new URL(p.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      state.tokenRequests++;
      if (state.token === 'hang') return hanging.add(res);
      if (state.token === 'drop') return res.socket?.destroy();
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64')
            .toString()
            .split(':')
            .map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (basic[0] !== client.clientId || basic[1] !== client.clientSecret)
        return json(401, { error: 'invalid_client' });
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri')) {
        return json(400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.user);
      const now = Math.floor(Date.now() / 1000);
      const idToken = signIdToken({
        iss: issuer,
        aud: client.clientId,
        iat: now,
        exp: now + 300,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
        ...grant.user,
        email_verified: true,
      });
      return json(200, {
        access_token: accessToken,
        id_token: idToken,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid profile email',
      });
    }
    if (url.pathname === '/userinfo') {
      const user = tokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
      if (!user) return json(401, { error: 'invalid_token' });
      return json(200, { ...user, email_verified: true });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    state,
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
