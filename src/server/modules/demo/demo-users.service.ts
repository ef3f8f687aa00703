import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanId } from '../../../contracts/plans';
import type { AppContext } from '../../context';
import { findUserByEmail, insertUser, issueAccessCode, newAccessCode } from '../users';
import { insertWorkspaceWithOwner } from '../workspaces';

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

const DEMO_USERS_FILE = 'demo-users.json';

/** The plain codes written at the last start (DATA_DIR only, never the database), by email. */
function readPreviousCodes(dataDir: string): Map<string, string> {
  try {
    const list = JSON.parse(readFileSync(join(dataDir, DEMO_USERS_FILE), 'utf8')) as unknown;
    if (!Array.isArray(list)) return new Map();
    return new Map(
      list
        .filter((u): u is SeededDemoUser => typeof u?.email === 'string' && typeof u?.accessCode === 'string')
        .map((u) => [u.email, u.accessCode]),
    );
  } catch {
    return new Map();
  }
}

/**
 * Creates the demo users once (never in production) and reports their codes, which main.ts
 * prints and writes to DATA_DIR/demo-users.json for the end-to-end tests. The database keeps
 * only the codes' keyed hashes, so a demo user's plain code lives in that file: when it is
 * missing or no longer matches (a new SESSION_SECRET, the 0016 migration), a new code is issued.
 */
export async function seedDemoUsers(ctx: AppContext): Promise<SeededDemoUser[]> {
  if (ctx.config.isProduction) return [];
  const db = ctx.database.db;
  const previous = readPreviousCodes(ctx.config.dataDir);
  const seeded: SeededDemoUser[] = [];
  for (const spec of demoUsers) {
    let user = await findUserByEmail(db, spec.email);
    let accessCode: string;
    if (!user) {
      const code = await newAccessCode(db, ctx.accessCodes);
      accessCode = code.code;
      user = await insertUser(db, {
        email: spec.email,
        firstName: spec.firstName,
        lastName: spec.lastName,
        accessCodeHash: code.hash,
        role: spec.superUser ? 'admin' : 'user',
      });
      await insertWorkspaceWithOwner(db, {
        name: `${spec.firstName}'s workspace`,
        plan: spec.plan,
        subscriptionStatus: 'active',
        trialEndsAt: null,
        ownerUserId: user.id,
      });
    } else {
      const known = previous.get(user.email);
      accessCode =
        known && user.accessCodeHash === ctx.accessCodes.hash(known)
          ? known
          : await issueAccessCode(db, ctx.accessCodes, user.id);
    }
    seeded.push({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      accessCode,
      tier: spec.tier,
    });
  }
  writeFileSync(join(ctx.config.dataDir, DEMO_USERS_FILE), JSON.stringify(seeded, null, 2), {
    mode: 0o600,
  });
  return seeded;
}

/**
 * One of the shared demo accounts (outside production, signed in to from anyone's browser with
 * the codes the log prints): nobody reads their mail, so they get no new-device notices.
 */
export function isDemoAccount(email: string): boolean {
  return demoUsers.some((demo) => demo.email === email.toLowerCase());
}
