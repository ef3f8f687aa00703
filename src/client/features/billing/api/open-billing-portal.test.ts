import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { openBillingPortal, portalDestination } from './open-billing-portal';

afterEach(() => vi.unstubAllGlobals());

const origin = 'https://app.kitepost.test';

describe('portalDestination', () => {
  it('follows the sandbox portal inside the app', () => {
    expect(portalDestination('/billing/sandbox-portal', origin)).toEqual({
      kind: 'in-app',
      path: '/billing/sandbox-portal',
    });
    expect(portalDestination(`${origin}/billing/sandbox-portal?x=1#top`, origin)).toEqual({
      kind: 'in-app',
      path: '/billing/sandbox-portal?x=1#top',
    });
  });

  it('leaves the app for Stripe’s portal', () => {
    const url = 'https://billing.stripe.com/p/session/test_123';
    expect(portalDestination(url, origin)).toEqual({ kind: 'external', url });
    // A protocol-relative path is another origin, not an in-app path.
    expect(portalDestination('//evil.test/x', origin)).toEqual({
      kind: 'external',
      url: 'https://evil.test/x',
    });
  });
});

describe('openBillingPortal', () => {
  it('posts to /api/billing/portal and answers the url', async () => {
    const fetchMock = vi.fn(async () => Response.json({ url: '/billing/sandbox-portal' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(openBillingPortal()).resolves.toEqual({ url: '/billing/sandbox-portal' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/billing/portal',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('throws the server’s refusal when there is no billing customer', async () => {
    const message = 'There is no billing account yet. Choose a plan first.';
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'conflict', message } }, { status: 409 }),
    );
    const failure = await openBillingPortal().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('conflict');
    expect(failureMessage(failure, '')).toBe(message);
  });
});
