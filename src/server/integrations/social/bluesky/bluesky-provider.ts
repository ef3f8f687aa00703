import { checkFetchTarget, safeFetch } from '../../web/safe-fetch';
import {
  InvalidContentError,
  type PlatformAppOptions,
  type PostLinkOptions,
  type PublishedPost,
  type PublishInput,
  type PublishMedia,
  SocialPlatformError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
  UnknownOutcomeError,
} from '../social-provider';
import { type BlueskyApi, createBlueskyApi } from './bluesky-api';
import { MAX_URIS_PER_READ, toPostReadings } from './metrics-transform';
import {
  type BlobRef,
  checkImages,
  detectFacets,
  externalEmbed,
  findInPage,
  imagesEmbed,
  MAX_THUMB_BYTES,
  POST_COLLECTION,
  postRecord,
  type StrongRef,
  toBlobRef,
  toCreatedRecord,
  toReplyRefs,
  withResolvedMentions,
} from './publish-transform';
import {
  blueskyPostUrl,
  connectionOf,
  normalizeIdentifier,
  normalizeServer,
  parseAtUri,
  toExternalAccount,
  toFollowers,
  toSessionTokens,
} from './transform';

/*
 * Bluesky (AT Protocol) behind our SocialProvider port. Signs in with an app password
 * (com.atproto.server.createSession on the user's PDS: bsky.social unless they name their own),
 * keeps the session's JWTs as tokens and the PDS, DID and handle as the sealed `connection`, and
 * writes app.bsky.feed.post records with com.atproto.repo.createRecord. Facets come from the
 * official @atproto/api RichText; calls go through the shared platform HTTP client (decision 081).
 * atproto OAuth (DPoP, PAR) is not built yet: the card offers the app password only.
 */

/** Where a Bluesky account signs in when it names no server: the bsky.social entryway. */
export const DEFAULT_SERVICE = 'https://bsky.social';
const DEFAULT_WEB_BASE_URL = 'https://bsky.app';
const DEFAULT_TIMEOUT_MS = 20_000;
/** Reconciliation reads at most this many pages of 100 records (listRecords limit max 100). */
const RECORD_PAGES = 3;
/** Our clock and the PDS's may differ: records are looked for from a little before the attempt. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** A user-named PDS and link images: public addresses only, on https's port (architecture §11). */
const PUBLIC_ONLY = { privateAllowList: [], extraPorts: [] } as const;

export interface BlueskyProviderOptions extends PlatformAppOptions, PostLinkOptions {
  /** A link card's image, fetched to become its thumb; null when it cannot be had (no thumb then). */
  fetchLinkImage?: (url: string) => Promise<{ bytes: Buffer; mimeType: string } | null>;
}

const OAUTH_NOT_BUILT =
  'Bluesky connects with an app password in Kitepost for now: create one in Bluesky (Settings › Privacy and security › App passwords) and enter it with your handle.';

/** The link's image through the SSRF-safe fetch, when it is an image Bluesky takes as a thumb. */
async function fetchPublicImage(url: string): Promise<{ bytes: Buffer; mimeType: string } | null> {
  const answer = await safeFetch(url, PUBLIC_ONLY, {
    accept: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    maxBytes: MAX_THUMB_BYTES,
    timeoutMs: 5_000,
  }).catch(() => null);
  return answer?.ok ? { bytes: answer.body, mimeType: answer.mediaType } : null;
}

