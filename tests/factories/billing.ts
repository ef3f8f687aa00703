import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  BillingSubscription,
  CreateSubscriptionResponse,
  PaidPlanId,
} from '../../src/contracts/billing';
import type { AppContext } from '../../src/server/context';
import { workspaceMembers } from '../../src/server/db/schema';
import { asUser } from './posts';
import { signUp } from './users';

/** Stripe's test cards, as the sandbox card form knows them. */
export const sandboxCards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/** A valid expiry in MM/YY, a year from now. */
export function futureExpiry(now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const year = String((now.getUTCFullYear() + 1) % 100).padStart(2, '0');
  return `${month}/${year}`;
}

export type BillingMember = Awaited<ReturnType<typeof signUp>> & { workspaceId: string };

/** A new user on their own workspace (a fresh 7-day Professional trial). */
export async function signUpMember(app: FastifyInstance): Promise<BillingMember> {
  const signedUp = await signUp(app);
  const { workspace } = signedUp.user as unknown as { workspace: { id: string } };
  return { ...signedUp, workspaceId: workspace.id };
}

/** Moves `member` into `owner`'s workspace with `role` (their only workspace from then on). */
export async function joinWorkspace(
  ctx: AppContext,
  owner: BillingMember,
  member: BillingMember,
  role: 'admin' | 'editor' | 'approver' | 'viewer',
) {
  const db = ctx.database.db;
  await db.delete(workspaceMembers).where(eq(workspaceMembers.userId, member.user.id));
  await db.insert(workspaceMembers).values({ workspaceId: owner.workspaceId, userId: member.user.id, role });
}

export async function startSubscription(app: FastifyInstance, cookie: string, plan: PaidPlanId) {
  const response = await asUser(app, cookie).post('/api/create-subscription', { plan });
  if (response.statusCode !== 200)
    throw new Error(`create-subscription failed: ${response.statusCode} ${response.body}`);
  return response.json() as CreateSubscriptionResponse;
}

export function confirmWithCard(
  app: FastifyInstance,
  cookie: string,
  clientSecret: string,
  cardNumber: string,
) {
  return asUser(app, cookie).post('/api/billing/sandbox/confirm', {
    clientSecret,
    cardNumber,
    expiry: futureExpiry(),
    cvc: '123',
  });
}

/** Subscribes the member's workspace to `plan`, paying with the sandbox's succeeding card. */
export async function subscribeInSandbox(app: FastifyInstance, cookie: string, plan: PaidPlanId) {
  const { clientSecret } = await startSubscription(app, cookie, plan);
  const response = await confirmWithCard(app, cookie, clientSecret, sandboxCards.succeeds);
  if (response.statusCode !== 200)
    throw new Error(`sandbox payment failed: ${response.statusCode} ${response.body}`);
}

export async function billingOf(app: FastifyInstance, cookie: string): Promise<BillingSubscription> {
  const response = await asUser(app, cookie).get('/api/billing/subscription');
  if (response.statusCode !== 200)
    throw new Error(`billing subscription failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** What GET /api/auth/user says of the plan: it must agree with the billing subscription. */
export async function sessionPlanOf(app: FastifyInstance, cookie: string) {
  const response = await asUser(app, cookie).get('/api/auth/user');
  const user = response.json() as { subscriptionPlan: string; subscriptionStatus: string };
  return { plan: user.subscriptionPlan, status: user.subscriptionStatus };
}
