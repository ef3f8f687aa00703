import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../src/contracts/notifications';
import { TRIAL_DAYS } from '../../src/contracts/plans';
import { notifications, outbox, workspaces } from '../../src/server/db/schema';
import { runBillingLifecycle } from '../../src/server/modules/billing/billing-lifecycle.service';
import {
  type BillingMember,
  billingOf,
  sessionPlanOf,
  signUpMember,
  subscribeInSandbox,
} from '../factories/billing';
import { asUser, createPost } from '../factories/posts';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(databaseKinds)('the 7-day trial on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const noticesOf = (member: BillingMember, kindOf: NotificationKind) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.user.id), eq(notifications.kind, kindOf)));
  const mailsOf = (member: BillingMember) =>
    db().select().from(outbox).where(eq(outbox.toAddress, member.email));

  /** The member's trial end, as sign-up set it. */
  async function trialEndOf(member: BillingMember): Promise<Date> {
    const [row] = await db().select().from(workspaces).where(eq(workspaces.id, member.workspaceId));
    if (!row?.trialEndsAt) throw new Error('no trial');
    return row.trialEndsAt;
  }

  it('sign-up starts a 7-day Professional trial, reported the same by both endpoints', async () => {
    const owner = await signUpMember(t.app);
    const billing = await billingOf(t.app, owner.cookie);
    expect(billing).toMatchObject({
      plan: 'professional',
      status: 'trialing',
      currentPeriodEnd: null,
      canManageBilling: false,
      sandbox: true,
      usage: { aiPosts: { used: 0, limit: 200 }, socialAccounts: { limit: 10 }, members: { limit: null } },
      features: { teamCollaboration: true, analytics: true },
    });
    const trialMs = new Date(billing.trialEndsAt ?? 0).getTime() - Date.now();
    expect(trialMs).toBeGreaterThan(TRIAL_DAYS * DAY - HOUR);
    expect(trialMs).toBeLessThanOrEqual(TRIAL_DAYS * DAY);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'professional', status: 'trialing' });
  });

  it('reminds the members once, 2 days before the trial ends, in the app and by email', async () => {
    const owner = await signUpMember(t.app);
    const trialEnd = await trialEndOf(owner);

    await runBillingLifecycle(t.ctx, new Date(trialEnd.getTime() - 3 * DAY));
    expect(await noticesOf(owner, 'trial_ending')).toHaveLength(0);

    await runBillingLifecycle(t.ctx, new Date(trialEnd.getTime() - 2 * DAY + 10 * 60 * 1000));
    const [reminder, ...more] = await noticesOf(owner, 'trial_ending');
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ title: 'Your Professional trial ends in 2 days', link: '/subscribe' });
    expect((await mailsOf(owner)).map((mail) => mail.subject)).toContain(
      'Kitepost: Your Professional trial ends in 2 days',
    );

    await runBillingLifecycle(t.ctx, new Date(trialEnd.getTime() - 1 * DAY));
    expect(await noticesOf(owner, 'trial_ending')).toHaveLength(1);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'professional', status: 'trialing' });
  });

  it('an ended trial moves to the free plan: data kept, the free limits apply, the members are told', async () => {
    const owner = await signUpMember(t.app);
    const post = await createPost(t.app, owner.cookie);
    const trialEnd = await trialEndOf(owner);

    await runBillingLifecycle(t.ctx, new Date(trialEnd.getTime() - 60_000));
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'professional', status: 'trialing' });

    const afterEnd = new Date(trialEnd.getTime() + 60_000);
    await runBillingLifecycle(t.ctx, afterEnd);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'free', status: 'active' });
    expect(await billingOf(t.app, owner.cookie)).toMatchObject({
      plan: 'free',
      status: 'active',
      trialEndsAt: null,
      usage: { aiPosts: { limit: 10 }, socialAccounts: { limit: 1 }, members: { limit: 1 } },
      features: { teamCollaboration: false, analytics: false },
    });
    const credits = await asUser(t.app, owner.cookie).get('/api/user/credits');
    expect(credits.json()).toMatchObject({ limit: 10 });
    const posts = await asUser(t.app, owner.cookie).get('/api/user/posts');
    expect(posts.json().map((p: { id: string }) => p.id)).toContain(post.id);

    const [ended, ...more] = await noticesOf(owner, 'trial_ended');
    expect(more).toEqual([]);
    expect(ended).toMatchObject({ title: 'Your Professional trial has ended', link: '/subscribe' });
    expect(ended?.body).toContain('Free plan');
    expect((await mailsOf(owner)).map((mail) => mail.subject)).toContain(
      'Kitepost: Your Professional trial has ended',
    );

    // Running again changes nothing and tells nobody twice.
    await runBillingLifecycle(t.ctx, new Date(afterEnd.getTime() + HOUR));
    expect(await noticesOf(owner, 'trial_ended')).toHaveLength(1);
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'free', status: 'active' });
  });

  it('a workspace that subscribed during its trial keeps its plan when the trial would have ended', async () => {
    const owner = await signUpMember(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'starter');
    const trialEnd = await trialEndOf(owner);

    await runBillingLifecycle(t.ctx, new Date(trialEnd.getTime() + 60_000));
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'starter', status: 'active' });
    expect(await noticesOf(owner, 'trial_ended')).toHaveLength(0);
    expect(await noticesOf(owner, 'trial_ending')).toHaveLength(0);
  });

  it('the job runs the same lifecycle', async () => {
    const { billingLifecycleJob } = await import('../../src/server/jobs/billing-lifecycle.job');
    expect(billingLifecycleJob).toMatchObject({ name: 'billing.lifecycle.v1', cron: '*/10 * * * *' });
    const owner = await signUpMember(t.app);
    await db()
      .update(workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(workspaces.id, owner.workspaceId));
    const logged: object[] = [];
    await billingLifecycleJob.handle(
      {},
      {
        database: t.ctx.database,
        app: t.ctx,
        log: { info: (obj) => logged.push(obj), error: () => {} },
      },
    );
    expect(await sessionPlanOf(t.app, owner.cookie)).toEqual({ plan: 'free', status: 'active' });
    expect(logged).toContainEqual(expect.objectContaining({ job: 'billing.lifecycle.v1', trialsEnded: 1 }));
  });
});
