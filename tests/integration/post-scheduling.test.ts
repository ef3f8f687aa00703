import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComposeResponse, Post, PostDetail, ScheduleResponse } from '../../src/contracts/posts';
import { posts } from '../../src/server/db/schema';
import { PUBLISH_POST_JOB } from '../../src/server/modules/publishing/publish-queue';
import { uploadImage } from '../factories/media';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { connectX } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** The publish jobs pg-boss holds for a post, oldest first. */
interface QueuedJob {
  id: string;
  state: string;
  version: number;
  startAfter: Date;
}

describe.each(databaseKinds)('scheduling and its publish jobs on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function jobsOf(postId: string): Promise<QueuedJob[]> {
    const result = await t.ctx.database.executeSql(
      `select id::text as id, state::text as state, (data->>'version')::int as version, start_after as "startAfter"
         from pgboss.job where name = $1 and data->>'postId' = $2 order by created_on`,
      [PUBLISH_POST_JOB, postId],
    );
    return (result.rows as QueuedJob[]).map((row) => ({ ...row, startAfter: new Date(row.startAfter) }));
  }
  const versionOf = async (id: string) => {
    const [row] = await t.ctx.database.db.select().from(posts).where(eq(posts.id, id));
    return row?.publishVersion;
  };

  it('queues one publish job at the scheduled time, carrying the post version', async () => {
    const { cookie } = await signUp(t.app);
    const post = await createPost(t.app, cookie);
    const at = daysFromNow(1);
    const answer = await asUser(t.app, cookie).post(`/api/posts/${post.id}/schedule`, { scheduledAt: at });
    expect(answer.statusCode).toBe(200);
    const scheduled = answer.json<ScheduleResponse>();
    expect(scheduled.status).toBe('scheduled');
    const jobs = await jobsOf(post.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.state).toBe('created');
    expect(jobs[0]?.version).toBe(await versionOf(post.id));
    expect(jobs[0]?.startAfter.toISOString()).toBe(new Date(at).toISOString());
  });

  it('warns when no account of the platform is connected, and not once one is', async () => {
    const { cookie } = await signUp(t.app);
    const post = await createPost(t.app, cookie, { platform: 'twitter', content: 'Fresh bread at 7.' });
    const before = await asUser(t.app, cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    expect(before.json<ScheduleResponse>().warnings).toEqual([
      'No X (Twitter) account is connected yet. Connect one before the scheduled time, or the post will fail.',
    ]);
    await connectX(t.app, cookie);
    const after = await asUser(t.app, cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(2),
    });
    expect(after.json<ScheduleResponse>().warnings).toEqual([]);
  });

  it('moving a scheduled post replaces its job: the old one is cancelled, the new one carries the next version', async () => {
    const { cookie } = await signUp(t.app);
    const user = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie);
    await user.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(1) });
    const [first] = await jobsOf(post.id);
    const movedTo = daysFromNow(3);
    const moved = await user.patch(`/api/posts/${post.id}`, { scheduledAt: movedTo });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Post>().scheduledAt).toBe(new Date(movedTo).toISOString());
    const jobs = await jobsOf(post.id);
    expect(jobs).toHaveLength(2);
    expect(jobs[0]?.id).toBe(first?.id);
    expect(jobs[0]?.state).toBe('cancelled');
    expect(jobs[1]?.state).toBe('created');
    expect(jobs[1]?.version).toBe((first?.version ?? 0) + 1);
    expect(jobs[1]?.startAfter.toISOString()).toBe(new Date(movedTo).toISOString());
  });

  it('editing the text of a scheduled post makes its old job stale too', async () => {
    const { cookie } = await signUp(t.app);
    const user = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie);
    await user.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(1) });
    await user.patch(`/api/posts/${post.id}`, { content: 'Our spring menu, now with rhubarb.' });
    const jobs = await jobsOf(post.id);
    expect(jobs.map((job) => job.state)).toEqual(['cancelled', 'created']);
    expect(jobs[1]?.version).toBe(await versionOf(post.id));
  });

  it('refuses to move a draft, or to move a post into the past', async () => {
    const { cookie } = await signUp(t.app);
    const user = asUser(t.app, cookie);
    const draft = await createPost(t.app, cookie);
    const notScheduled = await user.patch(`/api/posts/${draft.id}`, { scheduledAt: daysFromNow(1) });
    expect(notScheduled.statusCode).toBe(400);
    await user.post(`/api/posts/${draft.id}/schedule`, { scheduledAt: daysFromNow(1) });
    const past = await user.patch(`/api/posts/${draft.id}`, { scheduledAt: daysFromNow(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('Choose a time in the future.');
  });

  it('cancels a scheduled post and removes its job; a cancelled post can be scheduled again', async () => {
    const { cookie } = await signUp(t.app);
    const user = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie);
    await user.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(1) });
    const cancelled = await user.post(`/api/posts/${post.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Post>().status).toBe('cancelled');
    expect((await jobsOf(post.id)).map((job) => job.state)).toEqual(['cancelled']);
    const again = await user.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(2) });
    expect(again.json<Post>().status).toBe('scheduled');
  });

  it('refuses to cancel a published post, and to retry one that has not failed', async () => {
    const { cookie } = await signUp(t.app);
    const user = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie);
    const retryDraft = await user.post(`/api/posts/${post.id}/retry`);
    expect(retryDraft.statusCode).toBe(409);
    await t.ctx.database.db
      .update(posts)
      .set({ status: 'published', publishedAt: new Date() })
      .where(eq(posts.id, post.id));
    const cancel = await user.post(`/api/posts/${post.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
  });

  it('retries a failed post now: scheduled again with a new job and no failure reason', async () => {
    const { cookie } = await signUp(t.app);
    const user = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie);
    await t.ctx.database.db
      .update(posts)
      .set({
        status: 'failed',
        failureReason: 'no connected account',
        scheduledAt: new Date(Date.now() - 60_000),
      })
      .where(and(eq(posts.id, post.id)));
    const answer = await user.post(`/api/posts/${post.id}/retry`);
    expect(answer.statusCode).toBe(200);
    const retried = answer.json<Post>();
    expect(retried.status).toBe('scheduled');
    expect(retried.failureReason).toBeNull();
    const jobs = await jobsOf(post.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.version).toBe(await versionOf(post.id));
  });

  it('shows the attempts on the post detail (none yet)', async () => {
    const { cookie } = await signUp(t.app);
    const post = await createPost(t.app, cookie);
    const detail = (await asUser(t.app, cookie).get(`/api/posts/${post.id}`)).json<PostDetail>();
    expect(detail.attempts).toEqual([]);
    expect(detail.attemptCount).toBe(0);
  });

  it('refuses to schedule an Instagram post without an image, with the reason', async () => {
    const { cookie } = await signUp(t.app);
    const post = await createPost(t.app, cookie, {
      platform: 'instagram',
      content: 'Spring menu.',
      hashtags: [],
    });
    const answer = await asUser(t.app, cookie).post(`/api/posts/${post.id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('Instagram needs an image: attach one before scheduling.');
    expect((await jobsOf(post.id)).length).toBe(0);
  });

  describe('pre-publish checks with media', () => {
    it('schedules an Instagram post with a square JPEG, and refuses a PNG or a too-wide image with the rule', async () => {
      const { cookie } = await signUp(t.app);
      const user = asUser(t.app, cookie);
      const jpeg = await uploadImage(t.app, cookie, 'jpeg', { width: 1080, height: 1080 });
      const png = await uploadImage(t.app, cookie, 'png', { width: 1080, height: 1080 });
      const wide = await uploadImage(t.app, cookie, 'jpeg', { width: 1200, height: 400 });
      const schedule = async (mediaIds: string[]) => {
        const post = (
          await user.post('/api/posts', { platform: 'instagram', content: 'Spring menu.', mediaIds })
        ).json<Post>();
        return user.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(1) });
      };
      expect((await schedule([jpeg.id])).statusCode).toBe(200);
      const asPng = await schedule([png.id]);
      expect(asPng.statusCode).toBe(400);
      expect(asPng.json().error.message).toBe('The image is PNG; Instagram accepts JPEG.');
      const tooWide = await schedule([wide.id]);
      expect(tooWide.statusCode).toBe(400);
      expect(tooWide.json().error.message).toBe(
        'The image is 1200×400; Instagram needs an aspect ratio between 4:5 (portrait) and 1.91:1 (landscape).',
      );
      const twoImages = await schedule([jpeg.id, jpeg.id]);
      expect(twoImages.statusCode).toBe(400);
    });

    it('refuses media of another workspace, or that does not exist', async () => {
      const { cookie } = await signUp(t.app);
      const other = await signUp(t.app);
      const foreign = await uploadImage(t.app, other.cookie);
      const user = asUser(t.app, cookie);
      for (const mediaIds of [[foreign.id], ['00000000-0000-4000-8000-000000000000']]) {
        const answer = await user.post('/api/posts', { platform: 'twitter', content: 'Hi', mediaIds });
        expect(answer.statusCode).toBe(400);
        expect(answer.json().error.message).toBe('That media file does not exist in this workspace.');
      }
    });
  });

  describe('composing one post for several accounts', () => {
    it('creates one scheduled post per target, grouped, each with its own job', async () => {
      const { cookie } = await signUp(t.app);
      const { result } = await connectX(t.app, cookie);
      const accountId = result['account-id'] as string;
      const at = daysFromNow(1);
      const answer = await asUser(t.app, cookie).post('/api/posts/compose', {
        content: 'Doors open at 8 tomorrow.',
        hashtags: ['Bakery'],
        targets: [
          { platform: 'twitter', socialAccountId: accountId },
          { platform: 'linkedin', socialAccountId: null },
        ],
        scheduledAt: at,
      });
      expect(answer.statusCode).toBe(201);
      const composed = answer.json<ComposeResponse>();
      expect(composed.posts).toHaveLength(2);
      expect(new Set(composed.posts.map((post) => post.groupId))).toEqual(new Set([composed.groupId]));
      expect(composed.posts.map((post) => [post.platform, post.status, post.socialAccountId])).toEqual([
        ['twitter', 'scheduled', accountId],
        ['linkedin', 'scheduled', null],
      ]);
      expect(composed.warnings).toEqual([
        'No LinkedIn account is connected yet. Connect one before the scheduled time, or the post will fail.',
      ]);
      for (const post of composed.posts) expect(await jobsOf(post.id)).toHaveLength(1);
    });

    it('saves drafts without jobs when asked', async () => {
      const { cookie } = await signUp(t.app);
      const answer = await asUser(t.app, cookie).post('/api/posts/compose', {
        content: 'An idea for next week.',
        targets: [{ platform: 'facebook', socialAccountId: null }],
        asDraft: true,
      });
      expect(answer.statusCode).toBe(201);
      const [draft] = answer.json<ComposeResponse>().posts;
      expect(draft?.status).toBe('draft');
      expect(await jobsOf(draft?.id ?? '')).toHaveLength(0);
    });

    it('saves nothing when one target fails its checks, and says which rule', async () => {
      const { cookie } = await signUp(t.app);
      const user = asUser(t.app, cookie);
      const answer = await user.post('/api/posts/compose', {
        content: 'x'.repeat(300),
        targets: [
          { platform: 'linkedin', socialAccountId: null },
          { platform: 'twitter', socialAccountId: null },
        ],
        scheduledAt: daysFromNow(1),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toMatch(/X \(Twitter\) allows 280/);
      expect((await user.get('/api/posts')).json<Post[]>()).toHaveLength(0);
    });

    it('refuses bad targets: none, repeated, another workspace account, a past time', async () => {
      const { cookie } = await signUp(t.app);
      const other = await signUp(t.app);
      const { result } = await connectX(t.app, other.cookie);
      const foreign = result['account-id'] as string;
      const user = asUser(t.app, cookie);
      const base = { content: 'Hello', scheduledAt: daysFromNow(1) };
      const cases = [
        { ...base, targets: [] },
        {
          ...base,
          targets: [
            { platform: 'linkedin', socialAccountId: null },
            { platform: 'linkedin', socialAccountId: null },
          ],
        },
        { ...base, targets: [{ platform: 'twitter', socialAccountId: foreign }] },
        { ...base, scheduledAt: daysFromNow(-1), targets: [{ platform: 'linkedin', socialAccountId: null }] },
        { content: 'Hello', targets: [{ platform: 'linkedin', socialAccountId: null }] },
      ];
      for (const body of cases) {
        const answer = await user.post('/api/posts/compose', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await user.get('/api/posts')).json<Post[]>()).toHaveLength(0);
    });
  });

  describe('the user time zone', () => {
    it('is null (the browser zone) until chosen, and can be set and cleared', async () => {
      const { cookie } = await signUp(t.app);
      const user = asUser(t.app, cookie);
      expect((await user.get('/api/auth/user')).json<{ timezone: string | null }>().timezone).toBeNull();
      const set = await user.put('/api/user/timezone', { timezone: 'Europe/Berlin' });
      expect(set.statusCode).toBe(200);
      expect((await user.get('/api/auth/user')).json<{ timezone: string | null }>().timezone).toBe(
        'Europe/Berlin',
      );
      await user.put('/api/user/timezone', { timezone: null });
      expect((await user.get('/api/auth/user')).json<{ timezone: string | null }>().timezone).toBeNull();
    });

    it('refuses a zone that does not exist', async () => {
      const { cookie } = await signUp(t.app);
      const answer = await asUser(t.app, cookie).put('/api/user/timezone', { timezone: 'Mars/Olympus' });
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json())).toMatch(/Choose a time zone/);
    });
  });
});
