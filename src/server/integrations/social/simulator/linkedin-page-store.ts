import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxAccounts } from '../../../db/schema';
import { followersFor, type SandboxAccount } from './sandbox-store';

/*
 * The pretend LinkedIn Pages' corner of the sandbox tables (platform 'linkedin_page'): a member is
 * a sandbox account without an owner; the organizations they hold a role on are sandbox accounts
 * whose owner_id is the member, with a numeric id (`urn:li:organization:{id}`) and a vanity name
 * as their username. The member is ADMINISTRATOR of each, except of an organization whose
 * username starts with `analyst.` (a vanity name holds no period), where they are an ANALYST: it
 * is in their ACLs but they may neither post as it nor read its statistics (Organization Access
 * Control by Role, learn.microsoft.com/en-us/linkedin/marketing/community-management/
 * organizations/organization-access-control-by-role).
 */

const ANALYST_PREFIX = 'analyst.';
export const PAGE_PLATFORM = 'linkedin_page' as const;
/** An organization id as LinkedIn's: digits. */
export const ORGANIZATION_ID = /^\d{1,19}$/;

export type OrganizationRole = 'ADMINISTRATOR' | 'ANALYST';

export const roleOf = (organization: SandboxAccount): OrganizationRole =>
  organization.username.startsWith(ANALYST_PREFIX) ? 'ANALYST' : 'ADMINISTRATOR';

/** The vanity name people see in the Page's address (`linkedin.com/company/{vanity}`). */
export const vanityOf = (organization: SandboxAccount) => organization.username.replace(ANALYST_PREFIX, '');

/** The organizations the member holds a role on, oldest first (the order of their ACLs). */
export function findOrganizationsOf(db: Db, member: SandboxAccount): Promise<SandboxAccount[]> {
  return db
    .select()
    .from(sandboxAccounts)
    .where(and(eq(sandboxAccounts.platform, PAGE_PLATFORM), eq(sandboxAccounts.ownerId, member.id)))
    .orderBy(asc(sandboxAccounts.createdAt), asc(sandboxAccounts.externalId));
}

/** The organization with that id the member administers; null when none (or another role). */
export async function findAdministered(
  db: Db,
  member: SandboxAccount,
  id: string,
): Promise<SandboxAccount | null> {
  if (!ORGANIZATION_ID.test(id)) return null;
  const found = (await findOrganizationsOf(db, member)).find(
    (organization) => organization.externalId === id,
  );
  return found && roleOf(found) === 'ADMINISTRATOR' ? found : null;
}

function vanityFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'company'}-${randomInt(1000, 10_000)}`;
}

async function createOrganization(
  db: Db,
  member: SandboxAccount,
  name: string,
  role: OrganizationRole,
): Promise<SandboxAccount> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const vanity = vanityFor(name);
    const [created] = await db
      .insert(sandboxAccounts)
      .values({
        platform: PAGE_PLATFORM,
        externalId: String(randomInt(10_000_000, 99_999_999)),
        username: role === 'ANALYST' ? `${ANALYST_PREFIX}${vanity}` : vanity,
        displayName: name,
        followers: followersFor(vanity),
        ownerId: member.id,
        workspaceId: member.workspaceId,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw new Error(`sandbox organization ${name} could not be created`);
}

const PAGE_NAMES = ['', ' Studio', ' Group', ' Labs'];

/**
 * Makes sure the member administers at least `count` Pages (named after them), and, when asked,
 * holds an ANALYST role on one more. Answers all their organizations.
 */
export async function ensureOrganizations(
  db: Db,
  member: SandboxAccount,
  input: { administered: number; analyst: boolean },
): Promise<SandboxAccount[]> {
  let organizations = await findOrganizationsOf(db, member);
  const administered = () => organizations.filter((organization) => roleOf(organization) === 'ADMINISTRATOR');
  for (let index = administered().length; index < input.administered; index++) {
    const name = `${member.displayName}${PAGE_NAMES[index] ?? ` ${index + 1}`}`;
    organizations = [...organizations, await createOrganization(db, member, name, 'ADMINISTRATOR')];
  }
  if (input.analyst && !organizations.some((organization) => roleOf(organization) === 'ANALYST')) {
    organizations = [
      ...organizations,
      await createOrganization(db, member, `${member.displayName} Partners`, 'ANALYST'),
    ];
  }
  return organizations;
}
