import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../src/server/db/schema';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

describe.each(databaseKinds)('posts API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const setStatus = (id: string, status: 'publishing' | 'published') =>
    t.ctx.database.db.update(posts).set({ status }).where(eq(posts.id, id));

  it('creates a draft and reads it back with every field', async () => {
    const { cookie } = await signUp(t.app);
    const created = await createPost(t.app, cookie, { platform: 'twitter', hashtags: ['#Brunch', 'Food'] });
    expect(created).toMatchObject({
      platform: 'twitter',
      content: 'Our new spring menu is here.',
      hashtags: ['Brunch', 'Food'],
      status: 'draft',
      scheduledAt: null,
      publishedAt: null,
      externalUrl: null,
      failureReason: null,
      brandFindings: [],
      mediaIds: [],
      groupId: null,
      attemptCount: 0,
      nextAttemptAt: null,
      utm: true,
    });
    const read = await asUser(t.app, cookie).get(`/api/posts/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...created, attempts: [], links: [] });
  });

  it('lists the workspace posts newest first on both list paths', async () => {
    const { cookie } = await signUp(t.app);
    const first = await createPost(t.app, cookie, { content: 'first' });
    const second = await createPost(t.app, cookie, { content: 'second' });
    for (const url of ['/api/user/posts', '/api/posts']) {
      const response = await asUser(t.app, cookie).get(url);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    }
  });

  it('filters by status and by date range, and caps the page', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const draft = await createPost(t.app, cookie, { content: 'stays a draft' });
    const soon = await createPost(t.app, cookie, { content: 'goes out soon' });
    const later = await createPost(t.app, cookie, { content: 'goes out later' });
    await api.post(`/api/posts/${soon.id}/schedule`, { scheduledAt: daysFromNow(2) });
    await api.post(`/api/posts/${later.id}/schedule`, { scheduledAt: daysFromNow(40) });

    const scheduled = (await api.get('/api/posts?status=scheduled')).json();
    expect(scheduled.map((p: { id: string }) => p.id).sort()).toEqual([soon.id, later.id].sort());
    const both = (await api.get('/api/posts?status=draft,scheduled')).json();
    expect(both).toHaveLength(3);

    const window = (await api.get(`/api/posts?from=${daysFromNow(1)}&to=${daysFromNow(10)}`)).json();
    expect(window.map((p: { id: string }) => p.id)).toEqual([soon.id]);
    const today = (await api.get(`/api/posts?from=${daysFromNow(-1)}&to=${daysFromNow(1)}`)).json();
    expect(today.map((p: { id: string }) => p.id)).toEqual([draft.id]);

    expect((await api.get('/api/posts?limit=1')).json()).toHaveLength(1);
    for (const query of ['status=bogus', 'from=yesterday', 'limit=0', 'limit=1000']) {
      expect((await api.get(`/api/posts?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('answers 404 for another workspace post, on every verb', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const post = await createPost(t.app, owner.cookie);
    const api = asUser(t.app, stranger.cookie);
    expect((await api.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await api.patch(`/api/posts/${post.id}`, { content: 'mine now' })).statusCode).toBe(404);
    expect(
      (await api.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(1) })).statusCode,
    ).toBe(404);
    expect((await api.delete(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await api.get('/api/posts')).json()).toEqual([]);
    // The owner's post is untouched.
    expect((await asUser(t.app, owner.cookie).get(`/api/posts/${post.id}`)).json().content).toBe(
      post.content,
    );
  });

  it('needs a session', async () => {
    for (const url of ['/api/posts', '/api/user/posts']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const created = await t.app.inject({ method: 'POST', url: '/api/posts', payload: { platform: 'x' } });
    expect(created.statusCode).toBe(401);
  });

  it('refuses bad input with 400 and the issue', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const cases: Array<[unknown, string]> = [
      [{ platform: 'discord', content: 'x' }, 'body.platform'],
      [{ platform: 'linkedin', content: '   ' }, 'body.content'],
      [{ platform: 'linkedin', content: 'ok', hashtags: ['no spaces allowed'] }, 'body.hashtags.0'],
      [{ platform: 'linkedin', content: 'ok', socialAccountId: 'nope' }, 'body.socialAccountId'],
    ];
    for (const [payload, path] of cases) {
      const response = await api.post('/api/posts', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.issues[0].path).toBe(path);
    }
    expect((await api.get('/api/posts/not-a-uuid')).statusCode).toBe(400);
    expect((await api.patch(`/api/posts/${crypto.randomUUID()}`, {})).statusCode).toBe(400);
    const unknownAccount = await api.post('/api/posts', {
      platform: 'linkedin',
      content: 'ok',
      socialAccountId: crypto.randomUUID(),
    });
    expect(unknownAccount.statusCode).toBe(400);
    expect(unknownAccount.json().error.message).toBe(
      'That social account is not connected to this workspace.',
    );
  });

  it('edits a draft, and refuses to edit a published post', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie);
    const edited = await api.patch(`/api/posts/${post.id}`, { content: 'Edited text', hashtags: ['New'] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ content: 'Edited text', hashtags: ['New'], platform: 'linkedin' });
    expect(Date.parse(edited.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(post.updatedAt));

    await setStatus(post.id, 'published');
    const refused = await api.patch(`/api/posts/${post.id}`, { content: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect((await api.get(`/api/posts/${post.id}`)).json().content).toBe('Edited text');
  });

  it('schedules a post in the future', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie);
    const at = new Date(Date.now() + 26 * 60 * 60 * 1000);
    at.setUTCSeconds(0, 0);
    const response = await api.post(`/api/posts/${post.id}/schedule`, { scheduledAt: at.toISOString() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString() });
    // An offset other than Z means the same instant.
    const withOffset = at.toISOString().replace('Z', '+00:00');
    const again = await api.post(`/api/posts/${post.id}/schedule`, { scheduledAt: withOffset });
    expect(again.json().scheduledAt).toBe(at.toISOString());
  });

  it('refuses a past or malformed time with 400 and keeps the post a draft', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie);
    const past = await api.post(`/api/posts/${post.id}/schedule`, { scheduledAt: daysFromNow(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('Choose a time in the future.');
    for (const scheduledAt of ['tomorrow', '2026-13-01T14:00:00Z', '2026-12-01 14:00', '', 42]) {
      const response = await api.post(`/api/posts/${post.id}/schedule`, { scheduledAt });
      expect(response.statusCode, String(scheduledAt)).toBe(400);
    }
    expect((await api.get(`/api/posts/${post.id}`)).json().status).toBe('draft');
  });

  it('refuses to schedule content over the platform limit, counting X the weighted way', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    // 260 letters plus '\n\n#Launch' = 269 fits; the same with a long link counts the link as 23.
    const fits = await createPost(t.app, cookie, {
      platform: 'twitter',
      content: `${'a'.repeat(230)} https://example.com/${'very-long-path/'.repeat(20)}`,
      hashtags: ['Launch'],
    });
    expect(
      (await api.post(`/api/posts/${fits.id}/schedule`, { scheduledAt: daysFromNow(1) })).statusCode,
    ).toBe(200);

    const tooLong = await createPost(t.app, cookie, {
      platform: 'twitter',
      content: '🎉'.repeat(141),
      hashtags: [],
    });
    const refused = await api.post(`/api/posts/${tooLong.id}/schedule`, { scheduledAt: daysFromNow(1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'This post has 282 characters; X (Twitter) allows 280. Shorten it before scheduling.',
    );
    // The same text fits LinkedIn.
    const linkedin = await createPost(t.app, cookie, { platform: 'linkedin', content: '🎉'.repeat(141) });
    expect(
      (await api.post(`/api/posts/${linkedin.id}/schedule`, { scheduledAt: daysFromNow(1) })).statusCode,
    ).toBe(200);
    // Editing a scheduled post past the limit is refused too.
    const edit = await api.patch(`/api/posts/${fits.id}`, { content: 'b'.repeat(281) });
    expect(edit.statusCode).toBe(400);
  });

  it('deletes a post (204, then 404), but not one being published', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const post = await createPost(t.app, cookie);
    expect((await api.delete(`/api/posts/${post.id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/api/posts/${post.id}`)).statusCode).toBe(404);

    const busy = await createPost(t.app, cookie);
    await setStatus(busy.id, 'publishing');
    expect((await api.delete(`/api/posts/${busy.id}`)).statusCode).toBe(409);
  });
});
