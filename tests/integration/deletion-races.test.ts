import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../src/contracts/auth';
import { accountMessages } from '../../src/contracts/settings';
import { teamMessages } from '../../src/contracts/team';
import { invitations, users, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { billingProviderOf } from '../../src/server/integrations/billing/create-billing-provider';
import {
  deleteAccountNow,
  deletionMessages,
  deletionRefusals,
} from '../../src/server/modules/account/account-deletion.service';
import {
  acceptInvitation as acceptInvitationRow,
  lockWorkspaceForJoining,
} from '../../src/server/modules/team/team.repository';
import { findUserById } from '../../src/server/modules/users/users.repository';
import { listSolelyOwnedWorkspaceIds } from '../../src/server/modules/workspaces/user-deletion.repository';
import { lockWorkspace } from '../../src/server/modules/workspaces/workspaces.repository';
import {
  deleteWorkspaceNow,
  workspaceMessages,
} from '../../src/server/modules/workspaces/workspaces.service';
import { subscribeInSandbox } from '../factories/billing';
import { asUser } from '../factories/posts';
import { acceptInvitation, activeWorkspaceOf, invite } from '../factories/team';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * Deleting an account or a workspace against an invitation accepted at the same moment. Each
 * test puts the other request at one precise point of the deletion (between its checks and its
 * transaction, during the provider call, just before or after the accept's transaction), so the
 * interleaving is the same on every run. On PostgreSQL two more run truly at once: one side holds
 * its lock in an open transaction while the other is seen waiting for it. PGlite has a single
 * connection and runs one transaction at a time, so there they cannot overlap.
 */

const SUPPORT_SENTENCE = accountMessages.deletionUnavailable.description;

describe.each(databaseKinds)('deletions racing an invitation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const workspaceOf = (user: { user: unknown }) => (user.user as SessionUser).workspace;
  const userExists = async (id: string) =>
    (await db().select().from(users).where(eq(users.id, id))).length > 0;
  const workspaceExists = async (id: string) =>
    (await db().select().from(workspaces).where(eq(workspaces.id, id))).length > 0;
  const isMember = async (workspaceId: string, userId: string) =>
    (
      await db()
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    ).length > 0;
  /** What deleteOwnAccount has decided before its transaction: the user and their workspaces. */
  const decidedDeletionOf = async (userId: string) => {
    const user = await findUserById(db(), userId);
    if (!user) throw new Error('no such user');
    return { user, workspaceIds: await listSolelyOwnedWorkspaceIds(db(), userId) };
  };
  const deleteAccount = (cookie: string, confirmEmail: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: { cookie },
      payload: { confirmEmail },
      remoteAddress: randomIp(),
    });
  const deleteTeam = (cookie: string, confirmName: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/team', headers: { cookie }, payload: { confirmName } });
  /** An owner who is also in another team, so they may delete their own workspace. */
  const ownerWithAnotherTeam = async () => {
    const owner = await signUp(t.app, { firstName: 'Olivia' });
    const other = await signUp(t.app, { firstName: 'Hal' });
    const invitation = await invite(t.app, other.cookie, 'editor', owner.email);
    expect((await acceptInvitation(t.app, owner.cookie, invitation.token)).statusCode).toBe(200);
    await asUser(t.app, owner.cookie).post('/api/workspaces/active', { workspaceId: workspaceOf(owner).id });
    return { ...owner, other };
  };

  it('account: an invitation accepted after the checks makes the deletion refuse, as the checks would', async () => {
    const owner = await signUp(t.app, { firstName: 'Olivia' });
    const joiner = await signUp(t.app, { firstName: 'Eddie' });
    const invitation = await invite(t.app, owner.cookie, 'editor', joiner.email);
    const decided = await decidedDeletionOf(owner.user.id);
    expect(decided.workspaceIds).toEqual([workspaceOf(owner).id]);

    expect((await acceptInvitation(t.app, joiner.cookie, invitation.token)).statusCode).toBe(200);
    await expect(deleteAccountNow(t.ctx, decided.user, decided.workspaceIds)).rejects.toMatchObject({
      code: 'conflict',
      message: SUPPORT_SENTENCE,
      details: { reason: deletionRefusals.ownsTeam("Olivia's workspace") },
    });
    expect(await userExists(owner.user.id)).toBe(true);
    expect(await isMember(workspaceOf(owner).id, joiner.user.id)).toBe(true);
    expect((await activeWorkspaceOf(t.app, joiner.cookie)).id).toBe(workspaceOf(owner).id);
  });

  it('account: while its subscription is cancelled, an accept is refused and the deletion goes through', async () => {
    const owner = await signUp(t.app, { firstName: 'Olivia' });
    await subscribeInSandbox(t.app, owner.cookie, 'professional');
    const joiner = await signUp(t.app, { firstName: 'Eddie' });
    const invitation = await invite(t.app, owner.cookie, 'editor', joiner.email);
    const provider = billingProviderOf(t.ctx.billing);
    const cancel = provider.cancelSubscription.bind(provider);
    let accepted: Awaited<ReturnType<typeof acceptInvitation>> | undefined;
    const spy = vi.spyOn(provider, 'cancelSubscription').mockImplementationOnce(async (...args) => {
      accepted = await acceptInvitation(t.app, joiner.cookie, invitation.token);
      return cancel(...args);
    });
    const response = await deleteAccount(owner.cookie, owner.email);
    spy.mockRestore();

    expect(response.statusCode, response.body).toBe(204);
    expect(accepted?.statusCode).toBe(409);
    expect(accepted?.json().error.message).toBe(teamMessages.invitationRevoked);
    expect(await workspaceExists(workspaceOf(owner).id)).toBe(false);
    expect((await activeWorkspaceOf(t.app, joiner.cookie)).id).toBe(workspaceOf(joiner).id);
  });

  it('account: when the provider cannot cancel, the invitations closed for the deletion open again', async () => {
    const owner = await signUp(t.app);
    await subscribeInSandbox(t.app, owner.cookie, 'professional');
    const joiner = await signUp(t.app);
    const invitation = await invite(t.app, owner.cookie, 'viewer', joiner.email);
    const failing = vi
      .spyOn(billingProviderOf(t.ctx.billing), 'cancelSubscription')
      .mockRejectedValueOnce(new Error('provider down'));
    const logged = vi.spyOn(t.ctx.log, 'error').mockImplementation(() => undefined);
    const response = await deleteAccount(owner.cookie, owner.email);
    failing.mockRestore();
    logged.mockRestore();

    expect(response.statusCode).toBe(502);
    const [row] = await db().select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row?.revokedAt).toBeNull();
    expect((await acceptInvitation(t.app, joiner.cookie, invitation.token)).statusCode).toBe(200);
  });

  it('account: an ownership moved to the user after the checks makes the deletion refuse', async () => {
    const leaving = await signUp(t.app, { firstName: 'Eddie' });
    const owner = await signUp(t.app, { firstName: 'Olivia' });
    const invitation = await invite(t.app, owner.cookie, 'admin', leaving.email);
    expect((await acceptInvitation(t.app, leaving.cookie, invitation.token)).statusCode).toBe(200);
    const decided = await decidedDeletionOf(leaving.user.id);
    expect(decided.workspaceIds).toEqual([workspaceOf(leaving).id]);

    const transfer = await asUser(t.app, owner.cookie).patch(`/api/team/members/${leaving.user.id}`, {
      role: 'owner',
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    await expect(deleteAccountNow(t.ctx, decided.user, decided.workspaceIds)).rejects.toMatchObject({
      details: { reason: deletionRefusals.ownsTeam("Olivia's workspace") },
    });
    // Olivia's team keeps its new owner.
    expect(await isMember(workspaceOf(owner).id, leaving.user.id)).toBe(true);
  });

  it('account: a subscription started after the checks makes the deletion refuse (nothing cancelled it)', async () => {
    const account = await signUp(t.app);
    const decided = await decidedDeletionOf(account.user.id);
    await subscribeInSandbox(t.app, account.cookie, 'starter');
    await expect(deleteAccountNow(t.ctx, decided.user, decided.workspaceIds)).rejects.toMatchObject({
      code: 'conflict',
      message: deletionMessages.changedMeanwhile,
    });
    expect(await workspaceExists(workspaceOf(account).id)).toBe(true);
    // A retry cancels it and goes through.
    expect((await deleteAccount(account.cookie, account.email)).statusCode).toBe(204);
  });

  it('account: of two super admins deleting themselves at once, the second is refused', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    for (const admin of [first, second]) {
      await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    }
    // Each was checked while the other was still there.
    const decided = await decidedDeletionOf(second.user.id);
    expect((await deleteAccount(first.cookie, first.email)).statusCode).toBe(204);
    await expect(deleteAccountNow(t.ctx, decided.user, decided.workspaceIds)).rejects.toMatchObject({
      details: { reason: deletionRefusals.lastAdmin },
    });
    expect(await userExists(second.user.id)).toBe(true);
    await db().update(users).set({ role: 'user' }).where(eq(users.id, second.user.id));
  });

  it('workspace: losing your other workspace after the checks makes the deletion refuse', async () => {
    const owner = await ownerWithAnotherTeam();
    const own = workspaceOf(owner);
    // Hal removes Olivia from his team between her checks and her deletion.
    const removed = await asUser(t.app, owner.other.cookie).delete(`/api/team/members/${owner.user.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    await expect(
      deleteWorkspaceNow(db(), { userId: owner.user.id, workspaceId: own.id }, own.name),
    ).rejects.toMatchObject({ code: 'conflict', message: workspaceMessages.onlyWorkspace });
    expect((await activeWorkspaceOf(t.app, owner.cookie)).id).toBe(own.id);
  });

  it('workspace: deleted just before the accept joins, the accept says so and changes nothing', async () => {
    const owner = await ownerWithAnotherTeam();
    const joiner = await signUp(t.app);
    const invitation = await invite(t.app, owner.cookie, 'editor', joiner.email);
    const transaction = db().transaction.bind(db());
    let deleted: Awaited<ReturnType<typeof deleteTeam>> | undefined;
    // The accept's first transaction is the join: the workspace goes right before it.
    const spy = vi.spyOn(db(), 'transaction').mockImplementationOnce(async (...args) => {
      deleted = await deleteTeam(owner.cookie, workspaceOf(owner).name);
      return transaction(...args);
    });
    const response = await acceptInvitation(t.app, joiner.cookie, invitation.token);
    spy.mockRestore();

    expect(deleted?.statusCode, deleted?.body).toBe(200);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(teamMessages.invitationWorkspaceDeleted);
    expect((await activeWorkspaceOf(t.app, joiner.cookie)).id).toBe(workspaceOf(joiner).id);
  });

  it('workspace: deleted just after the accept joined, the accept still answers and lands elsewhere', async () => {
    const owner = await ownerWithAnotherTeam();
    const joiner = await signUp(t.app);
    const invitation = await invite(t.app, owner.cookie, 'editor', joiner.email);
    const transaction = db().transaction.bind(db());
    let deleted: Awaited<ReturnType<typeof deleteTeam>> | undefined;
    const spy = vi.spyOn(db(), 'transaction').mockImplementation(async (...args) => {
      const result = await transaction(...args);
      // Right after the transaction that made them a member, before the member-joined notice.
      if (!deleted && (await isMember(workspaceOf(owner).id, joiner.user.id))) {
        deleted = await deleteTeam(owner.cookie, workspaceOf(owner).name);
      }
      return result;
    });
    const response = await acceptInvitation(t.app, joiner.cookie, invitation.token);
    spy.mockRestore();

    expect(deleted?.statusCode, deleted?.body).toBe(200);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().user as SessionUser).workspace.id).toBe(workspaceOf(joiner).id);
    expect(await workspaceExists(workspaceOf(owner).id)).toBe(false);
  });

  /** Waits, without a timer, until another connection is seen waiting for a lock. */
  const someoneWaitsForALock = async () => {
    for (let attempt = 0; attempt < 2000; attempt++) {
      const { rows } = await t.ctx.database.executeSql(
        "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if ((rows[0] as { waiting: number }).waiting > 0) return;
    }
    throw new Error('nobody waited for the lock');
  };

  it.runIf(kind === 'postgres')(
    'at once: an accept waits for a deletion holding the workspace, then says it is gone',
    async () => {
      const owner = await signUp(t.app);
      const joiner = await signUp(t.app);
      const invitation = await invite(t.app, owner.cookie, 'editor', joiner.email);
      const workspaceId = workspaceOf(owner).id;
      let accepting: ReturnType<typeof acceptInvitation> | undefined;
      await db().transaction(async (tx) => {
        expect(await lockWorkspace(tx, workspaceId)).toBeDefined();
        accepting = acceptInvitation(t.app, joiner.cookie, invitation.token);
        await someoneWaitsForALock();
        await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
      });
      const response = await accepting;
      expect(response?.statusCode).toBe(404);
      expect(response?.json().error.message).toBe(teamMessages.invitationWorkspaceDeleted);
      expect((await activeWorkspaceOf(t.app, joiner.cookie)).id).toBe(workspaceOf(joiner).id);
    },
  );

  it.runIf(kind === 'postgres')(
    'at once: an account deletion waits for an accept in progress, then refuses',
    async () => {
      const owner = await signUp(t.app, { firstName: 'Olivia' });
      const joiner = await signUp(t.app);
      const created = await invite(t.app, owner.cookie, 'editor', joiner.email);
      const [invitation] = await db().select().from(invitations).where(eq(invitations.id, created.id));
      if (!invitation) throw new Error('no invitation');
      const decided = await decidedDeletionOf(owner.user.id);
      let deleting: Promise<unknown> | undefined;
      await db().transaction(async (tx) => {
        expect(await lockWorkspaceForJoining(tx, invitation.workspaceId)).toBe(true);
        expect(await acceptInvitationRow(tx, invitation, joiner.user.id, new Date())).toBe(true);
        deleting = deleteAccountNow(t.ctx, decided.user, decided.workspaceIds).then(
          () => 'deleted',
          (error: unknown) => error,
        );
        await someoneWaitsForALock();
      });
      expect(await deleting).toMatchObject({
        details: { reason: deletionRefusals.ownsTeam("Olivia's workspace") },
      });
      expect(await isMember(invitation.workspaceId, joiner.user.id)).toBe(true);
    },
  );
});
