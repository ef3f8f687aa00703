import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Media } from '../../src/contracts/media';
import { sandboxPosts } from '../../src/server/db/schema';
import { DEFAULT_LINKEDIN_API_VERSION as LINKEDIN_VERSION } from '../../src/server/integrations/social/linkedin/api-version';
import {
  createLinkedInProvider,
  type LinkedInProvider,
} from '../../src/server/integrations/social/linkedin/linkedin-provider';
import { SIMULATOR_CREDENTIALS, simulatorEndpoints } from '../../src/server/integrations/social/simulator';
import {
  InvalidContentError,
  type PublishMedia,
  type TokenSet,
  TransientPlatformError,
} from '../../src/server/integrations/social/social-provider';
import { injectFetch } from '../../src/server/lib/inject-fetch';
import { publishPost } from '../../src/server/modules/publishing/publishing.service';
import { uploadFile } from '../factories/media';
import { damagedPdf, makePdf } from '../factories/pdf';
import { asUser, daysFromNow } from '../factories/posts';
import { newWorkspace, postRow } from '../factories/publishing';
import { connectThroughSimulator, expectError, hiddenFields } from '../factories/sandbox';
import { signUp } from '../factories/users';
import { testImage } from '../fakes/publish-media';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * LinkedIn document posts (issue 24: "document posts (PDF carousels)"): a PDF uploaded to the
 * library, a post of type `carousel` with its title, kept through create, compose and edit,
 * checked at scheduling; then published through the real pipeline to the pretend LinkedIn.
 */

const NEEDS_TITLE =
  'A LinkedIn Document needs a title: LinkedIn shows it with the document. Add one before scheduling.';

