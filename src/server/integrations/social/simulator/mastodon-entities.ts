import type { FastifyReply, FastifyRequest } from 'fastify';
import { MASTODON_BASE_PATH } from './mastodon-shapes';
import type { SimulatedAnswer, SimulatedCallKind } from './sandbox-faults';
import { sandboxFollowers } from './sandbox-followers';
import type { SandboxAccount } from './sandbox-store';

/* The pretend Mastodon's callers and accounts: who calls, and the Account entity it answers. */

export interface MastodonCaller {
  account: SandboxAccount;
  host: string;
  scopes: string[];
}

/** A Mastodon API route: the server in the path, a Bearer token of an app of that server, its scopes, faults. */
export type MastodonApiRoute = (
  scope: string,
  kind: SimulatedCallKind,
  handle: (request: FastifyRequest, caller: MastodonCaller) => Promise<SimulatedAnswer>,
) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export const accountUrl = (appUrl: string, host: string, username: string) =>
  `${appUrl}${MASTODON_BASE_PATH}/${host}/@${username}`;
export const avatarUrl = (appUrl: string, account: SandboxAccount) =>
  `${appUrl}${MASTODON_BASE_PATH}/avatars/${account.externalId}.svg`;

/** The Account entity (docs.joinmastodon.org/entities/Account) of a sandbox identity on `host`. */
export function accountEntity(appUrl: string, host: string, account: SandboxAccount, statuses: number) {
  const avatar = avatarUrl(appUrl, account);
  return {
    id: account.externalId,
    username: account.username,
    acct: account.username,
    display_name: account.displayName,
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: account.createdAt.toISOString(),
    note: '',
    url: accountUrl(appUrl, host, account.username),
    uri: `https://${host}/users/${account.username}`,
    avatar,
    avatar_static: avatar,
    header: `https://${host}/headers/original/missing.png`,
    header_static: `https://${host}/headers/original/missing.png`,
    followers_count: sandboxFollowers(account, new Date()),
    following_count: Math.round(account.followers / 7) + 12,
    statuses_count: statuses,
    last_status_at: null,
    emojis: [],
    fields: [],
  };
}
