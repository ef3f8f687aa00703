import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComposeResponse, Post } from '../../src/contracts/posts';
import { posts, sandboxGrants } from '../../src/server/db/schema';
import { runPostFollowUps } from '../../src/server/modules/publishing';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { asUser, daysFromNow } from '../factories/posts';
import { postRow } from '../factories/publishing';
import { connectThroughSimulator } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** The pipeline, unchanged, with a Mastodon account: its server's limit, a thread, the status's link. */
describe.each(databaseKinds)('Mastodon through the publishing pipeline on %s', (kind) => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp(kind);
    cookie = (await signUp(t.app)).cookie;
  });
  afterAll(() => t.close());

  async function connect(server: string): Promise<string> {
    const done = await connectThroughSimulator(t.app, cookie, 'mastodon', {
      start: `/api/auth/social/mastodon?server=${server}`,
      fields: {
        account: '__new__',
        username: `pipe_${randomBytes(4).toString('hex')}`,
        decision: 'authorize',
      },
    });
    return done.result['account-id'] as string;
  }

  it('schedules against each account’s own server’s limit, publishes a thread whose replies go out after it, and revokes at disconnect', async () => {
    const roomy = await connect('chars1000.example');
    const plain = await connect('mastodon.social');
    const long = `Our autumn menu, in full. ${'Bread and butter. '.repeat(40)}`;
    const refused = await asUser(t.app, cookie).post('/api/posts/compose', {
      content: long,
      hashtags: [],
      targets: [{ platform: 'mastodon', socialAccountId: plain }],
      scheduledAt: daysFromNow(1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/Mastodon allows 500/);

    const composed = await asUser(t.app, cookie).post('/api/posts/compose', {
      content: long,
      hashtags: ['Bakery'],
      targets: [{ platform: 'mastodon', socialAccountId: roomy, postType: 'thread' }],
      thread: [{ content: 'And the drinks list follows tomorrow.', mediaIds: [] }],
      scheduledAt: daysFromNow(1),
    });
    expect(composed.statusCode, composed.body).toBe(201);
    const [post] = composed.json<ComposeResponse>().posts as Post[];
    // Due now: the worker's claim takes a post whose time has come.
    await t.ctx.database.db
      .update(posts)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, post?.id as string));
    expect(await publishPost(t.ctx, { postId: post?.id as string, version: 1 })).toBe('published');
    await runPostFollowUps(t.ctx, post?.id as string);
    const row = await postRow(t, post?.id as string);
    expect(row.externalUrl).toMatch(/\/sandbox\/mastodon\/chars1000\.example\/@pipe_[0-9a-f]{8}\/\d+$/);
    expect(row.thread[0]).toMatchObject({ status: 'published', externalId: expect.stringMatching(/^\d+$/) });

    // Disconnecting revokes the token at the server (POST /oauth/revoke).
    const liveTokens = async () =>
      (
        await t.ctx.database.db
          .select()
          .from(sandboxGrants)
          .where(
            and(
              eq(sandboxGrants.platform, 'mastodon'),
              eq(sandboxGrants.kind, 'access'),
              isNull(sandboxGrants.revokedAt),
            ),
          )
      ).length;
    const before = await liveTokens();
    const removed = await asUser(t.app, cookie).delete(`/api/user/social-accounts/${roomy}`);
    expect(removed.statusCode).toBeLessThan(300);
    expect(await liveTokens()).toBe(before - 1);
  });
});
