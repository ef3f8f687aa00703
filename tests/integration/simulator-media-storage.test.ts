import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishingPlatform } from '../../src/contracts/platforms';
import type {
  ExternalAccount,
  SocialProvider,
  TokenSet,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { pngImage, uploadImage } from '../factories/media';
import { asUser } from '../factories/posts';
import { hiddenFields } from '../factories/sandbox';
import { acceptInvitation, invite } from '../factories/team';
import { signUp } from '../factories/users';
import { testImage } from '../fakes/publish-media';
import { type FakeS3, startFakeS3 } from '../fakes/s3/s3-fake';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * What the platform simulator stores when a sandbox post carries images (X's and LinkedIn's
 * uploads): under `simulator/<platform>/` in the app's media storage, never among users' media
 * (`<workspace>/…`), and removed when the sandbox post is deleted on the pretend platform or its
 * workspace goes with an account (decision 038). Proven by listing the media folder and the fake
 * S3's keys.
 */

const unique = () => randomBytes(4).toString('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Connection {
  provider: SocialProvider & { deletePost(tokens: TokenSet, externalId: string): Promise<void> };
  tokens: TokenSet;
  account: ExternalAccount;
}

/** The consent flow of the platform's simulator as a member of `session`'s workspace. */
async function connect(t: TestApp, session: string, platform: PublishingPlatform): Promise<Connection> {
  const provider = t.ctx.socialProviders[platform] as Connection['provider'];
  const redirectUri = `${TEST_APP_URL}/api/auth/social/${platform}/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(
    provider.authorizeUrl({
      state: unique(),
      redirectUri,
      ...(provider.usesPkce
        ? { codeChallenge: createHash('sha256').update(verifier).digest('base64url') }
        : {}),
    }),
  );
  const page = await t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { cookie: session },
  });
  expect(page.statusCode).toBe(200);
  const consent = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
    payload: new URLSearchParams({
      ...hiddenFields(page.body),
      account: '__new__',
      username: `u${unique()}`,
      decision: 'authorize',
    }).toString(),
  });
  expect(consent.statusCode).toBe(302);
  const code = new URL(String(consent.headers.location)).searchParams.get('code') as string;
  const userTokens = await provider.exchangeCode({
    code,
    redirectUri,
    ...(provider.usesPkce ? { codeVerifier: verifier } : {}),
  });
  const [account] = await provider.listAccounts(userTokens);
  if (!account) throw new Error(`no ${platform} account`);
  return { provider, tokens: account.tokens ?? userTokens, account };
}

const publishWithImages = (c: Connection, count: number) =>
  c.provider.publish(c.tokens, {
    account: { externalId: c.account.externalId, username: c.account.username },
    text: `Photos ${unique()}`,
    media: Array.from({ length: count }, (_, i) =>
      testImage(`https://cdn.example/${unique()}.${i % 2 ? 'png' : 'jpg'}`),
    ),
  });

