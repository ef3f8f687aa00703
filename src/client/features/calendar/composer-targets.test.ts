import { describe, expect, it } from 'vitest';
import type { SocialAccount } from '../../../contracts/social-accounts';
import { chosenPlatforms, composeTargets, targetGroups, targetKeyOf } from './composer-targets';

function account(id: string, platform: SocialAccount['platform'], username = id): SocialAccount {
  return {
    id,
    platform,
    username,
    displayName: username,
    avatarUrl: null,
    connectedAt: '2026-12-01T00:00:00Z',
    followers: null,
    posts: 0,
    engagement: null,
    status: 'connected',
    statusReason: null,
    tokenExpiresAt: null,
    reconnectBy: null,
    sandbox: true,
  };
}

const accounts = [
  account('a1', 'twitter', 'bakes'),
  account('a2', 'twitter', 'bakes2'),
  account('a3', 'linkedin'),
];

describe('composer targets', () => {
  it('offers every account, and a platform on its own only where it has no account', () => {
    const groups = targetGroups(accounts);
    expect(groups.map((group) => group.platform)).toEqual(['linkedin', 'instagram', 'twitter', 'facebook']);
    expect(groups.map((group) => group.options.map((option) => option.key))).toEqual([
      ['account:a3'],
      ['platform:instagram'],
      ['account:a1', 'account:a2'],
      ['platform:facebook'],
    ]);
  });

  it('turns the chosen keys into one target per account (several on one platform), in order', () => {
    const targets = composeTargets(
      ['account:a1', 'platform:instagram', 'account:a2', 'account:gone'],
      accounts,
    );
    expect(targets).toEqual([
      { platform: 'twitter', socialAccountId: 'a1' },
      { platform: 'instagram', socialAccountId: null },
      { platform: 'twitter', socialAccountId: 'a2' },
    ]);
    expect(chosenPlatforms(targets)).toEqual(['instagram', 'twitter']);
  });

  it('keys a saved post by its account, else by its platform', () => {
    expect(targetKeyOf({ platform: 'twitter', socialAccountId: 'a1' })).toBe('account:a1');
    expect(targetKeyOf({ platform: 'facebook', socialAccountId: null })).toBe('platform:facebook');
  });
});

describe('editing a post without an account', () => {
  it('keeps its platform-only choice next to the accounts', () => {
    const twitter = targetGroups(accounts, 'platform:twitter').find((group) => group.platform === 'twitter');
    expect(twitter?.options.map((option) => option.key)).toEqual([
      'account:a1',
      'account:a2',
      'platform:twitter',
    ]);
  });
});
