import { LINKEDIN_BASE_PATH, LINKEDIN_LABEL } from './linkedin-shapes';
import type { SandboxAccount } from './sandbox-store';

/*
 * Which pretend LinkedIn a shared part of the simulator (the API routes' preamble, the Posts API,
 * the Images, Videos, Documents and Comments APIs, a post's public page) serves: the member one under /sandbox/linkedin, or the Pages one under
 * /sandbox/linkedin-pages (linkedin-page-simulator.ts), whose member acts as the organizations
 * they administer. Their worlds are apart (their own platform key in the sandbox tables), as two
 * LinkedIn apps' tokens are.
 */
export interface LinkedInSite {
  platform: 'linkedin' | 'linkedin_page';
  basePath: string;
  /** The name on its public post pages. */
  label: string;
  /** The scopes that let the caller post, upload and comment (any of). */
  writeScopes: string[];
  /** The scopes that let the caller read posts with the author finder (any of). */
  readScopes: string[];
  /** What a 403 names when the caller deletes a post they may not act for. */
  notYours(urn: string): string;
  /** Whether a post's public page shows its video plays. */
  showsVideoPlays: boolean;
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
  label: LINKEDIN_LABEL,
  writeScopes: ['w_member_social'],
  // LinkedIn gates the author finder for members behind r_member_social (a closed permission); the
  // sandbox lets a member read their own posts with w_member_social too (see the adapter).
  readScopes: ['r_member_social', 'w_member_social'],
  notYours: (urn) => `post ${urn} of another member`,
  showsVideoPlays: true,
  actingAs: async (caller, urn) => (urn === `urn:li:person:${caller.externalId}` ? caller : null),
  accountsOf: async (caller) => [caller],
  urnOf: (account) => `urn:li:person:${account.externalId}`,
};
