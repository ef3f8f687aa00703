import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminSubscription, billingMessages } from '../../../../contracts/billing';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { getAdminSubscriptions } from './get-admin-subscriptions';
import { refundSubscription, replaceSubscriptionRow } from './refund-subscription';

afterEach(() => vi.unstubAllGlobals());

const row = (workspaceId: string, overrides: Partial<AdminSubscription> = {}): AdminSubscription => ({
  workspaceId,
  workspaceName: `Workspace ${workspaceId}`,
  ownerEmail: `${workspaceId}@example.com`,
  plan: 'starter',
  status: 'active',
  provider: 'sandbox',
  latestPayment: { amount: 19, paidAt: '2026-11-20T10:00:00.000Z', refundedAt: null, refundable: true },
  ...overrides,
});

describe('refundSubscription', () => {
  it('posts to the workspace’s refund route and answers the refunded row', async () => {
    const refunded = row('0b7c', {
      plan: 'free',
      status: 'cancelled',
      latestPayment: {
        amount: 19,
        paidAt: '2026-11-20T10:00:00.000Z',
        refundedAt: '2026-11-21T10:00:00.000Z',
        refundable: false,
      },
    });
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ refundedAmount: 19, subscription: refunded }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(refundSubscription('0b7c')).resolves.toEqual({ refundedAmount: 19, subscription: refunded });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/subscriptions/0b7c/refund');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('keeps an odd id inside its path segment', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ error: { code: 'validation_failed', message: 'Not a workspace id' } }, { status: 400 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(refundSubscription('../users')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/subscriptions/..%2Fusers/refund');
  });

  it('throws the server’s conflict with its code and message', async () => {
    const message = billingMessages.refundWindowPassed(14);
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'conflict', message } }, { status: 409 }),
    );
    const failure = await refundSubscription('0b7c').catch((error: unknown) => error);
    expect((failure as ApiError).code).toBe('conflict');
    expect(failureMessage(failure, '')).toBe(message);
  });
});

describe('replaceSubscriptionRow', () => {
  it('swaps only the row of that workspace, keeping the order', () => {
    const list = { subscriptions: [row('a'), row('b'), row('c')] };
    const changed = row('b', { status: 'cancelled', plan: 'free' });
    const next = replaceSubscriptionRow(list, changed);
    expect(next.subscriptions.map((item) => item.workspaceId)).toEqual(['a', 'b', 'c']);
    expect(next.subscriptions[1]).toBe(changed);
    expect(next.subscriptions[0]).toBe(list.subscriptions[0]);
  });
});

describe('getAdminSubscriptions', () => {
  it('reads the list with the contract', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ subscriptions: [row('a')] }));
    await expect(getAdminSubscriptions()).resolves.toEqual({ subscriptions: [row('a')] });
  });
});
