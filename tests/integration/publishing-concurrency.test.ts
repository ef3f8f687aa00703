import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformLabels } from '../../src/contracts/platforms';
import { publishingMessages } from '../../src/contracts/publishing';
import type { PublishInput, TokenSet } from '../../src/server/integrations/social/social-provider';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import {
  attemptsOf,
  insertAccount,
  insertScheduledPost,
  newWorkspace,
  postRow,
  type ScriptedPlatform,
  scriptedPlatform,
} from '../factories/publishing';
import { buildTestApp, type TestApp } from '../setup/app';

/*
 * PUBLISH_CONCURRENCY and PUBLISH_ACCOUNT_CONCURRENCY (publishing-slots.ts): how many posts one
 * process sends at once, and how many of them to one account. The platform takes a while to
 * answer, as real ones do, and counts how many calls each account has in flight.
 */

function countingPlatform() {
  const platform = scriptedPlatform('twitter');
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  let total = 0;
  let peakTotal = 0;
  const publish = platform.publish.bind(platform);
  platform.publish = async (tokens: TokenSet, input: PublishInput) => {
    const account = input.account.externalId;
    inFlight.set(account, (inFlight.get(account) ?? 0) + 1);
    peak.set(account, Math.max(peak.get(account) ?? 0, inFlight.get(account) ?? 0));
    peakTotal = Math.max(peakTotal, ++total);
    try {
      return await publish(tokens, input);
    } finally {
      inFlight.set(account, (inFlight.get(account) ?? 1) - 1);
      total--;
    }
  };
  return { platform, peak, peakTotal: () => peakTotal };
}

async function dueTo(t: TestApp, workspaceId: string, accountId: string, count: number) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    rows.push(await insertScheduledPost(t, workspaceId, { socialAccountId: accountId }));
  }
  return rows;
}

describe('publishing concurrency', () => {
  let t: TestApp;
  let counting: ReturnType<typeof countingPlatform>;
  let platform: ScriptedPlatform;
  beforeAll(async () => {
    counting = countingPlatform();
    platform = counting.platform;
    // The lease's floor (10 s) makes the deadline 7.5 s and the longest wait for an account 1.9 s.
    t = await buildTestApp(
      'pglite',
      { PUBLISH_ACCOUNT_CONCURRENCY: '2', PUBLISH_CONCURRENCY: '8', PUBLISH_LEASE_SECONDS: '10' },
      { socialProviders: { twitter: platform } },
    );
  });
  afterAll(() => t.close());

  it('reads both settings, with defaults sized for platforms that answer in hundreds of ms', async () => {
    expect(t.config.publishing).toMatchObject({ concurrency: 8, accountConcurrency: 2 });
    const defaults = await buildTestApp('pglite');
    try {
      expect(defaults.config.publishing).toMatchObject({ concurrency: 50, accountConcurrency: 3 });
    } finally {
      await defaults.close();
    }
  });

  it('never has more calls in flight to one account than PUBLISH_ACCOUNT_CONCURRENCY, while other accounts go on', async () => {
    platform.delayMs = 150;
    const workspace = await newWorkspace(t);
    const [first, second] = [
      await insertAccount(t, workspace.workspaceId),
      await insertAccount(t, workspace.workspaceId),
    ];
    const rows = [
      ...(await dueTo(t, workspace.workspaceId, first.id, 5)),
      ...(await dueTo(t, workspace.workspaceId, second.id, 5)),
    ];
    const outcomes = await Promise.all(
      rows.map((row) =>
        t.ctx.publishingSlots.posts.run(() => publishPost(t.ctx, { postId: row.id, version: 1 })),
      ),
    );
    expect(outcomes).toEqual(rows.map(() => 'published'));
    expect(counting.peak.get(first.externalId)).toBe(2);
    expect(counting.peak.get(second.externalId)).toBe(2);
    // Both accounts were sent to at the same time: four calls at once, within the process's eight.
    expect(counting.peakTotal()).toBe(4);
  });

  it('a post that waits too long for its account is retried later, and nothing was sent for it', async () => {
    platform.delayMs = 1_200;
    const workspace = await newWorkspace(t);
    const account = await insertAccount(t, workspace.workspaceId);
    const rows = await dueTo(t, workspace.workspaceId, account.id, 6);
    const outcomes = await Promise.all(rows.map((row) => publishPost(t.ctx, { postId: row.id, version: 1 })));
    // Two calls at once, 1.2 s each, and a wait of at most 1.9 s: the third and fourth get a slot
    // after 1.2 s, the fifth and sixth would only after 2.4 s, so at least one of them gives up.
    const retried = rows.filter((_, i) => outcomes[i] === 'retrying');
    expect(outcomes.slice(0, 4)).toEqual(['published', 'published', 'published', 'published']);
    expect(retried.length).toBeGreaterThan(0);
    expect(outcomes.filter((outcome) => outcome === 'published')).toHaveLength(6 - retried.length);
    for (const row of retried) {
      const post = await postRow(t, row.id);
      expect(post.status).toBe('scheduled');
      expect(platform.calls.some((call) => call.text.includes(row.content))).toBe(false);
      const [attempt] = await attemptsOf(t, row.id);
      expect(attempt).toMatchObject({
        errorKind: 'rate_limited',
        message: publishingMessages.accountBusy(platformLabels.twitter),
      });
    }
  });
});
