import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type PublishingPlatform, publishingPlatforms } from '../../../../contracts/platforms';
import { can } from '../../../../contracts/team';
import type { Db } from '../../../db/client';
import {
  type ChosenFault,
  DEFAULT_DELAY_MS,
  MAX_DELAY_MS,
  type SandboxFault,
  type SimulatedCallKind,
  sandboxFaults,
} from './sandbox-faults';
import {
  findAccountByExternalId,
  findAccountByUsername,
  revokeAccountGrants,
  type SandboxAccount,
} from './sandbox-store';
import { HIDDEN } from './simulator-routes';

/*
 * Faults armed per account: "the next N publish calls made with this account's tokens answer
 * 503". For callers that send no test headers (the publishing worker runs the real adapter
 * against the simulator). Armed through the simulator's fault routes:
 *
 *   POST   /sandbox/faults  {platform, account, fault, on?, times?, delayMs?}   arm one
 *   GET    /sandbox/faults                                                    list them
 *   DELETE /sandbox/faults?platform=…&account=…                               clear them
 *
 * `account` is the sandbox account's external id (what Kitepost stores as the account's
 * externalId: a Facebook Page's id, an Instagram user id, a LinkedIn sub) or its username.
 *
 * They live in this simulator's memory, not the database: one process (the embedded database's
 * web-and-worker process, or a test's app) sees them. With web and worker processes split on
 * PostgreSQL, arm them on the process that publishes. Routes exist only when faults are enabled.
 *
 * The routes take the Kitepost session of a member whose role may manage accounts, and see only
 * the sandbox accounts of that member's workspace (decision 036): another workspace's account, a
 * made-up one and a missing one all answer the same 404, and the list and the clearing stop at
 * the workspace's own faults.
 */

export type FaultTarget = SimulatedCallKind | 'any';

export interface ArmedFault {
  id: string;
  /** The workspace that owns the account (and armed the fault). */
  workspaceId: string | null;
  platform: PublishingPlatform;
  account: { externalId: string; username: string };
  fault: SandboxFault;
  on: FaultTarget;
  /** Calls it still applies to; null: every call until cleared. */
  remaining: number | null;
  delayMs: number;
}

/** Armed faults by sandbox account id: the simulator looks them up without a query. */
export class ArmedFaults {
  private readonly byAccount = new Map<string, Array<ArmedFault & { accountId: string }>>();

  constructor(private readonly db: Db) {}

  arm(
    account: SandboxAccount,
    spec: { fault: SandboxFault; on: FaultTarget; times: number | 'always'; delayMs: number },
  ): ArmedFault {
    const armed = {
      id: randomUUID(),
      accountId: account.id,
      workspaceId: account.workspaceId,
      platform: account.platform,
      account: { externalId: account.externalId, username: account.username },
      fault: spec.fault,
      on: spec.on,
      remaining: spec.times === 'always' ? null : spec.times,
      delayMs: spec.delayMs,
    };
    this.byAccount.set(account.id, [...(this.byAccount.get(account.id) ?? []), armed]);
    return publicView(armed);
  }

  /** Uses up one application of the oldest fault armed for this account and kind of call. */
  take(accountId: string, kind: SimulatedCallKind): ChosenFault | null {
    const list = this.byAccount.get(accountId);
    const armed = list?.find((one) => one.on === 'any' || one.on === kind);
    if (!list || !armed) return null;
    if (armed.remaining !== null) {
      armed.remaining -= 1;
      if (armed.remaining <= 0) {
        const rest = list.filter((one) => one !== armed);
        if (rest.length > 0) this.byAccount.set(accountId, rest);
        else this.byAccount.delete(accountId);
      }
    }
    return { fault: armed.fault, delayMs: armed.delayMs };
  }

  /** The faults armed for the workspace's accounts. */
  list(workspaceId: string): ArmedFault[] {
    return [...this.byAccount.values()]
      .flat()
      .filter((one) => one.workspaceId === workspaceId)
      .map(publicView);
  }

  /**
   * Clears the workspace's faults: of one platform, or one account of it, or all; answers how
   * many.
   */
  clear(workspaceId: string, filter: { platform?: PublishingPlatform; externalId?: string } = {}): number {
    let cleared = 0;
    for (const [accountId, list] of this.byAccount) {
      const rest = list.filter(
        (one) =>
          one.workspaceId !== workspaceId ||
          (filter.platform !== undefined && one.platform !== filter.platform) ||
          (filter.externalId !== undefined && one.account.externalId !== filter.externalId),
      );
      cleared += list.length - rest.length;
      if (rest.length > 0) this.byAccount.set(accountId, rest);
      else this.byAccount.delete(accountId);
    }
    return cleared;
  }

