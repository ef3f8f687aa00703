import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationList } from '../../src/contracts/notifications';
import { notifications, outbox, workspaceMembers } from '../../src/server/db/schema';
import type { MailSender } from '../../src/server/integrations/mail/mail-sender';
import { notifyWorkspace } from '../../src/server/modules/notifications/notifications.service';
import { asUser } from '../factories/posts';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

type Member = Awaited<ReturnType<typeof signUp>> & { workspaceId: string };

describe.each(databaseKinds)('failure notices on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const deps = (mail: MailSender = t.ctx.mail) => ({ ...t.ctx, mail });

  async function member(): Promise<Member> {
    const signedUp = await signUp(t.app);
    const { workspace } = signedUp.user as unknown as { workspace: { id: string } };
    return { ...signedUp, workspaceId: workspace.id };
  }

  /** An owner and two teammates whose only workspace (so their session's) is the owner's. */
  async function team() {
    const owner = await member();
    const editor = await member();
    const viewer = await member();
    for (const [teammate, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      await db().delete(workspaceMembers).where(eq(workspaceMembers.userId, teammate.user.id));
      await db()
        .insert(workspaceMembers)
        .values({ workspaceId: owner.workspaceId, userId: teammate.user.id, role });
    }
    return { owner, editor, viewer };
  }

  const postFailed = (workspaceId: string, postId: string, title = 'A post failed to publish') => ({
    workspaceId,
    kind: 'post_failed' as const,
    title,
    body: 'LinkedIn refused the post: the text is too long.',
    link: `/calendar?post=${postId}`,
    postId,
  });

  const list = async (cookie: string) => {
    const response = await asUser(t.app, cookie).get('/api/notifications');
    expect(response.statusCode).toBe(200);
    return response.json() as NotificationList;
  };

  it('notifies every member of the workspace, in the app and by email, and nobody else', async () => {
    const { owner, editor, viewer } = await team();
    const stranger = await member();
    const postId = crypto.randomUUID();

    await notifyWorkspace(deps(), postFailed(owner.workspaceId, postId));

    const rows = await db().select().from(notifications).where(eq(notifications.postId, postId));
    expect(rows.map((row) => row.userId).sort()).toEqual(
      [owner, editor, viewer].map((m) => m.user.id).sort(),
    );
    for (const row of rows) {
      expect(row).toMatchObject({
        workspaceId: owner.workspaceId,
        kind: 'post_failed',
        title: 'A post failed to publish',
        link: `/calendar?post=${postId}`,
        readAt: null,
      });
    }

    const emails = await db()
      .select()
      .from(outbox)
      .where(
        and(
          inArray(outbox.toAddress, [owner.email, editor.email, viewer.email, stranger.email]),
          // Not the sign-ups' confirmation links: the notices.
          like(outbox.subject, 'Kitepost:%'),
        ),
      );
    expect(emails.map((email) => email.toAddress).sort()).toEqual(
      [owner.email, editor.email, viewer.email].sort(),
    );
    for (const email of emails) {
      expect(email).toMatchObject({
        subject: 'Kitepost: A post failed to publish',
        transport: 'outbox',
        status: 'kept',
      });
      expect(email.textBody).toContain('LinkedIn refused the post: the text is too long.');
      expect(email.textBody).toContain(`${TEST_APP_URL}/calendar?post=${postId}`);
      expect(email.htmlBody).toContain(`href="${TEST_APP_URL}/calendar?post=${postId}"`);
    }
    expect((await list(stranger.cookie)).notifications).toEqual([]);
  });

  it('emails only the members who keep email notifications on; everyone still gets the notice', async () => {
    const { owner, editor, viewer } = await team();
    const off = await asUser(t.app, editor.cookie).put('/api/user/settings', { emailNotifications: false });
    expect(off.statusCode).toBe(200);
    const postId = crypto.randomUUID();

    await notifyWorkspace(deps(), postFailed(owner.workspaceId, postId));

    const rows = await db().select().from(notifications).where(eq(notifications.postId, postId));
    expect(rows).toHaveLength(3);
    const emails = await db()
      .select()
      .from(outbox)
      .where(
        and(
          inArray(outbox.toAddress, [owner.email, editor.email, viewer.email]),
          like(outbox.subject, 'Kitepost:%'),
        ),
      );
    expect(emails.map((email) => email.toAddress).sort()).toEqual([owner.email, viewer.email].sort());
  });

  it('keeps the notifications when the mail fails, and logs instead of throwing', async () => {
    const owner = await member();
    const broken: MailSender = {
      kind: 'smtp',
      sandbox: false,
      send: async () => {
        throw new Error('relay down');
      },
      deliver: async () => {},
    };
    const warned = vi.spyOn(t.ctx.log, 'warn').mockImplementation(() => undefined);
    await expect(
      notifyWorkspace(deps(broken), postFailed(owner.workspaceId, crypto.randomUUID())),
    ).resolves.toBeUndefined();
    expect((await list(owner.cookie)).unreadCount).toBe(1);
    expect(warned).toHaveBeenCalledTimes(1);
    warned.mockRestore();
  });

  it('lists the caller’s own notifications newest first, with the unread count', async () => {
    const { owner, viewer } = await team();
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await notifyWorkspace(deps(), postFailed(owner.workspaceId, first, 'First'));
    await notifyWorkspace(deps(), {
      ...postFailed(owner.workspaceId, second, 'Second'),
      kind: 'post_missed',
    });

    for (const someone of [owner, viewer]) {
      const { notifications: listed, unreadCount } = await list(someone.cookie);
      expect(unreadCount).toBe(2);
      expect(listed.map((n) => n.title)).toEqual(['Second', 'First']);
      expect(listed[0]).toMatchObject({
        kind: 'post_missed',
        body: 'LinkedIn refused the post: the text is too long.',
        link: `/calendar?post=${second}`,
        postId: second,
        readAt: null,
      });
      expect(Number.isNaN(Date.parse(listed[0]?.createdAt ?? ''))).toBe(false);
    }
  });

  it('lists the newest 30 and counts every unread one', async () => {
    const owner = await member();
    const start = Date.now() - 60 * 60 * 1000;
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: 32 }, (_, i) => ({
          userId: owner.user.id,
          workspaceId: owner.workspaceId,
          kind: 'post_failed' as const,
          title: `Notice ${i}`,
          body: 'body',
          link: null,
          createdAt: new Date(start + i * 1000),
        })),
      );
    const { notifications: listed, unreadCount } = await list(owner.cookie);
    expect(unreadCount).toBe(32);
    expect(listed).toHaveLength(30);
    expect(listed[0]?.title).toBe('Notice 31');
    expect(listed.at(-1)?.title).toBe('Notice 2');
  });

  it('marks read only the caller’s own: by ids, then all', async () => {
    const { owner, editor } = await team();
    await notifyWorkspace(deps(), postFailed(owner.workspaceId, crypto.randomUUID(), 'One'));
    await notifyWorkspace(deps(), postFailed(owner.workspaceId, crypto.randomUUID(), 'Two'));
    const mine = (await list(owner.cookie)).notifications;
    const editors = (await list(editor.cookie)).notifications;
    const [two, one] = mine;

    // The editor's request names the owner's notification too: it is ignored, not marked.
    const read = await asUser(t.app, editor.cookie).post('/api/notifications/read', {
      ids: [editors[0]?.id, one?.id],
    });
    expect(read.statusCode).toBe(204);
    expect(read.body).toBe('');
    expect((await list(editor.cookie)).unreadCount).toBe(1);
    const ownerAfter = await list(owner.cookie);
    expect(ownerAfter.unreadCount).toBe(2);
    expect(ownerAfter.notifications.every((n) => n.readAt === null)).toBe(true);

    const readOne = await asUser(t.app, owner.cookie).post('/api/notifications/read', { ids: [two?.id] });
    expect(readOne.statusCode).toBe(204);
    const afterOne = await list(owner.cookie);
    expect(afterOne.unreadCount).toBe(1);
    expect(afterOne.notifications.find((n) => n.id === two?.id)?.readAt).not.toBeNull();

    expect((await asUser(t.app, owner.cookie).post('/api/notifications/read', {})).statusCode).toBe(204);
    expect((await list(owner.cookie)).unreadCount).toBe(0);
    expect((await list(editor.cookie)).unreadCount).toBe(1);

    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, editor.user.id), eq(notifications.workspaceId, owner.workspaceId)));
    expect(rows.filter((row) => row.readAt === null)).toHaveLength(1);
  });

  it('answers 401 signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
        remoteAddress: randomIp(),
      });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('answers 400 with the issues for a bad body', async () => {
    const owner = await member();
    const api = asUser(t.app, owner.cookie);
    const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID());
    for (const body of [{ ids: ['not-a-uuid'] }, { ids: 'all' }, { ids: tooMany }, [1, 2]]) {
      const response = await api.post('/api/notifications/read', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', message: 'Invalid request', issues: expect.any(Array) },
      });
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"ids": [',
      remoteAddress: randomIp(),
    });
    expect(malformed.statusCode).toBe(400);
  });
});
