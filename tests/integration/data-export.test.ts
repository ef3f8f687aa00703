import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, postComments, posts, users } from '../../src/server/db/schema';
import { issueAccessCode } from '../../src/server/modules/users/users.service';
import {
  addMember,
  insertAnalyticsAccount,
  insertGenerationRun,
  insertPublishedPost,
} from '../factories/analytics';
import { uploadImage } from '../factories/media';
import { asUser, createPost } from '../factories/posts';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

type Exported = {
  format: string;
  exportedAt: string;
  profile: Record<string, unknown>;
  settings: Record<string, unknown>;
  memberships: Array<{ workspaceId: string; workspaceName: string; role: string }>;
  workspaces: Array<{
    id: string;
    owned: boolean;
    role: string;
    postsScope: string;
    posts: Array<{ id: string; content: string; comments: Array<{ body: string }>; metrics: unknown }>;
    [key: string]: unknown;
  }>;
  notifications: Array<{ title: string }>;
};

describe.each(databaseKinds)('GET /api/user/export on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const workspaceOf = (user: { user: { id: string } }) =>
    (user.user as unknown as { workspace: { id: string } }).workspace.id;

  async function exportOf(cookie: string) {
    const response = await asUser(t.app, cookie).get('/api/user/export');
    expect(response.statusCode).toBe(200);
    return { response, data: response.json() as Exported };
  }

  it("downloads everything of the user's as a JSON file: profile, settings, workspace, posts", async () => {
    const owner = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    const api = asUser(t.app, owner.cookie);
    const workspaceId = workspaceOf(owner);
    await api.put('/api/user/settings', { company: 'Glow Candles', weeklyReports: false });
    const kit = await api.put('/api/user/brand-kit', {
      brandName: 'Glow',
      voiceDescription: 'Warm',
      defaultTone: 'casual',
      audience: 'Candle lovers',
      keywords: ['soy'],
      bannedWords: [],
      requiredHashtags: ['Glow'],
      emojiPolicy: 'sparing',
      graphicFont: 'rounded',
      learnFromResults: false,
    });
    expect(kit.statusCode).toBe(200);
    const first = await createPost(t.app, owner.cookie, { content: 'Spring candles are here' });
    const second = await createPost(t.app, owner.cookie, {
      content: 'Our winter collection',
      platform: 'twitter',
    });
    const image = await uploadImage(t.app, owner.cookie, 'png', { width: 64, height: 64 });
    const account = await insertAnalyticsAccount(t, workspaceId, { username: 'glow_candles' });
    const published = await insertPublishedPost(t, workspaceId, {
      socialAccountId: account.id,
      content: 'Published with numbers',
      metrics: { likes: 12, reach: 340 },
    });
    expect((await api.put(`/api/ai/voice/${published.id}`, { state: 'pinned' })).statusCode).toBe(200);
    await insertGenerationRun(t, workspaceId, { postCount: 3, userId: owner.user.id });
    const bioSlug = `glow-${workspaceId.slice(0, 8)}`;
    const bio = await asUser(t.app, owner.cookie).put('/api/bio-page', {
      slug: bioSlug,
      title: 'Glow Candles',
      links: [{ title: 'Shop', url: 'https://glow.example/shop' }],
    });
    expect(bio.statusCode).toBe(200);
    const db = t.ctx.database.db;
    await db.insert(postComments).values({
      workspaceId,
      postId: first.id,
      authorUserId: owner.user.id,
      body: 'Looks good to me',
    });
    await db.insert(notifications).values({
      userId: owner.user.id,
      workspaceId,
      kind: 'post_failed',
      title: 'A post could not be published',
      body: 'Reconnect the account',
    });

    const { response, data } = await exportOf(owner.cookie);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="kitepost-export-${today}.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    expect(data.format).toBe('kitepost-export/1');
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    expect(data.profile).toMatchObject({ id: owner.user.id, email: owner.email, firstName: 'Grace' });
    expect(data.settings).toMatchObject({ company: 'Glow Candles', weeklyReports: false });
    expect(data.memberships).toEqual([
      expect.objectContaining({ workspaceId, role: 'owner', workspaceName: "Grace's workspace" }),
    ]);
    const [workspace] = data.workspaces;
    expect(workspace).toMatchObject({
      id: workspaceId,
      owned: true,
      role: 'owner',
      plan: 'professional',
      subscriptionStatus: 'trialing',
      postsScope: 'all',
      brandKit: expect.objectContaining({
        brandName: 'Glow',
        requiredHashtags: ['Glow'],
        graphicFont: 'rounded',
        learnFromResults: false,
      }),
      voiceExamples: [{ postId: published.id, state: 'pinned', createdAt: expect.any(String) }],
      bioPage: expect.objectContaining({
        slug: bioSlug,
        links: [expect.objectContaining({ title: 'Shop', url: 'https://glow.example/shop' })],
      }),
      linkSettings: { shortLinks: false, utm: true },
      generations: expect.objectContaining({ runs: 1, postsGenerated: 3 }),
    });
    expect(workspace?.socialAccounts).toEqual([
      expect.objectContaining({ id: account.id, username: 'glow_candles', platform: 'linkedin' }),
    ]);
    expect(workspace?.media).toEqual([
      expect.objectContaining({ id: image.id, url: image.url, sizeBytes: image.sizeBytes, width: 64 }),
    ]);
    const exportedPosts = workspace?.posts ?? [];
    expect(exportedPosts.map((post) => post.id).sort()).toEqual([first.id, second.id, published.id].sort());
    const byId = new Map(exportedPosts.map((post) => [post.id, post]));
    expect(byId.get(first.id)).toMatchObject({
      content: 'Spring candles are here',
      status: 'draft',
      createdByUserId: owner.user.id,
      comments: [expect.objectContaining({ body: 'Looks good to me', authorName: 'Grace Hopper' })],
      metrics: null,
    });
    expect(byId.get(published.id)?.metrics).toMatchObject({ likes: 12, reach: 340, impressions: null });
    expect(data.notifications).toEqual([expect.objectContaining({ title: 'A post could not be published' })]);
  });

  it('never contains a password, the access code or a social token', async () => {
    const owner = await signUp(t.app);
    const workspaceId = workspaceOf(owner);
    const account = await insertAnalyticsAccount(t, workspaceId);
    await createPost(t.app, owner.cookie);
    const code = await issueAccessCode(t.ctx.database.db, t.ctx.accessCodes, owner.user.id);
    const { response } = await exportOf(owner.cookie);
    const text = response.body;
    const [user] = await t.ctx.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(text).not.toContain(owner.password);
    expect(text).not.toContain(`"${code}"`);
    expect(text).not.toContain(String(user?.accessCodeHash));
    expect(text).not.toContain(account.accessTokenEncrypted);
    expect(text).not.toMatch(/accessCode|password|token(?!ExpiresAt)/i);
  });

  it("in someone else's workspace: only the posts the user created, and nobody else's email", async () => {
    const owner = await signUp(t.app, { firstName: 'Olivia' });
    const workspaceId = workspaceOf(owner);
    const editor = await addMember(t, workspaceId, 'editor', { firstName: 'Eddie' });
    const ownersPost = await createPost(t.app, owner.cookie, { content: "The owner's own post" });
    const editorsPost = await createPost(t.app, editor.cookie, { content: "The editor's post" });
    const db = t.ctx.database.db;
    await db.insert(postComments).values([
      { workspaceId, postId: editorsPost.id, authorUserId: owner.user.id, body: 'Please shorten it' },
      { workspaceId, postId: ownersPost.id, authorUserId: editor.user.id, body: 'Nice one, boss' },
    ]);

    const mine = (await exportOf(editor.cookie)).data;
    const joined = mine.workspaces.find((w) => w.id === workspaceId);
    expect(joined).toMatchObject({ owned: false, role: 'editor', postsScope: 'created_by_you' });
    expect(joined?.posts.map((post) => post.id)).toEqual([editorsPost.id]);
    expect(joined?.posts[0]?.comments.map((c) => c.body)).toEqual(['Please shorten it']);
    expect(joined?.commentsOnOtherPosts).toEqual([
      expect.objectContaining({ postId: ownersPost.id, body: 'Nice one, boss' }),
    ]);
    // The workspace's other details (brand kit, accounts, media) are the owner's to export.
    expect(joined).not.toHaveProperty('brandKit');
    expect(joined).not.toHaveProperty('voiceExamples');
    expect(joined).not.toHaveProperty('bioPage');

    const { response, data } = await exportOf(owner.cookie);
    const owned = data.workspaces.find((w) => w.id === workspaceId);
    expect(owned?.posts.map((post) => post.id).sort()).toEqual([ownersPost.id, editorsPost.id].sort());
    expect(response.body).not.toContain(editor.email);
  });

  it('reads many posts a page at a time, each exactly once, even with equal creation times', async () => {
    const owner = await signUp(t.app);
    const workspaceId = workspaceOf(owner);
    const createdAt = new Date('2026-03-01T10:00:00.123Z');
    const rows = Array.from({ length: 2105 }, (_, i) => ({
      id: randomUUID(),
      workspaceId,
      platform: 'linkedin' as const,
      content: `Bulk post ${i}`,
      // Many share a time to the microsecond: the id must break the ties.
      createdAt: i < 1500 ? createdAt : new Date(createdAt.getTime() + i),
    }));
    await t.ctx.database.db.insert(posts).values(rows);
    const { data } = await exportOf(owner.cookie);
    const ids = data.workspaces[0]?.posts.map((post) => post.id) ?? [];
    expect(ids).toHaveLength(rows.length);
    expect(new Set(ids).size).toBe(rows.length);
  });

  it('refuses a signed-out caller with 401', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/export',
      remoteAddress: randomIp(),
    });
    expect(response.statusCode).toBe(401);
  });
});
