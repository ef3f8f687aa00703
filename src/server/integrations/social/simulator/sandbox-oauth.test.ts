import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  allowedRedirect,
  isValidChallenge,
  parseBasicAuth,
  redirectWith,
  storedChallenge,
  verifierMatches,
} from './sandbox-oauth';
import { escapeHtml, html } from './sandbox-page';
import { followersFor, newSnowflakeId } from './sandbox-store';

describe('PKCE', () => {
  // RFC 7636 appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('checks an S256 verifier against its challenge (RFC 7636 example)', () => {
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    expect(verifierMatches(storedChallenge(challenge, 'S256'), verifier)).toBe(true);
    expect(verifierMatches(storedChallenge(challenge, 'S256'), `${verifier.slice(0, -1)}Y`)).toBe(false);
    expect(verifierMatches(storedChallenge(challenge, 'S256'), undefined)).toBe(false);
  });

  it('checks a plain verifier, and a code without PKCE', () => {
    expect(verifierMatches(storedChallenge(verifier, 'plain'), verifier)).toBe(true);
    expect(verifierMatches(storedChallenge(verifier, 'plain'), challenge)).toBe(false);
    expect(verifierMatches(null, undefined)).toBe(true);
    expect(verifierMatches(null, verifier)).toBe(false);
  });

  it('accepts challenges of 43 to 128 unreserved characters only', () => {
    expect(isValidChallenge(challenge)).toBe(true);
    expect(isValidChallenge('short')).toBe(false);
    expect(isValidChallenge(`${challenge}!`)).toBe(false);
  });
});

describe('client and redirect checks', () => {
  it('reads Basic credentials', () => {
    const header = `Basic ${Buffer.from('kitepost-sandbox:s3cret:with-colon').toString('base64')}`;
    expect(parseBasicAuth(header)).toEqual({
      clientId: 'kitepost-sandbox',
      clientSecret: 's3cret:with-colon',
    });
    expect(parseBasicAuth('Bearer abc')).toBeNull();
    expect(parseBasicAuth(undefined)).toBeNull();
  });

  it("allows only the app's own origin as a redirect, and adds parameters to it", () => {
    const app = 'https://kitepost.example';
    expect(allowedRedirect(`${app}/api/cb?x=1`, app)?.toString()).toBe(`${app}/api/cb?x=1`);
    expect(allowedRedirect('https://evil.example/cb', app)).toBeNull();
    expect(allowedRedirect(`${app}.evil.example/cb`, app)).toBeNull();
    expect(allowedRedirect('not a url', app)).toBeNull();
    const url = allowedRedirect(`${app}/api/cb?x=1`, app);
    expect(url && redirectWith(url, { code: 'a b', state: 's&t' })).toBe(
      `${app}/api/cb?x=1&code=a+b&state=s%26t`,
    );
  });
});

describe('sandbox world', () => {
  it('gives the same handle the same plausible follower count', () => {
    expect(followersFor('maple_bakery42')).toBe(followersFor('Maple_Bakery42'));
    for (const handle of ['a', 'maple_bakery42', 'zz_top', 'kitepost']) {
      expect(followersFor(handle)).toBeGreaterThanOrEqual(40);
      expect(followersFor(handle)).toBeLessThanOrEqual(25_000);
    }
  });

  it('makes numeric, time-ordered ids', () => {
    const earlier = newSnowflakeId(Date.parse('2026-01-01T00:00:00Z'));
    const later = newSnowflakeId(Date.parse('2026-01-01T00:00:01Z'));
    expect(earlier).toMatch(/^\d{18,19}$/);
    expect(BigInt(later) > BigInt(earlier)).toBe(true);
  });

  it('escapes every interpolated value in pages', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(html`<p title="${'"><script>'}">${['<b>', html`<i>ok</i>`]}</p>`.html).toBe(
      '<p title="&quot;&gt;&lt;script&gt;">&lt;b&gt;<i>ok</i></p>',
    );
  });
});
