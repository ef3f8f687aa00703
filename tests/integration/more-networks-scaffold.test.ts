import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../factories/posts';
import { signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/**
 * Issue 27's shared pieces: a post's network options travel with it and each network keeps only
 * its own; the networks of many servers ask for the server before any sign-in starts.
 */
describe.each(databaseKinds)('network options and server sign-ins on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('keeps each composed target to its own network’s options, and edits them', async () => {
    const ada = await signUp(t.app);
    const as = asUser(t.app, ada.cookie);
    const composed = await as.post('/api/posts/compose', {
      content: 'Spring menu tasting on Saturday.',
      hashtags: [],
      mediaIds: [],
      asDraft: true,
      platformOptions: {
        contentWarning: 'Food photos',
        visibility: 'unlisted',
        link: 'https://example.com/menu',
      },
      targets: ['mastodon', 'pinterest', 'linkedin'].map((platform) => ({ platform, socialAccountId: null })),
    });
    expect(composed.statusCode, composed.body).toBe(201);
    const byPlatform = Object.fromEntries(
      (composed.json().posts as { platform: string; id: string; platformOptions: unknown }[]).map((post) => [
        post.platform,
        post,
      ]),
    );
    expect(byPlatform.mastodon?.platformOptions).toEqual({
      contentWarning: 'Food photos',
      visibility: 'unlisted',
    });
    expect(byPlatform.pinterest?.platformOptions).toEqual({ link: 'https://example.com/menu' });
    expect(byPlatform.linkedin?.platformOptions).toEqual({});

    const edited = await as.patch(`/api/posts/${byPlatform.mastodon?.id}`, {
      platformOptions: { visibility: 'private' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().platformOptions).toEqual({ visibility: 'private' });
    const read = await as.get(`/api/posts/${byPlatform.mastodon?.id}`);
    expect(read.json().platformOptions).toEqual({ visibility: 'private' });
  });

  it('keeps YouTube’s, TikTok’s and Google’s options each in its own object, on its own network (issue 28)', async () => {
    const ada = await signUp(t.app);
    const as = asUser(t.app, ada.cookie);
    const youtube = { privacy: 'unlisted', madeForKids: false, tags: ['bakery'] };
    const tiktok = { privacyLevel: 'SELF_ONLY', allowComments: true };
    const googleBusiness = { topic: 'STANDARD', action: 'LEARN_MORE', actionUrl: 'https://example.com/menu' };
    const composed = await as.post('/api/posts/compose', {
      content: 'Spring menu tasting on Saturday.',
      hashtags: [],
      mediaIds: [],
      asDraft: true,
      platformOptions: { youtube, tiktok, googleBusiness, visibility: 'unlisted' },
      targets: ['youtube', 'tiktok', 'google_business', 'mastodon'].map((platform) => ({
        platform,
        socialAccountId: null,
      })),
    });
    expect(composed.statusCode, composed.body).toBe(201);
    const options = Object.fromEntries(
      (composed.json().posts as { platform: string; platformOptions: unknown }[]).map((post) => [
        post.platform,
        post.platformOptions,
      ]),
    );
    expect(options).toEqual({
      youtube: { youtube },
      tiktok: { tiktok },
      google_business: { googleBusiness },
      mastodon: { visibility: 'unlisted' },
    });
  });

  it('refuses options that are not a network’s with a 400', async () => {
    const ada = await signUp(t.app);
    const as = asUser(t.app, ada.cookie);
    const base = { platform: 'mastodon', content: 'Hello', hashtags: [] };
    for (const platformOptions of [
      { visibility: 'direct' },
      { link: 'javascript:alert(1)' },
      { contentWarning: 'x'.repeat(501) },
      { somethingElse: true },
    ]) {
      const answer = await as.post('/api/posts', { ...base, platformOptions });
      expect(answer.statusCode, JSON.stringify(platformOptions)).toBe(400);
    }
  });

  it('asks Mastodon for its server and Bluesky for a handle before a sign-in starts', async () => {
    const ada = await signUp(t.app);
    const as = asUser(t.app, ada.cookie);
    const mastodon = await as.post('/api/user/social-accounts/connect', { platform: 'mastodon' });
    expect(mastodon.statusCode).toBe(400);
    expect(mastodon.json().error.message).toBe('Enter your Mastodon server, e.g. mastodon.social.');
    const bluesky = await as.post('/api/user/social-accounts/connect', { platform: 'bluesky' });
    expect(bluesky.statusCode).toBe(400);
    expect(bluesky.json().error.message).toBe('Enter your Bluesky handle.');
    const tooLong = await as.post('/api/user/social-accounts/connect', {
      platform: 'mastodon',
      server: 'a'.repeat(254),
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
