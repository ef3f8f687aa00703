import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bioPages,
  userSettings,
  users,
  weeklyReportsSent,
  workspaceMembers,
  workspaces,
} from '../../src/server/db/schema';
import type { MailMessage, MailSender } from '../../src/server/integrations/mail/mail-sender';
import { sendWeeklyReports } from '../../src/server/modules/reports/weekly-report.service';
import {
  insertAnalyticsAccount,
  insertFollowerReading,
  insertPublishedPost,
  setWorkspacePlan,
} from '../factories/analytics';
import { seedClicks, seedShortLink } from '../factories/links';
import { newWorkspace } from '../factories/publishing';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** A mail port that keeps what it is given, and fails while `failing` is set. */
function capturingMail(): MailSender & { messages: MailMessage[]; failing: boolean } {
  const sender = {
    kind: 'outbox' as const,
    sandbox: true,
    messages: [] as MailMessage[],
    failing: false,
    async send(message: MailMessage) {
      if (sender.failing) throw new Error('SMTP is down');
      sender.messages.push(message);
    },
    async deliver() {},
  };
  return sender;
}

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

describe.each(databaseKinds)('weekly report on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const run = (mail: MailSender, now: string) => sendWeeklyReports({ ...t.ctx, mail }, new Date(now));
  const to = (mail: { messages: MailMessage[] }, email: string) =>
    mail.messages.filter((message) => message.to === email);

  async function person(timezone: string | null, workspaceName?: string) {
    const owner = await newWorkspace(t);
    await db().update(users).set({ timezone }).where(eq(users.id, owner.user.id));
    if (workspaceName)
      await db().update(workspaces).set({ name: workspaceName }).where(eq(workspaces.id, owner.workspaceId));
    return owner;
  }

  /*
   * The week of Monday 9 to Sunday 15 November 2026 in Berlin (UTC+1), and the week before:
   *   P1 LinkedIn  impressions 1,000  reach 800  likes 40 comments 5 shares 3  → 48 engagements
   *   P2 LinkedIn  impressions   500  reach 400  likes 10 comments 2 shares 0  → 12
   *   P3 X         impressions   300  reach  —   likes 6 comments 1 shares 2 clicks 1 → 10 (on impressions)
   *   P4 X         not read yet (Monday 00:30 in Berlin, still Sunday in UTC)
   *   out of the week: Monday 16 at 00:30 in Berlin (Sunday in UTC); the week before: P0, 9 on 300 reach.
   * Week: 4 posts, 1,800 impressions, 1,200 reach, 70 engagements, 70 / 1,500 = 4.67 %.
   * Followers of the LinkedIn account 500 → 505 → 512: +12 (the X account's single reading says nothing).
   */
  async function berlinWorkspace() {
    const owner = await person(BERLIN, 'Ada <b>&</b> Co');
    const { workspaceId } = owner;
    const connectedAt = new Date('2026-10-01T00:00:00Z');
    const linkedin = await insertAnalyticsAccount(t, workspaceId, { platform: 'linkedin', connectedAt });
    const x = await insertAnalyticsAccount(t, workspaceId, { platform: 'twitter', connectedAt });
    const post = (
      socialAccountId: string,
      platform: 'linkedin' | 'twitter',
      publishedAt: string,
      content: string,
      metrics?: object,
    ) =>
      insertPublishedPost(t, workspaceId, {
        socialAccountId,
        platform,
        publishedAt: new Date(publishedAt),
        content,
        metrics,
      });
    await post(
      linkedin.id,
      'linkedin',
      '2026-11-10T09:00:00Z',
      'Our <spring> menu is here: seven new dishes, all local, all seasonal, all made fresh every morning',
      {
        impressions: 1000,
        reach: 800,
        likes: 40,
        comments: 5,
        shares: 3,
      },
    );
    await post(linkedin.id, 'linkedin', '2026-11-12T09:00:00Z', 'Meet the team', {
      impressions: 500,
      reach: 400,
      likes: 10,
      comments: 2,
      shares: 0,
    });
    await post(x.id, 'twitter', '2026-11-13T12:00:00Z', 'Fresh bread at 7', {
      impressions: 300,
      likes: 6,
      comments: 1,
      shares: 2,
      clicks: 1,
    });
    await post(x.id, 'twitter', '2026-11-08T23:30:00Z', 'Late night baking');
    await post(linkedin.id, 'linkedin', '2026-11-15T23:30:00Z', 'Next week already', {
      impressions: 9000,
      reach: 9000,
      likes: 900,
    });
    await post(linkedin.id, 'linkedin', '2026-11-04T09:00:00Z', 'Week before', {
      impressions: 400,
      reach: 300,
      likes: 9,
    });
    for (const [day, followers] of [
      ['2026-11-09', 500],
      ['2026-11-12', 505],
      ['2026-11-15', 512],
    ] as const) {
      await insertFollowerReading(t, { workspaceId, socialAccountId: linkedin.id, day, followers });
    }
    await insertFollowerReading(t, { workspaceId, socialAccountId: x.id, day: '2026-11-10', followers: 90 });
    return owner;
  }

  it('sends last week in numbers on Monday from 8 AM in the user zone, once', async () => {
    const owner = await berlinWorkspace();
    const mail = capturingMail();

    // 07:59 in Berlin: not yet.
    await run(mail, '2026-11-16T06:59:00Z');
    expect(to(mail, owner.email)).toEqual([]);

    await run(mail, '2026-11-16T07:00:00Z');
    const [message, ...more] = to(mail, owner.email);
    expect(more).toEqual([]);
    expect(message?.subject).toBe('Your Kitepost week: 4 posts, 1,200 reached (Ada <b>&</b> Co)');
    const text = message?.text ?? '';
    expect(text).toContain('Hi Ada,');
    expect(text).toContain(
      '"Ada <b>&</b> Co" did last week, Mon, Nov 9 – Sun, Nov 15, 2026 (Europe/Berlin).',
    );
    expect(text).toContain('Posts published: 4 (week before: 1)\n');
    expect(text).toContain('Impressions: 1,800 (week before: 400)\n');
    expect(text).toContain('Reach: 1,200 (week before: 300)\n');
    expect(text).toContain('Engagements: 70 (week before: 9)\n');
    expect(text).toContain('Engagement rate: 4.67% (week before: 3%)\n');
    expect(text).toContain('Follower change: +12\n');
    expect(text).toContain(
      'Top post: "Our <spring> menu is here: seven new dishes, all local, all seasonal,…" on LinkedIn, 48 engagements',
    );
    expect(text).toMatch(/\nhttps:\/\/platform\.test\/p\/\d+\n/);
    expect(text).toContain(`See every number: ${TEST_APP_URL}/analytics`);
    expect(text).toContain(`Turn them off: ${TEST_APP_URL}/settings#notifications`);
    // The HTML says the same, with the user's words escaped.
    const html = message?.html ?? '';
    expect(html).toContain('Ada &lt;b&gt;&amp;&lt;/b&gt; Co');
    expect(html).toContain('Our &lt;spring&gt; menu');
    expect(html).not.toContain('<spring>');
    expect(html).toContain(`href="${TEST_APP_URL}/settings#notifications"`);
    expect(html).toContain('>4.67%<');

    const [claimed] = await db()
      .select()
      .from(weeklyReportsSent)
      .where(eq(weeklyReportsSent.userId, owner.user.id));
    expect(claimed).toMatchObject({ workspaceId: owner.workspaceId, weekStart: '2026-11-09' });

    // Later runs that Monday, and another process's run, send nothing again.
    await run(mail, '2026-11-16T07:00:00Z');
    await run(capturingMail(), '2026-11-16T15:00:00Z');
    expect(to(mail, owner.email)).toHaveLength(1);
  });

  it('waits for 8 AM in each zone, and for UTC without one', async () => {
    const newYork = await person(NEW_YORK);
    const utc = await person(null);
    for (const { workspaceId } of [newYork, utc]) {
      await insertAnalyticsAccount(t, workspaceId, { connectedAt: new Date('2026-11-01T00:00:00Z') });
    }
    const mail = capturingMail();
    // Monday 23 November: 07:30 UTC, 02:30 in New York.
    await run(mail, '2026-11-23T07:30:00Z');
    expect(to(mail, utc.email)).toEqual([]);
    await run(mail, '2026-11-23T08:00:00Z');
    expect(to(mail, utc.email)).toHaveLength(1);
    expect(to(mail, newYork.email)).toEqual([]);
    // 08:00 in New York (UTC-5).
    await run(mail, '2026-11-23T13:00:00Z');
    expect(to(mail, newYork.email)).toHaveLength(1);
    // Tuesday: no late report for anyone.
    const late = await person(NEW_YORK);
    await insertAnalyticsAccount(t, late.workspaceId, { connectedAt: new Date('2026-11-01T00:00:00Z') });
    await run(mail, '2026-11-24T14:00:00Z');
    expect(to(mail, late.email)).toEqual([]);
  });

  it('says "not reported" for what no platform reported, never 0', async () => {
    const owner = await person(null);
    const x = await insertAnalyticsAccount(t, owner.workspaceId, {
      platform: 'twitter',
      connectedAt: new Date('2026-11-01T00:00:00Z'),
    });
    await insertPublishedPost(t, owner.workspaceId, {
      socialAccountId: x.id,
      platform: 'twitter',
      publishedAt: new Date('2026-12-01T10:00:00Z'),
      metrics: { impressions: 250, likes: 4 },
    });
    const mail = capturingMail();
    await run(mail, '2026-12-07T09:00:00Z');
    const [message] = to(mail, owner.email);
    expect(message?.subject).toMatch(/^Your Kitepost week: 1 post \(/);
    const text = message?.text ?? '';
    expect(text).toContain('Posts published: 1 (week before: 0)\n');
    expect(text).toContain('Impressions: 250\n');
    expect(text).toContain('Reach: not reported\n');
    expect(text).toContain('Engagement rate: 1.6%\n');
    expect(text).toContain('Follower change: not reported\n');
    expect(text).not.toMatch(/Reach: 0|Follower change: 0/);
    expect(message?.html).toContain('not reported');
  });

  it('adds visits from posts and the bio page on plans with click analytics, none on Free', async () => {
    const owner = await person('UTC');
    const ws = owner.workspaceId;
    const x = await insertAnalyticsAccount(t, ws, {
      platform: 'twitter',
      connectedAt: new Date('2026-11-01T00:00:00Z'),
    });
    const post = await insertPublishedPost(t, ws, {
      socialAccountId: x.id,
      platform: 'twitter',
      publishedAt: new Date('2026-12-08T10:00:00Z'),
    });
    const link = await seedShortLink(db(), { workspaceId: ws, postId: post.id, platform: 'twitter' });
    const bioLink = await seedShortLink(db(), {
      workspaceId: ws,
      kind: 'bio',
      url: 'https://bakery.example/order',
    });
    await db()
      .insert(bioPages)
      .values({ workspaceId: ws, slug: `shop-${ws.slice(0, 8)}`, title: 'Shop' });
    const at = (iso: string) => new Date(iso);
    await seedClicks(db(), [
      // The week of 7–13 Dec (UTC): 2 post clicks (a bot's left out), 1 bio click, 2 views.
      {
        workspaceId: ws,
        code: link.code,
        postId: post.id,
        platform: 'twitter',
        occurredAt: at('2026-12-08T11:00:00Z'),
      },
      {
        workspaceId: ws,
        code: link.code,
        postId: post.id,
        platform: 'twitter',
        occurredAt: at('2026-12-09T11:00:00Z'),
      },
      {
        workspaceId: ws,
        code: link.code,
        postId: post.id,
        occurredAt: at('2026-12-09T12:00:00Z'),
        isBot: true,
      },
      { workspaceId: ws, code: bioLink.code, occurredAt: at('2026-12-10T11:00:00Z') },
      { workspaceId: ws, kind: 'view', occurredAt: at('2026-12-10T10:59:00Z') },
      { workspaceId: ws, kind: 'view', occurredAt: at('2026-12-11T10:59:00Z') },
      // The week before: 1 post click.
      { workspaceId: ws, code: link.code, postId: post.id, occurredAt: at('2026-12-03T11:00:00Z') },
    ]);
    const mail = capturingMail();
    await run(mail, '2026-12-14T09:00:00Z');
    const text = to(mail, owner.email)[0]?.text ?? '';
    expect(text).toContain('Visits from your posts: 2 (week before: 1)\n');
    expect(text).toContain('Bio page views: 2 (week before: 0)\n');
    expect(text).toContain('Bio page link clicks: 1 (week before: 0)\n');

    await setWorkspacePlan(t, ws, 'free');
    const freeMail = capturingMail();
    await run(freeMail, '2026-12-21T09:00:00Z');
    const freeText = to(freeMail, owner.email)[0]?.text ?? '';
    expect(freeText).toContain('Posts published:');
    expect(freeText).not.toContain('Visits from your posts');
    expect(freeText).not.toContain('Bio page');
  });

  it('skips people who turned it off, inactive people and quiet workspaces; covers every workspace of a member', async () => {
    const off = await person(null);
    const inactive = await person(null);
    const quiet = await person(null);
    const twoTeams = await person(null);
    for (const { workspaceId } of [off, inactive, twoTeams]) {
      await insertAnalyticsAccount(t, workspaceId, { connectedAt: new Date('2026-11-01T00:00:00Z') });
    }
    // A post published in the week makes the other team's workspace active (it has no account).
    const other = await person(null, 'The other team');
    await insertPublishedPost(t, other.workspaceId, { publishedAt: new Date('2026-12-09T10:00:00Z') });
    await db()
      .insert(workspaceMembers)
      .values({ workspaceId: other.workspaceId, userId: twoTeams.user.id, role: 'editor' });
    await db().insert(userSettings).values({ userId: off.user.id, weeklyReports: false });
    await db().update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));

    const mail = capturingMail();
    await run(mail, '2026-12-14T10:00:00Z');
    expect(to(mail, off.email)).toEqual([]);
    expect(to(mail, inactive.email)).toEqual([]);
    expect(to(mail, quiet.email)).toEqual([]);
    expect(to(mail, other.email)).toHaveLength(1);
    const subjects = to(mail, twoTeams.email).map((message) => message.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects).toContain('Your Kitepost week: 1 post (The other team)');

    // Turning it on again (the settings row) brings it back the next week.
    await db().update(userSettings).set({ weeklyReports: true }).where(eq(userSettings.userId, off.user.id));
    await run(mail, '2026-12-21T10:00:00Z');
    expect(to(mail, off.email)).toHaveLength(1);
  });

  it('gives the claim back when sending fails, so the next hour sends it', async () => {
    const owner = await person(null);
    await insertAnalyticsAccount(t, owner.workspaceId, { connectedAt: new Date('2026-11-01T00:00:00Z') });
    const mail = capturingMail();
    mail.failing = true;
    const outcome = await run(mail, '2026-12-28T09:00:00Z');
    expect(outcome.failed).toBeGreaterThanOrEqual(1);
    const claims = () =>
      db()
        .select()
        .from(weeklyReportsSent)
        .where(
          and(eq(weeklyReportsSent.userId, owner.user.id), eq(weeklyReportsSent.weekStart, '2026-12-21')),
        );
    expect(await claims()).toEqual([]);

    mail.failing = false;
    await run(mail, '2026-12-28T10:00:00Z');
    expect(to(mail, owner.email)).toHaveLength(1);
    expect(await claims()).toHaveLength(1);
  });
});
