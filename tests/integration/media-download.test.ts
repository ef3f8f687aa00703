import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Media } from '../../src/contracts/media';
import { sandboxPosts } from '../../src/server/db/schema';
import {
  type ExternalAccount,
  InvalidContentError,
  type PublishMedia,
  SocialPlatformError,
  type SocialProvider,
  type TokenSet,
} from '../../src/server/integrations/social/social-provider';
import { findMediaByIds } from '../../src/server/modules/media/media.repository';
import { mediaUrl, signedMediaUrl } from '../../src/server/modules/media/media-view';
import { toPublishMedia } from '../../src/server/modules/media/publish-media';
import { uploadImage } from '../factories/media';
import { expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { exampleImagesFetch, JPEG_BYTES, testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * The pretend Instagram and Facebook download every image URL they are given, as Meta does
 * (decision 041): the app's signed media links work without a session, and what cannot be fetched
 * (a bare link, an expired one, a 404, an unreachable host, a page, a PNG for Instagram, an image
 * too large) is refused at once with the platform's own error.
 */

const unique = () => randomBytes(4).toString('hex');

/** The internet: `*.example` images, plus a host that serves HTML and one whose image is too large. */
function internet() {
  const images = exampleImagesFetch();
  const fetched: string[] = [];
  const fake = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    fetched.push(url.toString());
    if (url.hostname === 'html.example') {
      return new Response(new Uint8Array(JPEG_BYTES), { headers: { 'content-type': 'text/html' } });
    }
    if (url.hostname === 'big.example') {
      const big = new Uint8Array(9 * 1024 * 1024);
      big.set(JPEG_BYTES);
      return new Response(big, { headers: { 'content-type': 'image/jpeg' } });
    }
    return images(url, init);
  };
  return Object.assign(fake as typeof fetch, { fetched });
}

interface Connection {
  provider: SocialProvider;
  tokens: TokenSet;
  account: ExternalAccount;
}

describe.each(databaseKinds)('the simulator downloads media as Meta does, on %s', (kind) => {
  let t: TestApp;
  let session = '';
  let workspaceId = '';
  const outside = internet();
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { simulatorOutsideFetch: outside });
    const member = await signUp(t.app);
    session = member.cookie;
    workspaceId = (member.user as unknown as { workspace: { id: string } }).workspace.id;
  });
  afterAll(() => t.close());

  /** The simulator's consent flow, the code exchange and the account list, as the worker's adapter. */
  async function connect(platform: 'instagram' | 'facebook'): Promise<Connection> {
    const provider = t.ctx.socialProviders[platform] as SocialProvider;
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
    const form = {
      ...hiddenFields(page.body),
      account: '__new__',
      username: `u${unique()}`,
      decision: 'authorize',
      ...(platform === 'facebook' ? { pages: '1', page_name: '' } : {}),
    };
    const consent = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded', origin: TEST_APP_URL },
      payload: new URLSearchParams(form).toString(),
    });
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

  const publish = (c: Connection, text: string, media: PublishMedia[]) =>
    c.provider.publish(c.tokens, {
      account: { externalId: c.account.externalId, username: c.account.username },
      text,
      media,
    });
  const postsOf = (text: string) =>
    t.ctx.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.text, text));

  /** An image uploaded through the API, as the publisher hands it to an adapter (a signed link). */
  async function uploaded(type: 'jpeg' | 'png' = 'jpeg') {
    const image: Media = await uploadImage(t.app, session, type);
    const [row] = await findMediaByIds(t.ctx.database.db, workspaceId, [image.id]);
    if (!row) throw new Error('no media row');
    return { image, row };
  }

  it('Instagram downloads the signed link of an uploaded JPEG, without a session, and publishes', async () => {
    const ig = await connect('instagram');
    const { image, row } = await uploaded('jpeg');
    const media = toPublishMedia(row, t.ctx.storage, {
      appUrl: t.config.appUrl,
      signer: t.ctx.mediaSigner,
      now: new Date(),
    });
    const caption = `Signed ${unique()}`;
    const published = await publish(ig, caption, [media]);
    expect(published.externalId).toMatch(/^\d+$/);
    const [post] = await postsOf(caption);
    expect(post?.state).toBe('published');
    expect(post?.media[0]?.url).toBe(media.url);
    expect(media.url.startsWith(`${image.url}?exp=`)).toBe(true);
  });

  it('Instagram refuses with 9004/2207052 what it cannot download, and creates no container', async () => {
    const ig = await connect('instagram');
    const { row: jpeg } = await uploaded('jpeg');
    const { row: png } = await uploaded('png');
    const now = new Date();
    const signed = (r: typeof jpeg, at = now, ttl = 600) =>
      signedMediaUrl(t.config.appUrl, r, t.ctx.mediaSigner, at, ttl);
    const cases: [string, string][] = [
      ['the bare link (no signature)', mediaUrl(t.config.appUrl, jpeg)],
      ['an expired link', signed(jpeg, new Date(now.getTime() - 7_200_000), 3600)],
      ['a forged signature', `${signed(jpeg).slice(0, -2)}xx`],
      ['a PNG (Instagram takes JPEG only)', signed(png)],
      ['a 404', 'https://cdn.example/missing.jpg'],
      ['an unreachable host', 'https://images.invalid/croissant.jpg'],
      ['a page served as HTML', 'https://html.example/croissant.jpg'],
    ];
    for (const [name, url] of cases) {
      const caption = `Refused ${unique()}`;
      const error = await expectError(publish(ig, caption, [testImage(url)]), InvalidContentError);
      expect(error.message, name).toContain('9004/2207052');
      expect(error.message, name).toContain('could not be fetched');
      expect(await postsOf(caption), name).toEqual([]);
    }
    // It was asked for, over HTTP, as the platform would: the outside URLs reached the internet.
    expect(outside.fetched).toContain('https://cdn.example/missing.jpg');
  });

  it('Instagram refuses an image over 8 MiB with 36000/2207004', async () => {
    const ig = await connect('instagram');
    const caption = `Big ${unique()}`;
    const error = await expectError(
      publish(ig, caption, [testImage('https://big.example/huge.jpg')]),
      SocialPlatformError,
    );
    expect(error.message).toContain('2207004');
    expect(await postsOf(caption)).toEqual([]);
  });

  it('Facebook downloads a signed link, and answers (#324) for what it cannot download', async () => {
    const fb = await connect('facebook');
    const { row } = await uploaded('png');
    const link = signedMediaUrl(t.config.appUrl, row, t.ctx.mediaSigner, new Date(), 600);
    const caption = `Page photo ${unique()}`;
    const published = await publish(fb, caption, [testImage(link, 'image/png')]);
    expect(published.externalId).toBeTruthy();
    for (const url of [mediaUrl(t.config.appUrl, row), 'https://cdn.example/missing.png']) {
      const refused = `Refused ${unique()}`;
      const error = await expectError(
        publish(fb, refused, [testImage(url, 'image/png')]),
        InvalidContentError,
      );
      expect(error.message, url).toContain('324');
      expect(await postsOf(refused), url).toEqual([]);
    }
  });
});
