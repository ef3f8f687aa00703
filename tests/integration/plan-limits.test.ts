import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLimitMessages } from '../../src/contracts/billing';
import { generationMessages } from '../../src/contracts/generation';
import { type PlanId, plans } from '../../src/contracts/plans';
import { generations, socialAccounts, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { AppError } from '../../src/server/lib/app-error';
import { loadPlanUsage } from '../../src/server/modules/billing/plan-usage';
import {
  accountOverPlanLimitMessage,
  accountsOverPlanLimit,
  requirePlanFeature,
} from '../../src/server/modules/plans/plan-gates';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { subscribeInSandbox } from '../factories/billing';
import { asUser, createPost, daysFromNow } from '../factories/posts';
import {
  attemptsOf,
  insertAccount,
  insertScheduledPost,
  newWorkspace,
  postRow,
  type ScriptedPlatform,
  scriptedPlatform,
} from '../factories/publishing';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const campaign = {
  businessType: 'restaurant',
  targetAudience: 'neighbours on their way to work',
  campaignDescription: 'Fresh sourdough every morning at seven',
  contentType: 'promotional',
  tone: 'casual',
};

describe.each(databaseKinds)('plan limits on %s', (kind) => {
  let t: TestApp;
  let platform: ScriptedPlatform;
  beforeAll(async () => {
    platform = scriptedPlatform('twitter');
    t = await buildTestApp(kind, {}, { socialProviders: { twitter: platform } });
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const setPlan = (workspaceId: string, plan: PlanId) =>
    db().update(workspaces).set({ plan }).where(eq(workspaces.id, workspaceId));

  /**
   * A workspace that connected `count` X accounts while on its trial (Professional), a minute
   * apart, oldest first, then moved to `plan`.
   */
  async function downgradedWorkspace(plan: PlanId, count = 3) {
    const workspace = await newWorkspace(t);
    const accounts = [];
    for (let i = 0; i < count; i++) {
      const row = await insertAccount(t, workspace.workspaceId);
      const connectedAt = new Date(Date.UTC(2026, 0, 1, 9, i));
      await db().update(socialAccounts).set({ connectedAt }).where(eq(socialAccounts.id, row.id));
      accounts.push({ ...row, connectedAt });
    }
    await setPlan(workspace.workspaceId, plan);
    return { ...workspace, accounts, api: asUser(t.app, workspace.cookie) };
  }

  describe('AI posts', () => {
    it('refuses generation on Free once the 10 posts of the month are used (402)', async () => {
      const { cookie, workspaceId, user } = await newWorkspace(t);
      await setPlan(workspaceId, 'free');
      await db()
        .insert(generations)
        .values({ workspaceId, userId: user.id, generator: 'offline composer', postCount: 10 });
      const refused = await asUser(t.app, cookie).post('/api/user/generate-content', campaign);
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error.message).toBe(generationMessages.creditsExhausted);
    });

    it('keeps generating on Enterprise past any number of posts', async () => {
      const { cookie, workspaceId, user } = await newWorkspace(t);
      await setPlan(workspaceId, 'enterprise');
      await db()
        .insert(generations)
        .values({ workspaceId, userId: user.id, generator: 'offline composer', postCount: 5000 });
      const response = await asUser(t.app, cookie).post('/api/user/generate-content', campaign);
      expect(response.statusCode).toBe(200);
      expect(response.json().posts.length).toBeGreaterThan(0);
    });
  });

  describe('connecting accounts', () => {
    it('refuses a second account on Free (402) with the plan in the message', async () => {
      const { cookie, workspaceId } = await newWorkspace(t);
      await setPlan(workspaceId, 'free');
      await insertAccount(t, workspaceId, { platform: 'twitter' });
      const refused = await asUser(t.app, cookie).post('/api/user/social-accounts/connect', {
        platform: 'linkedin',
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error.message).toBe(
        'Your Free plan connects up to 1 social account. Upgrade your plan or disconnect an account to connect another.',
      );
    });

    it('counts the accounts of every network, the new ones too (issue 27)', async () => {
      const { cookie, workspaceId } = await newWorkspace(t);
      await setPlan(workspaceId, 'free');
      await insertAccount(t, workspaceId, { platform: 'bluesky' });
      for (const [platform, server] of [
        ['mastodon', 'mastodon.social'],
        ['threads', undefined],
        ['pinterest', undefined],
        ['linkedin_page', undefined],
      ] as const) {
        const refused = await asUser(t.app, cookie).post('/api/user/social-accounts/connect', {
          platform,
          ...(server ? { server } : {}),
        });
        expect(refused.statusCode, platform).toBe(402);
      }
    });

    it('lets Enterprise connect beyond Professional’s 10 accounts', async () => {
      const { cookie, workspaceId } = await newWorkspace(t);
      await setPlan(workspaceId, 'enterprise');
      for (let i = 0; i < 11; i++) await insertAccount(t, workspaceId, { platform: 'twitter' });
      const started = await asUser(t.app, cookie).post('/api/user/social-accounts/connect', {
        platform: 'linkedin',
      });
      expect(started.statusCode).toBe(200);
      expect(started.json().authorizeUrl).toEqual(expect.any(String));
      expect(await accountsOverPlanLimit(db(), workspaceId)).toEqual(new Set());
    });
  });

  describe('accounts over the limit after a downgrade', () => {
    it('keeps the oldest-connected accounts up to the limit and marks the rest', async () => {
      const { workspaceId, accounts } = await downgradedWorkspace('starter', 4);
      const [first, second, third, fourth] = accounts;
      expect(await accountsOverPlanLimit(db(), workspaceId)).toEqual(new Set([third?.id, fourth?.id]));

      await setPlan(workspaceId, 'free');
      expect(await accountsOverPlanLimit(db(), workspaceId)).toEqual(
        new Set([second?.id, third?.id, fourth?.id]),
      );

      // Disconnecting the oldest lets the next one in.
      await db()
        .delete(socialAccounts)
        .where(eq(socialAccounts.id, first?.id ?? ''));
      expect(await accountsOverPlanLimit(db(), workspaceId)).toEqual(new Set([third?.id, fourth?.id]));

      await setPlan(workspaceId, 'professional');
      expect(await accountsOverPlanLimit(db(), workspaceId)).toEqual(new Set());
    });

    it('reports on GET /api/user/social-accounts which accounts are over, until an upgrade covers them', async () => {
      const { cookie, accounts, api } = await downgradedWorkspace('free', 3);
      const standing = async () => {
        const response = await api.get('/api/user/social-accounts');
        expect(response.statusCode).toBe(200);
        return (response.json() as Array<{ id: string; overPlanLimit: boolean }>).map(
          ({ id, overPlanLimit }) => ({ id, overPlanLimit }),
        );
      };
      const ids = accounts.map((account) => account.id);

      // Free keeps the oldest; the two connected after it are over.
      expect(await standing()).toEqual([
        { id: ids[0], overPlanLimit: false },
        { id: ids[1], overPlanLimit: true },
        { id: ids[2], overPlanLimit: true },
      ]);

      // Paying for Starter (2 accounts) through the sandbox brings the second one back.
      await subscribeInSandbox(t.app, cookie, 'starter');
      expect(await standing()).toEqual([
        { id: ids[0], overPlanLimit: false },
        { id: ids[1], overPlanLimit: false },
        { id: ids[2], overPlanLimit: true },
      ]);
    });

    it('refuses scheduling a post to an over-limit account (402), naming the account and the plan', async () => {
      const { cookie, accounts, api } = await downgradedWorkspace('free');
      const [kept, over] = accounts;
      const post = await createPost(t.app, cookie, { platform: 'twitter', content: 'Rye on Friday.' });

      const refused = await api.post(`/api/posts/${post.id}/schedule`, {
        scheduledAt: daysFromNow(1),
        socialAccountId: over?.id,
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual({
        error: {
          code: 'plan_limit',
          message: accountOverPlanLimitMessage(
            { displayName: over?.displayName ?? '', platform: 'twitter' },
            1,
            'Free',
          ),
        },
      });
      expect(refused.json().error.message).toContain(over?.displayName);
      expect(refused.json().error.message).toContain('Free plan');
      expect((await api.get(`/api/posts/${post.id}`)).json().status).toBe('draft');

      const scheduled = await api.post(`/api/posts/${post.id}/schedule`, {
        scheduledAt: daysFromNow(1),
        socialAccountId: kept?.id,
      });
      expect(scheduled.statusCode).toBe(200);

      // Nor can the scheduled post be moved onto the over-limit account.
      const moved = await api.patch(`/api/posts/${post.id}`, { socialAccountId: over?.id });
      expect(moved.statusCode).toBe(402);
      expect((await api.get(`/api/posts/${post.id}`)).json().socialAccountId).toBe(kept?.id);
    });

    it('refuses a draft already on an over-limit account when it is scheduled', async () => {
      const { accounts, api } = await downgradedWorkspace('free', 2);
      const [, over] = accounts;
      const draft = await api.post('/api/posts', {
        platform: 'twitter',
        content: 'Cinnamon buns are back.',
        socialAccountId: over?.id,
      });
      expect(draft.statusCode).toBe(201);
      const refused = await api.post(`/api/posts/${draft.json().id}/schedule`, {
        scheduledAt: daysFromNow(2),
      });
      expect(refused.statusCode).toBe(402);
    });

    it('refuses composing for an over-limit account (402) but keeps drafts and in-limit targets', async () => {
      const { accounts, api } = await downgradedWorkspace('free');
      const [kept, over] = accounts;
      const compose = (socialAccountIds: Array<string | undefined>, asDraft = false) =>
        api.post('/api/posts/compose', {
          content: 'Pretzels every Saturday.',
          targets: socialAccountIds.map((id) => ({ platform: 'twitter', socialAccountId: id })),
          scheduledAt: daysFromNow(1),
          asDraft,
        });

      const refused = await compose([kept?.id, over?.id]);
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error.message).toContain(over?.displayName);
      // Every target is checked before anything is saved.
      expect((await api.get('/api/posts')).json()).toEqual([]);

      expect((await compose([over?.id], true)).statusCode).toBe(201);
      const allowed = await compose([kept?.id]);
      expect(allowed.statusCode).toBe(201);
      expect(allowed.json().posts[0]).toMatchObject({ status: 'scheduled', socialAccountId: kept?.id });
    });

    it('fails a due post to an over-limit account with the reason instead of publishing it', async () => {
      const { workspaceId, accounts, api } = await downgradedWorkspace('free');
      const [, over] = accounts;
      const post = await insertScheduledPost(t, workspaceId, { socialAccountId: over?.id ?? null });

      expect(await publishPost(t.ctx, { postId: post.id, version: 1 })).toBe('failed');

      const reason = accountOverPlanLimitMessage(
        { displayName: over?.displayName ?? '', platform: 'twitter' },
        1,
        'Free',
      );
      expect(await postRow(t, post.id)).toMatchObject({ status: 'failed', failureReason: reason });
      expect(await attemptsOf(t, post.id)).toEqual([
        expect.objectContaining({ outcome: 'failed', errorKind: 'no_account', message: reason }),
      ]);
      expect(platform.calls.filter((call) => call.text === post.content)).toEqual([]);

      // Retrying it is refused the same way while the plan stays.
      const retry = await api.post(`/api/posts/${post.id}/retry`, {});
      expect(retry.statusCode).toBe(402);
      expect(retry.json().error.message).toBe(reason);
    });

    it('publishes to the same account again once the plan covers it', async () => {
      const { workspaceId, accounts } = await downgradedWorkspace('free');
      const [kept, over] = accounts;
      const keptPost = await insertScheduledPost(t, workspaceId, { socialAccountId: kept?.id ?? null });
      expect(await publishPost(t.ctx, { postId: keptPost.id, version: 1 })).toBe('published');

      await setPlan(workspaceId, 'professional');
      const overPost = await insertScheduledPost(t, workspaceId, { socialAccountId: over?.id ?? null });
      expect(await publishPost(t.ctx, { postId: overPost.id, version: 1 })).toBe('published');
      expect(platform.calls.filter((call) => call.text === overPost.content)).toHaveLength(1);
    });
  });

  describe('team collaboration and analytics', () => {
    const refusal = async (workspaceId: string, feature: 'teamCollaboration' | 'analytics') => {
      try {
        await requirePlanFeature(db(), workspaceId, feature);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return {
          code: (error as AppError).code,
          status: (error as AppError).status,
          message: (error as Error).message,
        };
      }
      return null;
    };

    it.each(['free', 'starter'] as const)(
      'refuses both on %s (402) with an upgrade message',
      async (plan) => {
        const { workspaceId } = await newWorkspace(t);
        await setPlan(workspaceId, plan);
        expect(await refusal(workspaceId, 'teamCollaboration')).toEqual({
          code: 'plan_limit',
          status: 402,
          message: planLimitMessages.teamCollaboration(plans[plan].name),
        });
        expect(await refusal(workspaceId, 'analytics')).toEqual({
          code: 'plan_limit',
          status: 402,
          message: planLimitMessages.analytics(plans[plan].name),
        });
      },
    );

    it.each(['professional', 'enterprise'] as const)('allows both on %s', async (plan) => {
      const { workspaceId } = await newWorkspace(t);
      await setPlan(workspaceId, plan);
      expect(await refusal(workspaceId, 'teamCollaboration')).toBeNull();
      expect(await refusal(workspaceId, 'analytics')).toBeNull();
    });

    it('allows both during the Professional trial a sign-up starts', async () => {
      const { workspaceId } = await newWorkspace(t);
      expect(await refusal(workspaceId, 'teamCollaboration')).toBeNull();
    });
  });

  describe('usage', () => {
    it("reports this month's AI posts, connected accounts and members against the plan's limits", async () => {
      const { workspaceId, user } = await newWorkspace(t);
      const now = new Date();
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1000);
      await db()
        .insert(generations)
        .values([
          { workspaceId, userId: user.id, generator: 'offline composer', postCount: 6, createdAt: now },
          { workspaceId, userId: user.id, generator: 'offline composer', postCount: 3, createdAt: now },
          {
            workspaceId,
            userId: user.id,
            generator: 'offline composer',
            postCount: 50,
            createdAt: lastMonth,
          },
        ]);
      await insertAccount(t, workspaceId, { platform: 'twitter' });
      await insertAccount(t, workspaceId, { platform: 'linkedin', status: 'needs_reauth' });
      const colleague = await signUp(t.app);
      await db().insert(workspaceMembers).values({ workspaceId, userId: colleague.user.id, role: 'editor' });

      expect(await loadPlanUsage(db(), workspaceId, 'starter', now)).toEqual({
        aiPosts: { used: 9, limit: 50 },
        socialAccounts: { used: 2, limit: 2 },
        members: { used: 2, limit: 1 },
      });
      expect(await loadPlanUsage(db(), workspaceId, 'professional', now)).toEqual({
        aiPosts: { used: 9, limit: 200 },
        socialAccounts: { used: 2, limit: 10 },
        members: { used: 2, limit: null },
      });
      expect(await loadPlanUsage(db(), workspaceId, 'enterprise', now)).toEqual({
        aiPosts: { used: 9, limit: null },
        socialAccounts: { used: 2, limit: null },
        members: { used: 2, limit: null },
      });
    });

    it('counts nothing for a new workspace but its owner', async () => {
      const { workspaceId } = await newWorkspace(t);
      expect(await loadPlanUsage(db(), workspaceId, 'free')).toEqual({
        aiPosts: { used: 0, limit: 10 },
        socialAccounts: { used: 0, limit: 1 },
        members: { used: 1, limit: 1 },
      });
    });
  });
});
