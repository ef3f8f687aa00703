import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingSubscription } from '../../../../contracts/billing';
import { getBillingSubscription } from './get-billing-subscription';
import { sandboxPortalAction } from './sandbox-portal-action';

afterEach(() => vi.unstubAllGlobals());

const cancelled: BillingSubscription = {
  plan: 'starter',
  status: 'active',
  trialEndsAt: null,
  currentPeriodEnd: '2026-12-24T10:00:00.000Z',
  cancelAtPeriodEnd: true,
  sandbox: true,
  paidPlansAvailable: true,
  canManageBilling: true,
  usage: {
    aiPosts: { used: 3, limit: 50 },
    socialAccounts: { used: 1, limit: 2 },
    members: { used: 1, limit: 1 },
  },
  features: { teamCollaboration: false, analytics: false },
};

describe('sandboxPortalAction', () => {
  it('sends the action as JSON and answers the subscription as it is now', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(cancelled));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sandboxPortalAction({ action: 'cancel' })).resolves.toEqual(cancelled);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/billing/sandbox/portal');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ action: 'cancel' });
  });

  it('refuses an answer that is not a subscription', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ plan: 'gold' }));
    await expect(sandboxPortalAction({ action: 'resume' })).rejects.toThrow();
  });

  it('sends a plan switch with the plan', async () => {
    const switched = { ...cancelled, plan: 'professional', cancelAtPeriodEnd: false };
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(switched));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sandboxPortalAction({ action: 'switch', plan: 'professional' })).resolves.toEqual(switched);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      action: 'switch',
      plan: 'professional',
    });
  });
});

describe('getBillingSubscription', () => {
  it('reads GET /api/billing/subscription with the contract', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(cancelled));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getBillingSubscription()).resolves.toEqual(cancelled);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/billing/subscription');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });
});