  /**
   * The `revoked-token` fault: every token the account was given stops working. A LinkedIn Page
   * has no token of its own: its administrator's (the owner's) are revoked; so with a Google
   * Business Profile location and the Google user who manages it.
   */
  async revokeTokensOf(account: SandboxAccount): Promise<void> {
    await revokeAccountGrants(this.db, account.id);
    if ((account.platform === 'linkedin_page' || account.platform === 'google_business') && account.ownerId) {
      await revokeAccountGrants(this.db, account.ownerId);
    }
  }
}

function publicView({ accountId: _, ...armed }: ArmedFault & { accountId: string }): ArmedFault {
  return { ...armed, account: { ...armed.account } };
}

const armRequest = z.object({
  platform: z.enum(publishingPlatforms),
  account: z.string().trim().min(1).max(200),
  fault: z.enum(sandboxFaults),
  on: z.enum(['publish', 'upload', 'read', 'other', 'any']).default('publish'),
  times: z.union([z.number().int().min(1).max(10_000), z.literal('always')]).default(1),
  delayMs: z.number().int().min(0).max(MAX_DELAY_MS).default(DEFAULT_DELAY_MS),
});
const clearQuery = z.object({
  platform: z.enum(publishingPlatforms).optional(),
  account: z.string().trim().min(1).max(200).optional(),
});

/** A Kitepost session is required (401 without one): see who may arm a fault above. */
const SIGNED_IN = { access: 'user' } as const;

function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** The fault routes (only registered when faults are enabled). */
export function registerFaultRoutes(app: FastifyInstance, options: { db: Db; armed: ArmedFaults }) {
  const { db, armed } = options;
  /** The workspace's sandbox account by external id or username; another workspace's is not found. */
  const accountOf = async (workspaceId: string, platform: PublishingPlatform, account: string) =>
    (await findAccountByExternalId(db, platform, account, workspaceId)) ??
    (await findAccountByUsername(db, platform, account, workspaceId));

  /** The caller's workspace, or the refusal sent (the auth hook already answered 401 to nobody). */
  const workspaceOf = (request: FastifyRequest, reply: FastifyReply): string | null => {
    const auth = request.auth;
    if (!auth) {
      reply.status(401).send({ error: 'Unauthorized', message: 'Please sign in.' });
      return null;
    }
    if (!can(auth.user.workspace.role, 'accounts.manage')) {
      reply.status(403).send({
        error: 'Forbidden',
        message:
          "Your role cannot arm sandbox faults: it takes a role that may manage the workspace's accounts.",
      });
      return null;
    }
    return auth.workspaceId;
  };

  app.post('/sandbox/faults', { config: SIGNED_IN, schema: HIDDEN }, async (request, reply) => {
    const workspaceId = workspaceOf(request, reply);
    if (!workspaceId) return reply;
    const parsed = armRequest.safeParse(request.body);
    if (!parsed.success) {
      return reply.status(400).send({ error: 'Invalid sandbox fault', issues: issuesOf(parsed.error) });
    }
    const { platform, account, ...spec } = parsed.data;
    const found = await accountOf(workspaceId, platform, account);
    if (!found) {
      return reply
        .status(404)
        .send({ error: `No ${platform} sandbox account "${account}" in this workspace` });
    }
    return reply.status(201).send({ fault: armed.arm(found, spec) });
  });

  app.get('/sandbox/faults', { config: SIGNED_IN, schema: HIDDEN }, async (request, reply) => {
    const workspaceId = workspaceOf(request, reply);
    if (!workspaceId) return reply;
    return { faults: armed.list(workspaceId) };
  });

  app.delete('/sandbox/faults', { config: SIGNED_IN, schema: HIDDEN }, async (request, reply) => {
    const workspaceId = workspaceOf(request, reply);
    if (!workspaceId) return reply;
    const parsed = clearQuery.safeParse(request.query);
    if (!parsed.success) {
      return reply.status(400).send({ error: 'Invalid filter', issues: issuesOf(parsed.error) });
    }
    const { platform, account } = parsed.data;
    let externalId: string | undefined;
    if (account !== undefined) {
      if (!platform) return reply.status(400).send({ error: 'Clearing one account needs its platform' });
      externalId = (await accountOf(workspaceId, platform, account))?.externalId ?? account;
    }
    return { cleared: armed.clear(workspaceId, { platform, externalId }) };
  });
}