/** Every file under the media folder, as storage keys. */
function mediaFiles(t: TestApp): string[] {
  const root = join(t.config.dataDir, 'media');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Every key is the simulator's (`simulator/<platform>/<file>`) or a user's (`<workspace>/<file>`). */
function expectKeysApart(keys: string[]) {
  for (const key of keys) {
    const [first, ...rest] = key.split('/');
    if (first === 'simulator')
      expect(rest.join('/')).toMatch(/^(twitter|linkedin)\/[A-Za-z0-9_-]+\.(jpg|png|webp|gif)$/);
    else expect(first).toMatch(UUID);
  }
}

describe.each(databaseKinds)('simulator images on local storage (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it.each(['twitter', 'linkedin'] as const)(
    '%s: kept under simulator/, apart from users’ media, and removed with the deleted post',
    async (platform) => {
      const { cookie } = await signUp(t.app);
      const own = await uploadImage(t.app, cookie);
      const c = await connect(t, cookie, platform);
      const before = new Set(mediaFiles(t));
      const published = await publishWithImages(c, 2);

      const added = mediaFiles(t).filter((key) => !before.has(key));
      expect(added).toHaveLength(2);
      for (const key of added) expect(key.startsWith(`simulator/${platform}/`)).toBe(true);
      expectKeysApart(mediaFiles(t));
      const served = `/sandbox/${platform}/media/${added[0]?.split('/').pop()}`;
      expect((await t.app.inject({ method: 'GET', url: served })).statusCode).toBe(200);

      await c.provider.deletePost(c.tokens, published.externalId);
      const after = mediaFiles(t);
      for (const key of added) expect(after).not.toContain(key);
      expect((await t.app.inject({ method: 'GET', url: served })).statusCode).toBe(404);
      // The user's own image is not the simulator's to remove.
      expect(after.filter((key) => key.includes(own.id))).toHaveLength(2);
    },
  );

  it("removes a workspace's simulator images when its account is deleted", async () => {
    const { cookie, email } = await signUp(t.app);
    const c = await connect(t, cookie, 'twitter');
    const before = new Set(mediaFiles(t));
    await publishWithImages(c, 1);
    const added = mediaFiles(t).filter((key) => !before.has(key));
    expect(added).toEqual([expect.stringMatching(/^simulator\/twitter\//)]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/account',
      headers: { cookie, origin: TEST_APP_URL },
      payload: { confirmEmail: email },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(mediaFiles(t)).not.toContain(added[0]);
  });
  it("removes a workspace's simulator images when its owner deletes the workspace", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    // The owner joins another team too (one's only workspace cannot be deleted), then comes back.
    const invitation = await invite(t.app, other.cookie, 'editor', owner.email);
    expect((await acceptInvitation(t.app, owner.cookie, invitation.token)).statusCode).toBe(200);
    const own = (owner.user as unknown as { workspace: { id: string; name: string } }).workspace;
    await asUser(t.app, owner.cookie).post('/api/workspaces/active', { workspaceId: own.id });

    const c = await connect(t, owner.cookie, 'linkedin');
    const before = new Set(mediaFiles(t));
    await publishWithImages(c, 1);
    const added = mediaFiles(t).filter((key) => !before.has(key));
    expect(added).toEqual([expect.stringMatching(/^simulator\/linkedin\//)]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/team',
      headers: { cookie: owner.cookie },
      payload: { confirmName: own.name },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(mediaFiles(t)).not.toContain(added[0]);
  });

  it('X: keeps an image another live post still shows, and removes it with the last one', async () => {
    const { cookie } = await signUp(t.app);
    const c = await connect(t, cookie, 'twitter');
    const call = injectFetch(t.app);
    const api = `${TEST_APP_URL}/sandbox/twitter/api/2`;
    const auth = { authorization: `Bearer ${c.tokens.accessToken}` };
    const form = new FormData();
    form.set('media', new Blob([new Uint8Array(pngImage(8, 8))], { type: 'image/png' }), 'image');
    form.set('media_category', 'tweet_image');
    const upload = await call(`${api}/media/upload`, { method: 'POST', headers: auth, body: form });
    expect(upload.status).toBe(200);
    const mediaId = ((await upload.json()) as { data: { id: string } }).data.id;
    const key = `simulator/twitter/${mediaId}.png`;
    expect(mediaFiles(t)).toContain(key);

    const tweet = async (text: string) =>
      call(`${api}/tweets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ text, media: { media_ids: [mediaId] } }),
      });
    const first = (await (await tweet(`One ${unique()}`)).json()) as { data: { id: string } };
    const second = (await (await tweet(`Two ${unique()}`)).json()) as { data: { id: string } };

    await c.provider.deletePost(c.tokens, first.data.id);
    expect(mediaFiles(t)).toContain(key);
    await c.provider.deletePost(c.tokens, second.data.id);
    expect(mediaFiles(t)).not.toContain(key);
    // Its upload record ended with the bytes: it cannot be attached again.
    expect((await tweet(`Three ${unique()}`)).status).toBe(400);
  });
});

describe('simulator images on S3', () => {
  const creds = {
    accessKeyId: 'AKIAKITEPOSTSIM',
    secretAccessKey: 'kitepost/simulator+secret/0123456789',
    region: 'eu-west-1',
    bucket: 'kitepost-media',
  };
  let fake: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeS3(creds);
    t = await buildTestApp('pglite', {
      S3_BUCKET: creds.bucket,
      S3_REGION: creds.region,
      S3_ENDPOINT: fake.baseUrl,
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const bucketKeys = () => [...fake.objects.keys()].map((id) => id.slice(`${creds.bucket}/`.length));

  it('keeps them under simulator/ in the bucket, apart from users’ media, and deletes them with the post', async () => {
    const { cookie } = await signUp(t.app);
    await uploadImage(t.app, cookie);
    const c = await connect(t, cookie, 'twitter');
    const before = new Set(bucketKeys());
    const published = await publishWithImages(c, 2);
    const added = bucketKeys().filter((key) => !before.has(key));
    expect(added).toEqual([
      expect.stringMatching(/^simulator\/twitter\/\d+\.(jpg|png)$/),
      expect.stringMatching(/^simulator\/twitter\/\d+\.(jpg|png)$/),
    ]);
    expectKeysApart(bucketKeys());

    await c.provider.deletePost(c.tokens, published.externalId);
    for (const key of added) expect(bucketKeys()).not.toContain(key);
  });
});
