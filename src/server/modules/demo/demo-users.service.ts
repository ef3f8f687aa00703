import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanId } from '../../../contracts/plans';
import type { AppContext } from '../../context';
import { findUserByEmail, insertUser } from '../users/users.repository';
import { generateUniqueAccessCode } from '../users/users.service';
import { insertWorkspaceWithOwner } from '../workspaces/workspaces.repository';

interface DemoUserSpec {
  firstName: string;
  lastName: string;
  email: string;
  plan: PlanId;
  tier: 'Enterprise' | 'Professional' | 'Enterprise+';
  superUser: boolean;
}

/** The four demo accounts of the spec (§6): names, tiers, and access codes made per install. */
const demoUsers: DemoUserSpec[] = [
  {
    firstName: 'Olivia',
    lastName: 'Bennett',
    email: 'olivia@demo.kitepost.app',
    plan: 'enterprise',
    tier: 'Enterprise',
    superUser: false,
  },
  {
    firstName: 'Marcus',
    lastName: 'Chen',
    email: 'marcus@demo.kitepost.app',
    plan: 'professional',
    tier: 'Professional',
    superUser: false,
  },
  {
    firstName: 'Aisha',
    lastName: 'Patel',
    email: 'aisha@demo.kitepost.app',
    plan: 'professional',
    tier: 'Professional',
    superUser: false,
  },
  {
    firstName: 'Daniel',
    lastName: 'Brooks',
    email: 'daniel@demo.kitepost.app',
    plan: 'enterprise',
    tier: 'Enterprise+',
    superUser: true,
  },
];

export interface SeededDemoUser {
  firstName: string;
  lastName: string;
  email: string;
  accessCode: string;
  tier: string;
}

/**
 * Creates the demo users once (never in production) and reports their codes, which main.ts
 * prints and writes to DATA_DIR/demo-users.json for the end-to-end tests.
 */
export async function seedDemoUsers(ctx: AppContext): Promise<SeededDemoUser[]> {
  if (ctx.config.isProduction) return [];
  const db = ctx.database.db;
  const seeded: SeededDemoUser[] = [];
  for (const spec of demoUsers) {
    let user = await findUserByEmail(db, spec.email);
    if (!user) {
      user = await insertUser(db, {
        email: spec.email,
        firstName: spec.firstName,
        lastName: spec.lastName,
        accessCode: await generateUniqueAccessCode(db),
        role: spec.superUser ? 'admin' : 'user',
      });
      await insertWorkspaceWithOwner(db, {
        name: `${spec.firstName}'s workspace`,
        plan: spec.plan,
        subscriptionStatus: 'active',
        trialEndsAt: null,
        ownerUserId: user.id,
      });
    }
    seeded.push({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      accessCode: user.accessCode,
      tier: spec.tier,
    });
  }
  writeFileSync(join(ctx.config.dataDir, 'demo-users.json'), JSON.stringify(seeded, null, 2), {
    mode: 0o600,
  });
  return seeded;
}
