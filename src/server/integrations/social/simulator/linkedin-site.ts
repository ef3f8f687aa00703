import { LINKEDIN_BASE_PATH } from './linkedin-shapes';
import type { SandboxAccount } from './sandbox-store';

/*
 * Which pretend LinkedIn a shared part of the simulator (the Images and Comments APIs, the Posts
 * API's media checks) serves: the member one under /sandbox/linkedin, or the Pages one under
 * /sandbox/linkedin-pages (linkedin-page-simulator.ts), whose member acts as the organizations
 * they administer. Their worlds are apart (their own platform key in the sandbox tables), as two
 * LinkedIn apps' tokens are.
 */
export interface LinkedInSite {
  platform: 'linkedin' | 'linkedin_page';
  basePath: string;
  /** The scopes that let the caller post, upload and comment (any of). */
  writeScopes: string[];
  /**
   * The sandbox account the caller acts as when a call names `urn` as its owner, author or actor;
   * null when the caller may not act as it (LinkedIn answers 403).
   */
  actingAs(caller: SandboxAccount, urn: string): Promise<SandboxAccount | null>;
  /** The accounts whose uploads the caller may send bytes to and read. */
  accountsOf(caller: SandboxAccount): Promise<SandboxAccount[]>;
  /** The URN of an account as LinkedIn names it (`urn:li:person:…`, `urn:li:organization:…`). */
  urnOf(account: SandboxAccount): string;
}

/** The member site: a member acts as themself only ("the caller must match the owner"). */
export const memberSite: LinkedInSite = {
  platform: 'linkedin',
  basePath: LINKEDIN_BASE_PATH,
  writeScopes: ['w_member_social'],
  actingAs: async (caller, urn) => (urn === `urn:li:person:${caller.externalId}` ? caller : null),
  accountsOf: async (caller) => [caller],
  urnOf: (account) => `urn:li:person:${account.externalId}`,
};
