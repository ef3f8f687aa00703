import type { FastifyInstance } from 'fastify';
import {
  blueskyRecordsOf,
  type PostMarkers,
  postMarkers,
  recordValueOf,
  replyingTo,
} from './bluesky-post-records';
import { blobRefsOf, refusePostRecord, type UploadedBlob } from './bluesky-record-rules';
import {
  BLUESKY_BASE_PATH,
  BLUESKY_LABEL,
  BLUESKY_LOGO,
  type BlueskyRoute,
  blobCid,
  invalidRequest,
  newTid,
  recordCid,
  XRPC,
  xrpcError,
} from './bluesky-shapes';
import { publishedPostOf, renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import type { SimulatedAnswer } from './sandbox-faults';
import {
  deleteSandboxPost,
  keepUploadedImage,
  readImage,
  registerSandboxMediaRoute,
  sandboxMediaUrl,
} from './sandbox-media';
import { newMetricsSeed, postMetricsOf } from './sandbox-metrics';
import { MEMBER_PAGE, pageViewer } from './sandbox-page';
import { findContainers, findPublishedPosts, insertPost } from './sandbox-posts';
import { findAccountByExternalId, findAccountByUsername, type SandboxAccount } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend PDS's repo: com.atproto.repo.uploadBlob, createRecord (app.bsky.feed.post only,
 * checked by bluesky-record-rules.ts), getRecord, listRecords, deleteRecord, and the AppView's
 * app.bsky.feed.getPosts with counts that grow (sandbox-metrics.ts); plus each post's public page
 * at /sandbox/bluesky/profile/<handle>/post/<rkey> (the shape of bsky.app's links).
 */

const POST = 'app.bsky.feed.post';
type Query = Record<string, unknown>;
/** Posts as the AppView answers them before it has counted (the `no-data` fault): no counts. */
const withoutPostCounts = (answer: SimulatedAnswer): SimulatedAnswer => ({
  ...answer,
  body: {
    posts: (answer.body as { posts: Array<Record<string, unknown>> }).posts.map(
      ({ likeCount: _l, repostCount: _r, replyCount: _c, quoteCount: _q, ...post }) => post,
    ),
  },
});

const uploadId = (did: string, cid: string) => `blob:${did}:${cid}`;

export function registerBlueskyRecordsSimulator(
  app: FastifyInstance,
  shared: SimulatorContext,
  route: BlueskyRoute,
) {
  const { db, appUrl } = shared;
  registerSandboxMediaRoute(app, {
    platform: 'bluesky',
    basePath: BLUESKY_BASE_PATH,
    storage: shared.storage,
  });
  registerSandboxAvatarRoute(app, db, {
    platform: 'bluesky',
    basePath: BLUESKY_BASE_PATH,
    externalId: /did:plc:[a-z2-7]{24}/,
  });

  /** The caller's own repo only: the PDS writes where the session's DID may (else 401). */
  const ownRepo = (account: SandboxAccount, repo: unknown) =>
    repo === account.externalId || repo === account.username;

  app.post(
    `${XRPC}/com.atproto.repo.uploadBlob`,
    { config: PUBLIC, schema: HIDDEN },
    route('upload', async (request, { account }) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        return invalidRequest('Request encoding (Content-Type) required but not provided');
      const cid = blobCid(bytes);
      // The PDS sniffs the bytes; restrictions (type, size) are enforced when a record uses the blob
      // (com.atproto.repo.uploadBlob lexicon description).
      const image = readImage(bytes);
      const mimeType =
        image?.mimeType ?? String(request.headers['content-type'] ?? 'application/octet-stream');
      const id = uploadId(account.externalId, cid);
      const [existing] = await findContainers(db, 'bluesky', account.id, [id]);
      if (!existing) {
        if (image) await keepUploadedImage(shared.storage, 'bluesky', cid, bytes, image.mimeType);
        const url =
          image && shared.storage ? sandboxMediaUrl(appUrl, BLUESKY_BASE_PATH, cid, image.mimeType) : null;
        await insertPost(db, {
          platform: 'bluesky',
          externalId: id,
          accountId: account.id,
          text: JSON.stringify({ mimeType, size: bytes.length } satisfies UploadedBlob),
          media: [{ id: cid, url, kind: 'image' }],
          state: 'container',
          metricsSeed: 0,
          publishedAt: null,
        });
      }
      return {
        status: 200,
        body: { blob: { $type: 'blob', ref: { $link: cid }, mimeType, size: bytes.length } },
      };
    }),
  );

  app.post(
    `${XRPC}/com.atproto.repo.createRecord`,
    { config: PUBLIC, schema: HIDDEN },
    route('publish', async (request, { account }) => {
      const body = (request.body ?? {}) as Query;
      if (typeof body.repo !== 'string') return invalidRequest('Input must have the property "repo"');
      if (typeof body.collection !== 'string')
        return invalidRequest('Input must have the property "collection"');
      if (!ownRepo(account, body.repo))
        return xrpcError(401, 'AuthenticationRequired', 'Authentication Required');
      if (body.collection !== POST) return invalidRequest(`Lexicon not found: lex:${body.collection}`);
      const refs = blobRefsOf(body.record);
      const uploads = new Map<string, UploadedBlob>();
      const rows = await findContainers(
        db,
        'bluesky',
        account.id,
        refs.map((cid) => uploadId(account.externalId, cid)),
      );
      for (const row of rows)
        uploads.set(row.externalId.split(':').at(-1) ?? '', JSON.parse(row.text) as UploadedBlob);
      const refused = refusePostRecord(body.record, uploads);
      if (refused) return refused;
      const record = body.record as Query & { text: string; createdAt: string };
      const markers = postMarkers(record);
      // A reply's root and parent must be posts that exist, with those CIDs (strongRef).
      if (markers.reply) {
        const wanted = [markers.reply.root, markers.reply.parent];
        const found = await findPublishedPosts(
          db,
          'bluesky',
          wanted.map((ref) => ref.uri),
          account.workspaceId,
        );
        const missing = wanted.find(
          (ref) => !found.some((one) => one.post.externalId === ref.uri) || recordCid(ref.uri) !== ref.cid,
        );
        if (missing)
          return invalidRequest(
            `Could not find the post ${missing.uri} that this reply answers (or its cid differs)`,
          );
      }
      const uri = `at://${account.externalId}/${POST}/${typeof body.rkey === 'string' ? body.rkey : newTid()}`;
      const images = refs.flatMap(
        (cid) => rows.find((row) => row.externalId === uploadId(account.externalId, cid))?.media ?? [],
      );
      await insertPost(db, {
        platform: 'bluesky',
        externalId: uri,
        accountId: account.id,
        text: record.text,
        media: [...images, ...markers.items],
        state: 'published',
        metricsSeed: newMetricsSeed(),
        publishedAt: new Date(),
      });
      return { status: 200, body: { uri, cid: recordCid(uri), validationStatus: 'valid' } };
    }),
  );

  app.get(
    `${XRPC}/com.atproto.repo.getRecord`,
    { config: PUBLIC, schema: HIDDEN },
    route('read', async (request, { account }) => {
      const { repo, collection, rkey } = request.query as Query;
      const uri = `at://${String(repo)}/${String(collection)}/${String(rkey)}`;
      const [found] = await findPublishedPosts(db, 'bluesky', [uri], account.workspaceId);
      if (!found) return invalidRequest(`Could not locate record: ${uri}`, 'RecordNotFound');
      return { status: 200, body: { uri, cid: recordCid(uri), value: recordValueOf(found.post) } };
    }),
  );

  app.get(
    `${XRPC}/com.atproto.repo.listRecords`,
    { config: PUBLIC, schema: HIDDEN },
    route('read', async (request, { account }) => {
      const query = request.query as Query;
      if (!ownRepo(account, query.repo))
        return invalidRequest(`Could not find repo: ${String(query.repo)}`, 'RepoNotFound');
      const limit = Number(query.limit ?? 50);
      // listRecords lexicon: limit 1..100, default 50.
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return invalidRequest('limit must be between 1 and 100');
      const cursor = typeof query.cursor === 'string' ? query.cursor : undefined;
      const page = await blueskyRecordsOf(db, account.id, { limit, cursor });
      return {
        status: 200,
        body: {
          records: page.posts.map((post) => ({
            uri: post.externalId,
            cid: recordCid(post.externalId),
            value: recordValueOf(post),
          })),
          ...(page.cursor ? { cursor: page.cursor } : {}),
        },
      };
    }),
  );

  app.post(
    `${XRPC}/com.atproto.repo.deleteRecord`,
    { config: PUBLIC, schema: HIDDEN },
    route('other', async (request, { account }) => {
      const body = (request.body ?? {}) as Query;
      if (!ownRepo(account, body.repo))
        return xrpcError(401, 'AuthenticationRequired', 'Authentication Required');
      const uri = `at://${account.externalId}/${String(body.collection)}/${String(body.rkey)}`;
      const [found] = await findPublishedPosts(db, 'bluesky', [uri], account.workspaceId);
      if (found) await deleteSandboxPost(shared, found.post, request.log);
      return { status: 200, body: {} };
    }),
  );

  app.get(
    `${XRPC}/app.bsky.feed.getPosts`,
    { config: PUBLIC, schema: HIDDEN },
    route(
      'read',
      async (request, { account }) => {
        const raw = (request.query as Query).uris;
        const uris = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
        // getPosts lexicon: `uris` required, maxLength 25, each an at-uri.
        if (uris.length === 0) return invalidRequest('Error: Params must have the property "uris"');
        if (uris.length > 25) return invalidRequest('Error: uris must not have more than 25 elements');
        const found = await findPublishedPosts(db, 'bluesky', uris, account.workspaceId);
        const now = Date.now();
        return {
          status: 200,
          body: {
            posts: found.map(({ post, account: author }) => {
              const counts = postMetricsOf(post, author, now);
              return {
                uri: post.externalId,
                cid: recordCid(post.externalId),
                author: { did: author.externalId, handle: author.username, displayName: author.displayName },
                record: recordValueOf(post),
                likeCount: counts.likes,
                repostCount: counts.reposts,
                replyCount: counts.replies,
                quoteCount: counts.quotes,
                indexedAt: (post.publishedAt ?? post.createdAt).toISOString(),
              };
            }),
          },
        };
      },
      withoutPostCounts,
    ),
  );

  app.get(
    `${BLUESKY_BASE_PATH}/profile/:actor/post/:rkey`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const { actor, rkey } = request.params as { actor: string; rkey: string };
      const viewer = pageViewer(request);
      const missing = { platformLabel: BLUESKY_LABEL, logo: BLUESKY_LOGO };
      if (!viewer) return sendMissingPostPage(reply, missing);
      const author = actor.startsWith('did:')
        ? await findAccountByExternalId(db, 'bluesky', actor, viewer)
        : await findAccountByUsername(db, 'bluesky', actor, viewer);
      const [found] = author
        ? await findPublishedPosts(db, 'bluesky', [`at://${author.externalId}/${POST}/${rkey}`], viewer)
        : [];
      if (!found) return sendMissingPostPage(reply, missing);
      const metrics = postMetricsOf(found.post, found.account, Date.now());
      const markers: PostMarkers = postMarkers(recordValueOf(found.post));
      return sendPostPage(
        reply,
        renderPostPage({
          ...missing,
          ...publishedPostOf(found, `${BLUESKY_BASE_PATH}/avatars/${found.account.externalId}.svg`, appUrl),
          images: found.post.media.filter((item) => item.kind === 'image').map((item) => item.url),
          stats: [
            { label: 'Replies', value: metrics.replies },
            { label: 'Reposts', value: metrics.reposts },
            { label: 'Quotes', value: metrics.quotes },
            { label: 'Likes', value: metrics.likes },
          ],
          ...(markers.reply ? { before: replyingTo() } : {}),
        }),
      );
    },
  );
}