async function uploadPdf(t: TestApp, cookie: string, pages = 5): Promise<Media> {
  const response = await uploadFile(t.app, cookie, makePdf({ pages, text: 'Spring menu' }), {
    fileName: 'menu.pdf',
    contentType: 'application/pdf',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe.each(databaseKinds)('LinkedIn document posts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('keeps the title through create, edit and compose; compose gives it only to the types that take one', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const pdf = await uploadPdf(t, workspace.cookie);
    const created = await user.post('/api/posts', {
      platform: 'linkedin',
      postType: 'carousel',
      content: 'Our spring menu, page by page.',
      media: [{ id: pdf.id }],
      title: '  Spring menu 2027  ',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      postType: 'carousel',
      title: 'Spring menu 2027',
      mediaIds: [pdf.id],
    });
    const id = created.json().id as string;
    expect((await user.get(`/api/posts/${id}`)).json().title).toBe('Spring menu 2027');

    const edited = await user.patch(`/api/posts/${id}`, { title: 'Summer menu' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().title).toBe('Summer menu');
    // Editing something else keeps it.
    expect((await user.patch(`/api/posts/${id}`, { content: 'New words' })).json().title).toBe('Summer menu');

    const composed = await user.post('/api/posts/compose', {
      content: 'One text, two networks.',
      media: [{ id: pdf.id }],
      title: 'Menu',
      targets: [
        { platform: 'linkedin', socialAccountId: null, postType: 'carousel' },
        { platform: 'twitter', socialAccountId: null },
      ],
      asDraft: true,
    });
    expect(composed.statusCode, composed.body).toBe(201);
    const byPlatform = Object.fromEntries(
      (composed.json().posts as { platform: string; title: string | null }[]).map((post) => [
        post.platform,
        post.title,
      ]),
    );
    expect(byPlatform).toEqual({ linkedin: 'Menu', twitter: null });
  });

  it('refuses to schedule a document post without a title, and a PDF on a post that takes none', async () => {
    const workspace = await newWorkspace(t);
    const user = asUser(t.app, workspace.cookie);
    const pdf = await uploadPdf(t, workspace.cookie);
    const compose = (over: Record<string, unknown>) =>
      user.post('/api/posts/compose', {
        content: 'Our spring menu, page by page.',
        media: [{ id: pdf.id }],
        targets: [{ platform: 'linkedin', socialAccountId: null, postType: 'carousel' }],
        scheduledAt: daysFromNow(1),
        ...over,
      });
    const untitled = await compose({});
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.message).toBe(NEEDS_TITLE);
    const onPost = await compose({
      title: 'Menu',
      targets: [{ platform: 'linkedin', socialAccountId: null }],
    });
    expect(onPost.statusCode).toBe(400);
    expect(onPost.json().error.message).toBe(
      'LinkedIn takes no PDF documents: only LinkedIn document posts take one.',
    );
    expect((await compose({ title: 'Menu' })).statusCode).toBe(201);

    // A draft saved without a title is refused when it is scheduled, with the same words.
    const draft = await user.post('/api/posts', {
      platform: 'linkedin',
      postType: 'carousel',
      content: 'Draft',
      media: [{ id: pdf.id }],
    });
    const scheduled = await user.post(`/api/posts/${draft.json().id}/schedule`, {
      scheduledAt: daysFromNow(1),
    });
    expect(scheduled.statusCode).toBe(400);
    expect(scheduled.json().error.message).toBe(NEEDS_TITLE);
    // Clearing the title of a scheduled document post is refused too: it must stay publishable.
    const ok = await compose({ title: 'Menu' });
    const postId = ok.json().posts[0].id as string;
    const cleared = await user.patch(`/api/posts/${postId}`, { title: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.message).toBe(NEEDS_TITLE);
  });
});

/** A PDF as the publishing port hands it over. */
function pdfMedia(bytes: Buffer): PublishMedia {
  return {
    kind: 'document',
    url: 'https://app.example/media/deck.pdf',
    mimeType: 'application/pdf',
    width: 612,
    height: 792,
    sizeBytes: bytes.length,
    durationMs: null,
    posterUrl: null,
    altText: null,
    read: async () => bytes,
    readRange: async (start, end) => bytes.subarray(start, end),
  };
}

const REDIRECT_URI = `${TEST_APP_URL}/api/auth/social/linkedin/callback`;
const API = '/sandbox/linkedin/api';

describe.each(databaseKinds)(
  'LinkedIn document posts through the pipeline and the simulator on %s',
  (kind) => {
    let t: TestApp;
    let session = '';
    let linkedin: LinkedInProvider;
    beforeAll(async () => {
      t = await buildTestApp(kind);
      session = (await signUp(t.app)).cookie;
      linkedin = createLinkedInProvider({
        ...SIMULATOR_CREDENTIALS,
        ...simulatorEndpoints(TEST_APP_URL, 'linkedin'),
        sandbox: true,
        fetch: injectFetch(t.app),
        timeoutMs: 10_000,
        documentWait: { firstDelayMs: 100, maxDelayMs: 200, maxWaitMs: 10_000, blindWaitMs: 500 },
      });
    });
    afterAll(() => t.close());

    async function connect() {
      const state = randomBytes(16).toString('base64url');
      const url = new URL(linkedin.authorizeUrl({ state, redirectUri: REDIRECT_URI }));
      const page = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { cookie: session },
      });
      const posted = await t.app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          ...hiddenFields(page.body),
          account: '__new__',
          username: `member-${randomBytes(4).toString('hex')}`,
          decision: 'authorize',
        }).toString(),
      });
      const code = new URL(String(posted.headers.location)).searchParams.get('code') as string;
      const tokens = await linkedin.exchangeCode({ code, redirectUri: REDIRECT_URI });
      const [account] = await linkedin.listAccounts(tokens);
      if (!account) throw new Error('no account');
      return { tokens, account: { externalId: account.externalId, username: account.username } };
    }

    const rest = (tokens: TokenSet) => ({
      authorization: `Bearer ${tokens.accessToken}`,
      'linkedin-version': LINKEDIN_VERSION,
      'x-restli-protocol-version': '2.0.0',
    });

    /** initializeUpload + PUT as the member; answers the document URN. */
    async function uploadDocument(tokens: TokenSet, owner: string, bytes: Buffer) {
      const init = await t.app.inject({
        method: 'POST',
        url: `${API}/rest/documents?action=initializeUpload`,
        headers: { ...rest(tokens), 'content-type': 'application/json' },
        payload: { initializeUploadRequest: { owner } },
      });
      expect(init.statusCode, init.body).toBe(200);
      const { uploadUrl, document } = init.json().value as { uploadUrl: string; document: string };
      const put = await t.app.inject({
        method: 'PUT',
        url: new URL(uploadUrl).pathname,
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/pdf' },
        payload: bytes,
      });
      expect(put.statusCode, put.body).toBe(201);
      return document;
    }

    const documentStatus = async (tokens: TokenSet, urn: string) =>
      t.app.inject({
        method: 'GET',
        url: `${API}/rest/documents/${encodeURIComponent(urn)}`,
        headers: rest(tokens),
      });

    const rawPost = (tokens: TokenSet, author: string, content: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/rest/posts`,
        headers: { ...rest(tokens), 'content-type': 'application/json' },
        payload: {
          author,
          commentary: `Raw ${randomBytes(3).toString('hex')}`,
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          content,
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        },
      });

    const waitProcessing = () => new Promise((resolve) => setTimeout(resolve, 500));

    it('schedules a document post and publishes it through the real pipeline: the pretend LinkedIn holds the PDF post with its title', async () => {
      const workspace = await newWorkspace(t);
      const { result } = await connectThroughSimulator(t.app, workspace.cookie, 'linkedin', {
        fields: { account: '__new__', username: `deck-${Date.now().toString(36)}`, decision: 'authorize' },
      });
      const pdf = await uploadPdf(t, workspace.cookie, 7);
      const composed = await asUser(t.app, workspace.cookie).post('/api/posts/compose', {
        content: 'Our spring menu, page by page (swipe).',
        media: [{ id: pdf.id }],
        title: 'Spring menu 2027',
        targets: [{ platform: 'linkedin', socialAccountId: result['account-id'], postType: 'carousel' }],
        scheduledAt: new Date(Date.now() + 60_000).toISOString(),
      });
      expect(composed.statusCode, composed.body).toBe(201);
      const postId = composed.json().posts[0].id as string;
      expect(await publishPost(t.ctx, { postId, version: 1 }, new Date(Date.now() + 120_000))).toBe(
        'published',
      );
      const published = await postRow(t, postId);
      expect(published.status).toBe('published');
      const [held] = await t.ctx.database.db
        .select()
        .from(sandboxPosts)
        .where(eq(sandboxPosts.externalId, published.externalId as string));
      expect(held?.text).toBe('Our spring menu, page by page (swipe).');
      expect(held?.media).toEqual([
        expect.objectContaining({
          kind: 'document',
          title: 'Spring menu 2027',
          pageCount: 7,
          sizeBytes: pdf.sizeBytes,
        }),
      ]);
      // The post page shows what was "published": the title, the page count, the first page.
      const page = await t.app.inject({
        method: 'GET',
        url: new URL(published.externalUrl as string).pathname,
        headers: { cookie: workspace.cookie },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Spring menu 2027');
      expect(page.body).toContain('PDF document · 7 pages');
      const firstPage = /<img src="([^"]+\.webp)" alt="Page 1 of the document"/.exec(page.body)?.[1];
      expect(firstPage).toBeDefined();
      const image = await t.app.inject({ method: 'GET', url: firstPage as string });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    });

    it('uploads, waits for AVAILABLE and posts `content.media {id, title}` through the adapter', async () => {
      const { tokens, account } = await connect();
      const published = await linkedin.publish(tokens, {
        account,
        postType: 'carousel',
        text: 'Slides from today',
        media: [pdfMedia(makePdf({ pages: 3 }))],
        title: 'Talk slides',
      });
      const [held] = await t.ctx.database.db
        .select()
        .from(sandboxPosts)
        .where(eq(sandboxPosts.externalId, published.externalId));
      expect(held?.media[0]).toMatchObject({ kind: 'document', title: 'Talk slides', pageCount: 3 });
    });

    it('refuses what LinkedIn refuses: no title, not AVAILABLE yet, another member\u2019s document, a document beside images', async () => {
      const { tokens, account } = await connect();
      const author = `urn:li:person:${account.externalId}`;
      const urn = await uploadDocument(tokens, author, makePdf({ pages: 2 }));
      // Right after the upload it is PROCESSING: a post naming it is refused.
      const early = await rawPost(tokens, author, { media: { id: urn, title: 'Deck' } });
      expect(early.statusCode).toBe(422);
      expect(early.json().message).toBe(`/content :: document ${urn} is PROCESSING, not AVAILABLE`);
      await waitProcessing();
      expect((await documentStatus(tokens, urn)).json()).toMatchObject({ id: urn, status: 'AVAILABLE' });
      for (const title of [undefined, '', '  ']) {
        const untitled = await rawPost(tokens, author, {
          media: { id: urn, ...(title === undefined ? {} : { title }) },
        });
        expect(untitled.statusCode).toBe(422);
        expect(untitled.json().message).toBe('/content/media/title :: required field is not present');
      }
      // A document cannot go beside images: multiImage takes images only, content holds one kind.
      const mixed = await rawPost(tokens, author, { multiImage: { images: [{ id: urn }, { id: urn }] } });
      expect(mixed.statusCode).toBe(422);
      const both = await rawPost(tokens, author, {
        media: { id: urn, title: 'Deck' },
        article: { source: 'https://a.example', title: 'A' },
      });
      expect(both.statusCode).toBe(422);
      // Another member can neither read it nor post it.
      const other = await connect();
      expect((await documentStatus(other.tokens, urn)).statusCode).toBe(403);
      const stolen = await rawPost(other.tokens, `urn:li:person:${other.account.externalId}`, {
        media: { id: urn, title: 'Deck' },
      });
      expect(stolen.statusCode).toBe(422);
      expect(stolen.json().message).toBe(`/content :: ${urn} does not exist`);
      // Nor upload one for someone else.
      const init = await t.app.inject({
        method: 'POST',
        url: `${API}/rest/documents?action=initializeUpload`,
        headers: { ...rest(other.tokens), 'content-type': 'application/json' },
        payload: { initializeUploadRequest: { owner: author } },
      });
      expect(init.statusCode).toBe(403);
      // The valid post goes through.
      expect((await rawPost(tokens, author, { media: { id: urn, title: 'Deck' } })).statusCode).toBe(201);
      // The adapter never sends a document without a title, nor beside an image.
      await expectError(
        linkedin.publish(tokens, {
          account,
          postType: 'carousel',
          text: 'x',
          media: [pdfMedia(makePdf())],
          title: ' ',
        }),
        InvalidContentError,
      );
      await expectError(
        linkedin.publish(tokens, {
          account,
          postType: 'carousel',
          text: 'x',
          media: [pdfMedia(makePdf()), testImage('https://app.example/a.jpg')],
          title: 'Deck',
        }),
        InvalidContentError,
      );
    });

    it('ends a damaged, encrypted or 301-page PDF PROCESSING_FAILED, and the adapter fails the post with the reason', async () => {
      const { tokens, account } = await connect();
      const author = `urn:li:person:${account.externalId}`;
      const cases: [Buffer, string][] = [
        [damagedPdf(), 'The uploaded document could not be read; it may be damaged.'],
        [makePdf({ encrypt: { userPassword: 'secret' } }), 'The uploaded document is password-protected.'],
        [makePdf({ pages: 301 }), 'The document has more than 300 pages.'],
        [Buffer.from('PK\u0003\u0004 not a pdf'), 'The uploaded file is not a document LinkedIn can read.'],
      ];
      for (const [bytes, reason] of cases) {
        const urn = await uploadDocument(tokens, author, bytes);
        await waitProcessing();
        expect((await documentStatus(tokens, urn)).json()).toMatchObject({
          status: 'PROCESSING_FAILED',
          processingFailureReason: reason,
        });
        const refused = await rawPost(tokens, author, { media: { id: urn, title: 'Deck' } });
        expect(refused.json().message).toBe(
          `/content :: document ${urn} is PROCESSING_FAILED, not AVAILABLE`,
        );
      }
      const error = await expectError(
        linkedin.publish(tokens, {
          account,
          postType: 'carousel',
          text: 'x',
          media: [pdfMedia(damagedPdf())],
          title: 'Deck',
        }),
        InvalidContentError,
      );
      expect(error.message).toBe(
        'LinkedIn could not process the document: The uploaded document could not be read; it may be damaged.',
      );
    });

    it('gives the one PUT of the PDF minutes, not the API call time limit', async () => {
      const { tokens, account } = await connect();
      const inject = injectFetch(t.app);
      const slowUpload = createLinkedInProvider({
        ...SIMULATOR_CREDENTIALS,
        ...simulatorEndpoints(TEST_APP_URL, 'linkedin'),
        sandbox: true,
        // Every call must answer within 1 s; the upload of the document takes 1.5 s.
        fetch: async (input, init) => {
          if (String(input).includes('/dms-uploads/documents/'))
            await new Promise((r) => setTimeout(r, 1_500));
          return inject(input, init);
        },
        timeoutMs: 1_000,
        documentWait: { firstDelayMs: 100, maxDelayMs: 200, maxWaitMs: 10_000, blindWaitMs: 500 },
      });
      const published = await slowUpload.publish(tokens, {
        account,
        postType: 'carousel',
        text: 'Slow line',
        media: [pdfMedia(makePdf())],
        title: 'Deck',
      });
      expect(published.externalId).toMatch(/^urn:li:share:/);
    });

    it('retries later, not fails, when the token cannot read the status and the document is still processing', async () => {
      const { tokens, account } = await connect();
      const blind = createLinkedInProvider({
        ...SIMULATOR_CREDENTIALS,
        ...simulatorEndpoints(TEST_APP_URL, 'linkedin'),
        sandbox: true,
        // LinkedIn answers 403 to a member token reading its document (platforms.md audit 2026-11).
        fetch: async (input, init) =>
          String(input).includes('/rest/documents/urn')
            ? new Response(JSON.stringify({ status: 403, message: 'Not enough permissions' }), {
                status: 403,
              })
            : injectFetch(t.app)(input, init),
        timeoutMs: 10_000,
        documentWait: { firstDelayMs: 100, maxDelayMs: 200, maxWaitMs: 10_000, blindWaitMs: 1 },
      });
      const error = await expectError(
        blind.publish(tokens, {
          account,
          postType: 'carousel',
          text: 'x',
          media: [pdfMedia(makePdf())],
          title: 'Deck',
        }),
        TransientPlatformError,
      );
      expect(error.message).toMatch(/still processing the document/);
    });
  },
);
