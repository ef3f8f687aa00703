import { describe, expect, it } from 'vitest';
import type { SocialAccount } from '../../../contracts/social-accounts';
import {
  chosenPlatforms,
  composeTargets,
  mediaWarnings,
  type TargetKey,
  targetDisabled,
  targetGroups,
  targetKeyOf,
} from './composer-targets';

function account(
  id: string,
  platform: SocialAccount['platform'],
  username = id,
  overPlanLimit = false,
): SocialAccount {
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
    overPlanLimit,
    mediaWarning: null,
    postLimits: null,
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

describe('accounts over the plan’s limit', () => {
  const downgraded = [
    account('a1', 'twitter', 'bakes'),
    account('a2', 'twitter', 'bakes2', true),
    account('a3', 'linkedin', 'maple', true),
  ];
  const optionsOf = (keep?: TargetKey) => targetGroups(downgraded, keep).flatMap((group) => group.options);
  const locked = (keep?: TargetKey) =>
    optionsOf(keep)
      .filter((option) => option.locked)
      .map((option) => option.key);

  it('still lists them, locked, and no platform-only choice in their place', () => {
    expect(optionsOf().map((option) => option.key)).toEqual([
      'account:a3',
      'platform:instagram',
      'account:a1',
      'account:a2',
      'platform:facebook',
    ]);
    expect(locked()).toEqual(['account:a3', 'account:a2']);
  });

  it('disables a locked account unless it is already chosen', () => {
    const [maple] = optionsOf();
    if (!maple) throw new Error('no options');
    expect(targetDisabled(maple, [])).toBe(true);
    expect(targetDisabled(maple, ['account:a1'])).toBe(true);
    // Chosen before the plan shrank: it can still be unchosen.
    expect(targetDisabled(maple, ['account:a3'])).toBe(false);
    const bakes = optionsOf().find((option) => option.key === 'account:a1');
    expect(bakes && targetDisabled(bakes, [])).toBe(false);
  });

  it('leaves the edited post its own account, even over the limit', () => {
    expect(locked('account:a2')).toEqual(['account:a3']);
  });
});

describe('images a platform cannot download', () => {
  const why = 'Image posts to Instagram will fail: APP_URL is not public.';
  const real = { ...account('ig-real', 'instagram'), sandbox: false, mediaWarning: why };
  const sandbox = account('ig-sandbox', 'instagram');
  const x = account('x', 'twitter');

  it('says why once for the chosen accounts that warn, and only with images attached', () => {
    const accounts = [real, sandbox, x];
    const chosen = composeTargets(['account:ig-real', 'account:x'], accounts);
    expect(mediaWarnings(chosen, accounts, 1)).toEqual([{ platform: 'instagram', warning: why }]);
    expect(mediaWarnings(chosen, accounts, 0)).toEqual([]);
    expect(mediaWarnings(composeTargets(['account:ig-sandbox', 'account:x'], accounts), accounts, 2)).toEqual(
      [],
    );
  });

  it('counts a platform chosen without an account when one of its accounts warns', () => {
    const targets = [{ platform: 'instagram' as const, socialAccountId: null }];
    expect(mediaWarnings(targets, [real, { ...real, id: 'ig-2' }], 1)).toEqual([
      { platform: 'instagram', warning: why },
    ]);
    expect(mediaWarnings(targets, [sandbox], 1)).toEqual([]);
  });
});
