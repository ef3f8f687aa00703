import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { comparableText } from '../http/parse-answer';
import type { OAuthClientStore } from '../oauth-client-store';
import {
  InvalidContentError,
  type PlatformAppOptions,
  type PublishedPost,
  type PublishInput,
  type PublishMedia,
  SocialPlatformError,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
  TransientPlatformError,
} from '../social-provider';
import { createMastodonApi } from './mastodon-api';
import { type LiveServerGuard, liveServerGuard } from './mastodon-live';
import { readMastodonServer } from './mastodon-server';
import {
  mastodonAccountId,
  readInstance,
  toCreatedStatus,
  toExternalAccount,
  toFollowers,
  toRegisteredApp,
  toStatusMetrics,
  toTimeline,
  toTokenSet,
  toUploadedMedia,
} from './transform';

/*
 * Mastodon (any server) behind our SocialProvider port. The user names their server; Kitepost
 * registers itself there once (POST /api/v1/apps, kept in oauth_clients per server and redirect
 * URI), then signs in with OAuth 2.0 and PKCE S256 (Mastodon ≥ 4.3,
 * docs.joinmastodon.org/methods/oauth/#authorize). Live, every server is reached at its own https
 * origin, public addresses only (mastodon-live.ts); in the sandbox the simulator is every server,
 * at `<apiBaseUrl>/<host>` (decision 082).
 */

/**
 * What Kitepost does there, in Mastodon's granular scopes (docs.joinmastodon.org/api/oauth-scopes):
 * read the account (verify_credentials), read statuses (metrics, reconciliation), post statuses,
 * upload media.
 */
export const MASTODON_SCOPES = ['read:accounts', 'read:statuses', 'write:statuses', 'write:media'] as const;
const DEFAULT_TIMEOUT_MS = 20_000;
/** Statuses per page of an account's statuses (Mastodon's maximum `limit`, DEFAULT 20, MAX 40). */
const PAGE_SIZE = 40;
const TIMELINE_PAGES = 3;
const CLOCK_SKEW_MS = 5 * 60_000;
const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export interface MastodonProviderOptions extends PlatformAppOptions {
  /** Where the app registered on each server is kept. */
  clients: OAuthClientStore;
  /** Kitepost's public origin: the app's website on its registration. */
  appUrl: string;
  /** Live mode: which addresses may be reached (tests allow their loopback fake). */
  liveGuard?: LiveServerGuard;
  /** A server still processing an image: status reads at most this many times, this far apart. */
  mediaPollTries?: number;
  mediaPollMs?: number;
}

/** What a connected account's calls need besides its token (TokenSet.connection). */
interface Connection {
  /** The server's https origin, e.g. https://mastodon.social. */
  server: string;
  clientId: string;
  redirectUri: string;
}

function connectionOf(tokens: Pick<TokenSet, 'connection'>): Connection {
  const { server, clientId, redirectUri } = tokens.connection ?? {};
  if (!server || !clientId || !redirectUri) {
    throw new TokenExpiredError(
      'mastodon',
      'Kitepost does not know this account’s Mastodon server; reconnect it.',
    );
  }
  return { server, clientId, redirectUri };
}

/**
 * The key of a publish (`Idempotency-Key`, kept by Mastodon for an hour): the same post to the same
 * account gives the same key, so a retry after an unknown outcome is answered with the status the
 * first attempt made instead of a second one (docs.joinmastodon.org/methods/statuses/#create).
 */
export function idempotencyKeyOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** A remote mention `@name@host` as Mastodon's HTML shows it: `@name`. */
const localMentions = (text: string) => text.replace(/(^|[^\w/])@(\w+)@[\w.-]+\w/g, '$1@$2');
export const isSameMastodonPost = (answered: string, sent: string) =>
  localMentions(comparableText(answered)) === localMentions(comparableText(sent));

