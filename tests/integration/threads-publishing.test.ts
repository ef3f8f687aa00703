import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadItem } from '../../src/contracts/posts';
import type { SocialAccount } from '../../src/contracts/social-accounts';
import { sandboxPosts } from '../../src/server/db/schema';
import { runPostFollowUps } from '../../src/server/modules/publishing';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { asUser } from '../factories/posts';
import { insertScheduledPost, newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator } from '../factories/sandbox';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Threads through the publishing pipeline unchanged (architecture §11): an account connected in the
 * popup flow, a thread post published by the worker's service, its next posts sent as replies by the
 * follow-up steps, each a reply to the one before on the pretend Threads.
 */

const pending = (content: string): ThreadItem => ({
  content,
  mediaIds: [],
  status: 'pending',
  externalId: null,
  url: null,
  error: null,
});

describe.each(databaseKinds)('Threads through the publishing pipeline on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('connects a profile in the popup flow and publishes a thread as a chain of replies', async () => {
    const { cookie, workspaceId } = await newWorkspace(t);
    const username = `loaf_${randomBytes(3).toString('hex')}`;
    const done = await connectThroughSimulator(t.app, cookie, 'threads', {
      fields: { account: '__new__', username, decision: 'authorize' },
      checkAuthorize: (authorize) => {
        expect(authorize.pathname).toBe('/sandbox/threads/oauth/authorize');
        expect(authorize.searchParams.has('code_challenge')).toBe(false);
      },
    });
    expect(done.result.type).toBe('OAUTH_SUCCESS');
    const accounts = (await asUser(t.app, cookie).get('/api/user/social-accounts')).json() as SocialAccount[];
    const account = accounts.find((item) => item.platform === 'threads');
    expect(account).toMatchObject({ username, sandbox: true, status: 'connected' });
    expect(account?.followers).toBeGreaterThan(0);

    const m = randomBytes(3).toString('hex');
    const post = await insertScheduledPost(t, workspaceId, {
      platform: 'threads',
      socialAccountId: account?.id as string,
      postType: 'thread',
      content: `How we bake ${m} 1/3`,
      thread: [pending(`Overnight rest ${m} 2/3`), pending(`Ovens at dawn ${m} 3/3`)],
    });
    expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('published');
    await runPostFollowUps(t.ctx, post.id);
    const after = await postRow(t, post.id);
    expect(after.externalUrl).toContain(`/sandbox/threads/@${username}/post/`);
    const [second, third] = after.thread;
    expect(second).toMatchObject({
      status: 'published',
      error: null,
      url: expect.stringContaining('/post/'),
    });
    expect(third).toMatchObject({ status: 'published', error: null });
    const replyOf = async (externalId: string | null | undefined) =>
      (
        await t.ctx.database.db
          .select()
          .from(sandboxPosts)
          .where(eq(sandboxPosts.externalId, String(externalId)))
      )[0]?.media[0];
    expect(await replyOf(second?.externalId)).toMatchObject({ replyTo: after.externalId });
    expect(await replyOf(third?.externalId)).toMatchObject({ replyTo: second?.externalId });
  });
});
