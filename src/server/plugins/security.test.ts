import { describe, expect, it } from 'vitest';
import { isForeignOrigin, securityHeaders } from './security';

const APP = 'https://app.kitepost.test';

describe('isForeignOrigin', () => {
  it('lets requests without Origin through (not a browser page)', () => {
    expect(isForeignOrigin(undefined, 'app.kitepost.test', APP)).toBe(false);
  });
  it('accepts the app origin and the host the request was sent to', () => {
    expect(isForeignOrigin(APP, 'internal:5000', APP)).toBe(false);
    expect(isForeignOrigin('http://127.0.0.1:5000', '127.0.0.1:5000', APP)).toBe(false);
  });
  it('in production, accepts only the app origin, whatever Host the request names', () => {
    const production = { trustHost: false };
    expect(isForeignOrigin(APP, 'internal:5000', APP, production)).toBe(false);
    expect(isForeignOrigin('http://127.0.0.1:5000', '127.0.0.1:5000', APP, production)).toBe(true);
    expect(isForeignOrigin('https://rebound.example', 'rebound.example', APP, production)).toBe(true);
  });
  it('refuses other origins, look-alikes, "null" and garbage', () => {
    expect(isForeignOrigin('https://evil.example', 'app.kitepost.test', APP)).toBe(true);
    expect(isForeignOrigin('https://app.kitepost.test.evil.example', 'app.kitepost.test', APP)).toBe(true);
    expect(isForeignOrigin('http://app.kitepost.test:8080', 'app.kitepost.test', APP)).toBe(true);
    expect(isForeignOrigin('null', 'app.kitepost.test', APP)).toBe(true);
    expect(isForeignOrigin('::::', 'app.kitepost.test', APP)).toBe(true);
  });
});

describe('securityHeaders', () => {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] },
    },
    hsts: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  it("computes helmet's headers once, lower-cased", () => {
    expect(headers['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });

  it('leaves out what is switched off', () => {
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({ hsts: { maxAge: 100 } })['strict-transport-security']).toBe(
      'max-age=100; includeSubDomains',
    );
  });
});