export function createMastodonProvider(options: MastodonProviderOptions): SocialProvider {
  const api = createMastodonApi({
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const guard = options.liveGuard ?? liveServerGuard();
  const pollTries = options.mediaPollTries ?? 30;
  const pollMs = options.mediaPollMs ?? 2_000;
  const sandboxApi = options.apiBaseUrl.replace(/\/$/, '');

  /**
   * Where a server's API answers: its origin live (after the address check), the simulator's place
   * for its host in the sandbox.
   */
  async function baseOf(server: string): Promise<string> {
    const host = new URL(server).host;
    if (options.sandbox) return `${sandboxApi}/${host}`;
    await guard.check(server);
    return server;
  }

  /** Kitepost's app on this server for this redirect URI: registered once, then reused. */
  async function clientFor(server: string, base: string, redirectUri: string) {
    // The sandbox's registrations are the simulator's: kept under its address, apart from the real server's.
    const key = options.sandbox ? base : server;
    const kept = await options.clients.find('mastodon', key, redirectUri);
    if (kept) return kept;
    const registered = toRegisteredApp(
      await api.registerApp(base, {
        clientName: 'Kitepost',
        redirectUri,
        scopes: MASTODON_SCOPES.join(' '),
        website: options.appUrl,
      }),
    );
    return options.clients.save('mastodon', key, redirectUri, registered, options.sandbox);
  }

  async function uploadImage(base: string, token: string, media: PublishMedia): Promise<string> {
    if (media.kind !== 'image')
      throw new InvalidContentError('mastodon', 'Kitepost posts images to Mastodon, not videos.');
    let uploaded = toUploadedMedia(
      await api.uploadMedia(base, token, {
        bytes: await media.read(),
        mimeType: media.mimeType,
        fileName: `image.${IMAGE_EXTENSIONS[media.mimeType] ?? 'bin'}`,
        description: media.altText,
      }),
    );
    for (let reads = 0; !uploaded.ready; reads++) {
      if (reads >= pollTries) {
        // Nothing is posted: the attachment stays unused, and trying again is safe.
        throw new TransientPlatformError(
          'mastodon',
          'The Mastodon server was still processing the image; nothing was posted.',
          'server_error',
        );
      }
      await delay(pollMs);
      const answer = await api.getMedia(base, token, uploaded.id);
      // 206 Partial Content: still processing (docs.joinmastodon.org/methods/media/#get).
      uploaded = answer.status === 206 ? { id: uploaded.id, ready: false } : toUploadedMedia(answer.body);
    }
    return uploaded.id;
  }

  async function createStatus(
    tokens: TokenSet,
    input: {
      account: PublishInput['account'];
      text: string;
      media: PublishMedia[];
      contentWarning?: string;
      visibility?: string;
      replyTo?: string;
    },
  ): Promise<PublishedPost> {
    const { server } = connectionOf(tokens);
    const base = await baseOf(server);
    // One at a time: only one image is read into memory at any moment.
    const mediaIds: string[] = [];
    for (const item of input.media) mediaIds.push(await uploadImage(base, tokens.accessToken, item));
    const payload = {
      status: input.text,
      ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}),
      ...(input.contentWarning ? { spoiler_text: input.contentWarning } : {}),
      ...(input.visibility ? { visibility: input.visibility } : {}),
      ...(input.replyTo ? { in_reply_to_id: input.replyTo } : {}),
    };
    const key = idempotencyKeyOf([
      input.account.externalId,
      input.text,
      input.media.map((item) => item.url),
      input.contentWarning ?? null,
      input.visibility ?? null,
      input.replyTo ?? null,
    ]);
    const body = await api.createStatus(base, tokens.accessToken, payload, key);
    return toCreatedStatus(body);
  }

  return {
    platform: 'mastodon',
    sandbox: options.sandbox,
    usesPkce: true,

    authorizeUrl() {
      throw new SocialPlatformError('mastodon', 'A Mastodon sign-in starts from the server the user names.');
    },

    async startAuthorization(request) {
      const read = readMastodonServer(request.server ?? '');
      if ('refused' in read) throw new InvalidContentError('mastodon', read.refused);
      if (!request.codeChallenge) throw new Error('Mastodon sign-ins use PKCE: a code challenge is needed');
      const base = await baseOf(read.origin).catch((error: unknown) => {
        // An address Kitepost does not reach is what the user typed: refused in their words.
        if (error instanceof SocialPlatformError) throw new InvalidContentError('mastodon', error.message);
        throw error;
      });
      // Is it a Mastodon server at all? Its instance document says (and reads nothing private);
      // live, it is read through the outbound fetch, as any address a user typed.
      const instance = await (options.sandbox ? api.getInstance(base) : guard.readInstance(read.origin))
        .then(readInstance)
        .catch((error: unknown) => {
          if (error instanceof SocialPlatformError && !(error instanceof TransientPlatformError)) return null;
          throw error;
        });
      if (!instance) {
        throw new InvalidContentError('mastodon', `${read.host} does not answer as a Mastodon server.`);
      }
      const client = await clientFor(read.origin, base, request.redirectUri);
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: request.redirectUri,
        scope: MASTODON_SCOPES.join(' '),
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      });
      const authorize = options.sandbox ? options.authorizeUrl : `${read.origin}/oauth/authorize`;
      return {
        url: `${authorize}?${query.toString().replace(/\+/g, '%20')}`,
        connection: { server: read.origin, clientId: client.clientId, redirectUri: request.redirectUri },
      };
    },

    async exchangeCode({ code, redirectUri, codeVerifier, connection }) {
      if (!codeVerifier) throw new Error('Mastodon sign-ins use PKCE: the code verifier is needed');
      const { server, clientId } = connectionOf({ connection });
      const base = await baseOf(server);
      const client = await clientFor(server, base, redirectUri);
      if (client.clientId !== clientId) {
        throw new SocialPlatformError(
          'mastodon',
          'Kitepost’s app on this Mastodon server changed; connect again.',
        );
      }
      const body = await api.requestToken(base, {
        grant_type: 'authorization_code',
        code,
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
        scope: MASTODON_SCOPES.join(' '),
      });
      return toTokenSet(body, { server, clientId, redirectUri });
    },

    async refreshTokens() {
      // Mastodon issues no refresh token; its tokens last until revoked (decision 082).
      throw new TokenExpiredError('mastodon', 'Mastodon tokens cannot be refreshed; reconnect the account.');
    },

    async listAccounts(tokens) {
      const { server } = connectionOf(tokens);
      const base = await baseOf(server);
      const account = await api.verifyCredentials(base, tokens.accessToken);
      // The limits are a bonus: an account connects even when the instance document cannot be read.
      const instance = await api
        .getInstance(base)
        .then(readInstance)
        .catch(() => null);
      return [toExternalAccount(account, { host: new URL(server).host, instance })];
    },

    async revoke(tokens) {
      const { server, redirectUri } = connectionOf(tokens);
      const base = await baseOf(server);
      const client = await options.clients.find('mastodon', options.sandbox ? base : server, redirectUri);
      if (!client) return;
      await api.revokeToken(base, {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        token: tokens.accessToken,
      });
    },

    async publish(tokens, { account, text, media, options: chosen }) {
      return createStatus(tokens, {
        account,
        text,
        media,
        contentWarning: chosen?.contentWarning,
        visibility: chosen?.visibility,
      });
    },

    /**
     * The next post of a thread: a reply to the one before (`in_reply_to_id`), with its parent's
     * visibility and content warning, as Mastodon's own composer does, so a followers-only thread
     * never goes on in public.
     */
    async publishReply(tokens, { account, parentExternalId, text, media }) {
      const base = await baseOf(connectionOf(tokens).server);
      const answer = await api.getStatus(base, tokens.accessToken, parentExternalId);
      if (answer.status === 404) {
        throw new InvalidContentError('mastodon', 'The post this one answers no longer exists on Mastodon.');
      }
      const parent = answer.body as { visibility?: unknown; spoiler_text?: unknown } | null;
      return createStatus(tokens, {
        account,
        text,
        media,
        replyTo: parentExternalId,
        visibility: typeof parent?.visibility === 'string' ? parent.visibility : undefined,
        contentWarning:
          typeof parent?.spoiler_text === 'string' && parent.spoiler_text ? parent.spoiler_text : undefined,
      });
    },

    /** The account's statuses since the attempt (up to 3 pages of 40), matched by their text. */
    async findPublished(tokens, { account, text, since }) {
      const base = await baseOf(connectionOf(tokens).server);
      const from = since.getTime() - CLOCK_SKEW_MS;
      let maxId: string | undefined;
      for (let page = 0; page < TIMELINE_PAGES; page++) {
        const statuses = toTimeline(
          await api.getAccountStatuses(base, tokens.accessToken, mastodonAccountId(account.externalId), {
            limit: PAGE_SIZE,
            maxId,
          }),
        );
        const found = statuses.find(
          (status) =>
            (!status.createdAt || status.createdAt.getTime() >= from) &&
            isSameMastodonPost(status.text, text),
        );
        if (found) return { externalId: found.id, url: found.url };
        const last = statuses.at(-1);
        if (!last || statuses.length < PAGE_SIZE || (last.createdAt && last.createdAt.getTime() < from))
          return null;
        maxId = last.id;
      }
      throw new SocialPlatformError(
        'mastodon',
        `The Mastodon account posted more than ${TIMELINE_PAGES * PAGE_SIZE} times since the attempt; Kitepost could not tell whether this post is among them.`,
      );
    },

    /** One `GET /api/v1/statuses/:id` per post; a 404 is a deleted post. */
    async readPostMetrics(tokens, { externalIds }) {
      const base = await baseOf(connectionOf(tokens).server);
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      for (const externalId of externalIds) {
        const answer = await api.getStatus(base, tokens.accessToken, externalId);
        if (answer.status === 404) result.missing.push(externalId);
        else result.metrics.push({ externalId, ...toStatusMetrics(answer.body) });
      }
      return result;
    },

    async readFollowers(tokens) {
      const base = await baseOf(connectionOf(tokens).server);
      return toFollowers(await api.verifyCredentials(base, tokens.accessToken));
    },
  };
}