export function createBlueskyProvider(options: BlueskyProviderOptions): SocialProvider {
  const api: BlueskyApi = createBlueskyApi({
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const sandbox = options.sandbox;
  const webBaseUrl = (options.webBaseUrl ?? (sandbox ? options.apiBaseUrl : DEFAULT_WEB_BASE_URL)).replace(
    /\/$/,
    '',
  );
  const fetchLinkImage = options.fetchLinkImage ?? (sandbox ? async () => null : fetchPublicImage);

  /** The PDS a sign-in goes to: the simulator is every PDS; live, the one named or bsky.social. */
  async function serviceFor(server: string | undefined): Promise<string> {
    if (sandbox) return options.apiBaseUrl.replace(/\/$/, '');
    if (!server) return DEFAULT_SERVICE;
    const service = normalizeServer(server);
    const target = await checkFetchTarget(service, PUBLIC_ONLY, { timeoutMs: 5_000 });
    if (!target.ok) {
      throw new InvalidContentError('bluesky', `Kitepost cannot reach ${service}: ${target.detail}`);
    }
    return service;
  }

  /** Each mention's handle to its DID (com.atproto.identity.resolveHandle); unknown ones stay text. */
  async function facetsOf(tokens: TokenSet, service: string, text: string) {
    const { facets, handles } = detectFacets(text);
    const dids = new Map<string, string | null>();
    for (const handle of handles)
      dids.set(handle, await api.resolveHandle(service, handle, tokens.accessToken));
    return withResolvedMentions(facets, dids);
  }

  async function uploadImage(tokens: TokenSet, service: string, media: PublishMedia): Promise<BlobRef> {
    return toBlobRef(await api.uploadBlob(service, tokens.accessToken, await media.read(), media.mimeType));
  }

  /** A link card with its page's image as thumb when that image can be had (best effort). */
  async function linkEmbed(tokens: TokenSet, service: string, link: NonNullable<PublishInput['link']>) {
    let thumb: BlobRef | null = null;
    const image = link.imageUrl ? await fetchLinkImage(link.imageUrl) : null;
    if (image && image.bytes.length <= MAX_THUMB_BYTES) {
      thumb = toBlobRef(await api.uploadBlob(service, tokens.accessToken, image.bytes, image.mimeType));
    }
    return externalEmbed({ url: link.url, title: link.title, description: link.description, thumb });
  }

  /**
   * Images (≤ 4, each ≤ 2,000,000 bytes, alt text) or a link card, rich-text facets, reply refs
   * for a thread's next post; then one createRecord. The record's URI is the post's id.
   */
  async function createPost(
    tokens: TokenSet,
    input: {
      text: string;
      media: PublishMedia[];
      link?: PublishInput['link'];
      reply?: { root: StrongRef; parent: StrongRef };
    },
  ): Promise<PublishedPost> {
    checkImages(input.media);
    const { service, did, handle } = connectionOf(tokens);
    const facets = await facetsOf(tokens, service, input.text);
    let embed: Record<string, unknown> | undefined;
    if (input.media.length > 0) {
      const images = [];
      // One at a time: only one image is in memory at any moment.
      for (const media of input.media) {
        images.push({
          blob: await uploadImage(tokens, service, media),
          alt: media.altText,
          width: media.width,
          height: media.height,
        });
      }
      embed = imagesEmbed(images);
    } else if (input.link) {
      embed = await linkEmbed(tokens, service, input.link);
    }
    const record = postRecord({ text: input.text, facets, createdAt: new Date(), embed, reply: input.reply });
    const body = await api.createRecord(service, tokens.accessToken, {
      repo: did,
      collection: POST_COLLECTION,
      record,
    });
    let created: StrongRef;
    try {
      created = toCreatedRecord(body);
    } catch (error) {
      throw new UnknownOutcomeError(
        'bluesky',
        `Bluesky accepted the post but its answer could not be read: ${String(error)}`,
        undefined,
        { cause: error },
      );
    }
    return { externalId: created.uri, url: blueskyPostUrl(webBaseUrl, handle, created.uri) };
  }

  return {
    platform: 'bluesky',
    sandbox,
    usesPkce: false,

    authorizeUrl() {
      throw new InvalidContentError('bluesky', OAUTH_NOT_BUILT);
    },
    async exchangeCode() {
      throw new InvalidContentError('bluesky', OAUTH_NOT_BUILT);
    },

    /**
     * com.atproto.server.createSession with the handle (or email, or DID) and an app password. The
     * password is sent once and never kept: only the session's JWTs are. Live, the account's calls
     * then go to the PDS its DID document names (the entryway sends the user there).
     */
    async connectWithPassword({ server, identifier, password }) {
      const service = await serviceFor(server);
      const body = await api.createSession(service, normalizeIdentifier(identifier), password);
      return toSessionTokens(body, { service, followDidDoc: !sandbox });
    },

    /** com.atproto.server.refreshSession with the refreshJwt: a new pair (the old one is spent). */
    async refreshTokens(tokens) {
      if (!tokens.refreshToken) {
        throw new TokenExpiredError(
          'bluesky',
          'This Bluesky session has no refresh token; reconnect the account.',
        );
      }
      const { service } = connectionOf(tokens);
      const body = await api.refreshSession(service, tokens.refreshToken);
      return toSessionTokens(body, { service, followDidDoc: false, previous: tokens });
    },

    async listAccounts(tokens) {
      const { service, did } = connectionOf(tokens);
      return [toExternalAccount(await api.getProfile(service, tokens.accessToken, did))];
    },

    /** com.atproto.server.deleteSession: a session already over is as good as ended. */
    async revoke(tokens) {
      if (!tokens.refreshToken) return;
      const { service } = connectionOf(tokens);
      try {
        await api.deleteSession(service, tokens.refreshToken);
      } catch (error) {
        if (!(error instanceof TokenExpiredError)) throw error;
      }
    },

    async publish(tokens, { text, media, link }) {
      return createPost(tokens, { text, media, link: media.length === 0 ? link : null });
    },

    /**
     * A reply under one of the account's posts (a thread's next post, the first comment): the
     * parent's record read from the PDS (com.atproto.repo.getRecord, no AppView lag) for its CID
     * and its thread's root, as app.bsky.feed.post#replyRef asks.
     */
    async publishReply(tokens, { parentExternalId, text, media }) {
      const { service } = connectionOf(tokens);
      const parent = parseAtUri(parentExternalId);
      const reply = toReplyRefs(await api.getRecord(service, tokens.accessToken, parent));
      return createPost(tokens, { text, media, reply });
    },

    /** The account's own records (com.atproto.repo.listRecords, newest first) since the attempt, by text. */
    async findPublished(tokens, { text, since }) {
      const { service, did, handle } = connectionOf(tokens);
      const from = new Date(since.getTime() - CLOCK_SKEW_MS);
      let cursor: string | undefined;
      for (let page = 0; page < RECORD_PAGES; page++) {
        const body = await api.listRecords(service, tokens.accessToken, {
          repo: did,
          collection: POST_COLLECTION,
          limit: 100,
          cursor,
        });
        const result = findInPage(body, { text, since: from });
        if (result.found)
          return { externalId: result.found, url: blueskyPostUrl(webBaseUrl, handle, result.found) };
        if (!result.cursor) return null;
        cursor = result.cursor;
      }
      throw new SocialPlatformError(
        'bluesky',
        `The Bluesky account posted more than ${RECORD_PAGES * 100} times since the attempt; Kitepost could not tell whether this post is among them.`,
      );
    },

    async readPostMetrics(tokens, { externalIds }) {
      const { service } = connectionOf(tokens);
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      for (let start = 0; start < externalIds.length; start += MAX_URIS_PER_READ) {
        const uris = externalIds.slice(start, start + MAX_URIS_PER_READ);
        const page = toPostReadings(await api.getPosts(service, tokens.accessToken, uris), uris);
        result.metrics.push(...page.metrics);
        result.missing.push(...page.missing);
      }
      return result;
    },

    async readFollowers(tokens) {
      const { service, did } = connectionOf(tokens);
      return toFollowers(await api.getProfile(service, tokens.accessToken, did));
    },
  };
}
