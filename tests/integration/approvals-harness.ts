import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ActivityEntry } from '../../src/contracts/analytics';
import type { WorkspaceRole } from '../../src/contracts/auth';
import type { NotificationList } from '../../src/contracts/notifications';
import type { PostComment } from '../../src/contracts/team';
import { posts, users, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { PUBLISH_POST_JOB } from '../../src/server/modules/publishing/publish-queue';
import { asUser } from '../factories/posts';
import { signUp } from '../factories/users';
import type { TestApp } from '../setup/app';

export type Person = Awaited<ReturnType<typeof signUp>>;

/**
 * What the approval tests share: a workspace with approvals on and one member per role, and
 * readers for a post's publish jobs, notices, the activity feed and a post's thread.
 * `app` is called at use, after the suite's beforeAll has built the app.
 */
export function approvalsHarness(app: () => TestApp) {
  const t = {
    get app() {
      return app().app;
    },
    get ctx() {
      return app().ctx;
    },
  };
  const db = () => t.ctx.database.db;

  /** The publish jobs pg-boss holds for a post, oldest first. */
  async function jobsOf(postId: string) {
    const result = await t.ctx.database.executeSql(
      `select id::text as id, state::text as state, (data->>'version')::int as version
         from pgboss.job where name = $1 and data->>'postId' = $2 order by created_on`,
      [PUBLISH_POST_JOB, postId],
    );
    return result.rows as Array<{ id: string; state: string; version: number }>;
  }
  const liveJobs = async (postId: string) =>
    (await jobsOf(postId)).filter((job) => job.state === 'created').map((job) => job.version);
  const versionOf = async (id: string) => {
    const [row] = await db().select().from(posts).where(eq(posts.id, id));
    return row?.publishVersion;
  };

  /** Someone who signed up, then joined `workspaceId` with `role` and works in it. */
  async function join(workspaceId: string, role: Exclude<WorkspaceRole, 'owner'>, firstName: string) {
    const person = await signUp(t.app, { firstName, lastName: 'Tester' });
    await db().insert(workspaceMembers).values({ workspaceId, userId: person.user.id, role });
    await db().update(users).set({ activeWorkspaceId: workspaceId }).where(eq(users.id, person.user.id));
    return person;
  }

  /** An owner's workspace (on the Professional trial) with approvals on, and one member per role. */
  async function team(options: { requireApproval?: boolean } = {}) {
    const owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
    const workspaceId = (owner.user as unknown as { workspace: { id: string } }).workspace.id;
    await db()
      .update(workspaces)
      .set({ requireApproval: options.requireApproval ?? true })
      .where(eq(workspaces.id, workspaceId));
    return {
      workspaceId,
      owner,
      admin: await join(workspaceId, 'admin', 'Adam'),
      editor: await join(workspaceId, 'editor', 'Ada'),
      approver: await join(workspaceId, 'approver', 'Sam'),
      viewer: await join(workspaceId, 'viewer', 'Vic'),
    };
  }

  async function notices(person: Person, kind?: string) {
    const response = await asUser(t.app, person.cookie).get('/api/notifications');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<NotificationList>().notifications;
    return kind ? list.filter((notice) => notice.kind === kind) : list;
  }
  async function feed(person: Person) {
    const response = await asUser(t.app, person.cookie).get('/api/activity');
    return response.json<ActivityEntry[]>().map((entry) => entry.summary);
  }
  async function comments(person: Person, postId: string) {
    const response = await asUser(t.app, person.cookie).get(`/api/posts/${postId}/comments`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ comments: PostComment[] }>().comments;
  }

  return { db, jobsOf, liveJobs, versionOf, join, team, notices, feed, comments };
}
