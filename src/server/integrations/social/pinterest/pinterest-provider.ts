import type { PinterestBoard } from '../../../../contracts/pinterest';
import {
  type AuthorizeRequest,
  InvalidContentError,
  type PlatformAppOptions,
  type PostLinkOptions,
  type PublishedPost,
  type PublishInput,
  type SocialProvider,
  TokenExpiredError,
  type TokenSet,
  UnknownOutcomeError,
} from '../social-provider';
import { analyticsWindow, toPinMetrics } from './metrics-transform';
import { createPinterestApi } from './pinterest-api';
import { toPinPayload } from './publish-transform';
import {
  isSamePin,
  pinterestPinUrl,
  pinterestWebBaseUrl,
  toBoard,
  toBoardsPage,
  toCreatedPinId,
  toExternalAccount,
  toFollowerCount,
  toPinsPage,
  toTokenSet,
} from './transform';

/*
 * Pinterest (API v5) behind our SocialProvider port: OAuth 2.0 authorization code as a
 * confidential client (HTTP Basic at the token endpoint), continuous refresh tokens, Pins made
 * from an image Pinterest downloads from our URL (`media_source.image_url`). The same code talks
 * to Pinterest and to the platform simulator; only the URLs (and the simulator's fetch) differ.
 * Sources: pinterest/api-description v5/openapi.json v5.23.0 (platforms.md P1), Postiz (P2).
 */

/** Boards to choose from and make, Pins to publish and read back, the account and its followers. */
export const PINTEREST_SCOPES = [
  'boards:read',
  'boards:write',
  'pins:read',
  'pins:write',
  'user_accounts:read',
] as const;
const DEFAULT_TIMEOUT_MS = 20_000;
/** `page_size` at most 250 (P1 `/boards`, `/boards/{id}/pins`). */
const BOARDS_PAGE_SIZE = 250;
/** A user with more boards than this chooses among the first ones (the composer's list stays short). */
const MAX_BOARD_PAGES = 4;
/** Reconciliation reads the board's newest Pins. */
const RECENT_PINS = 50;

export interface PinterestProvider extends SocialProvider {
  listBoards(tokens: TokenSet): Promise<PinterestBoard[]>;
  createBoard(tokens: TokenSet, board: { name: string; description?: string }): Promise<PinterestBoard>;
}

export function createPinterestProvider(options: PlatformAppOptions & PostLinkOptions): PinterestProvider {
  const api = createPinterestApi({
    apiBaseUrl: options.apiBaseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const webBaseUrl = (options.webBaseUrl ?? pinterestWebBaseUrl(options.authorizeUrl)).replace(/\/$/, '');
  const published = (id: string): PublishedPost => ({ externalId: id, url: pinterestPinUrl(webBaseUrl, id) });

  async function publish(tokens: TokenSet, input: PublishInput): Promise<PublishedPost> {
    const payload = toPinPayload(input);
    let body: unknown;
    try {
      body = await api.createPin(tokens.accessToken, payload);
    } catch (error) {
      // Reconciliation reads the Pin's board and matches its title: keep them with the error.
      if (error instanceof UnknownOutcomeError) {
        throw new UnknownOutcomeError('pinterest', error.message, pinHint(payload), { cause: error });
      }
      throw error;
    }
    try {
      return published(toCreatedPinId(body));
    } catch (error) {
      throw new UnknownOutcomeError(
        'pinterest',
        `Pinterest accepted the Pin but named none: ${String(error)}`,
        pinHint(payload),
        { cause: error },
      );
    }
  }

  return {
    platform: 'pinterest',
    sandbox: options.sandbox,
    // A confidential client with a secret (HTTP Basic); Pinterest documents no PKCE (platforms.md).
    usesPkce: false,

    authorizeUrl(request: AuthorizeRequest): string {
      // https://www.pinterest.com/oauth/?client_id&redirect_uri&response_type=code&scope (comma
      // separated)&state (developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization; P2).
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: PINTEREST_SCOPES.join(','),
        state: request.state,
      });
      const separator = options.authorizeUrl.includes('?') ? '&' : '?';
      return `${options.authorizeUrl}${separator}${query}`;
    },

    async exchangeCode({ code, redirectUri }) {
      const body = await api.requestToken('exchange-code', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        continuous_refresh: 'true',
      });
      return toTokenSet(body, new Date());
    },

    async refreshTokens(tokens) {
      if (!tokens.refreshToken) {
        throw new TokenExpiredError('pinterest', 'Pinterest gave no refresh token; reconnect the account.');
      }
      const body = await api.requestToken('refresh', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken,
        continuous_refresh: 'true',
      });
      return toTokenSet(body, new Date(), tokens);
    },

    async listAccounts(tokens) {
      return [toExternalAccount(await api.getUserAccount(tokens.accessToken))];
    },

    // API v5 documents no revocation of a user's token (P1): the user removes the app in their
    // Pinterest settings; disconnecting forgets the token on our side.
    async revoke() {},

    publish,

    async listBoards(tokens) {
      const boards: PinterestBoard[] = [];
      let bookmark: string | null = null;
      for (let page = 0; page < MAX_BOARD_PAGES; page++) {
        const answer = toBoardsPage(
          await api.listBoards(tokens.accessToken, { size: BOARDS_PAGE_SIZE, bookmark }),
        );
        boards.push(...answer.boards);
        bookmark = answer.bookmark;
        if (!bookmark) break;
      }
      return boards;
    },

    async createBoard(tokens, board) {
      const name = board.name.trim();
      if (!name) throw new InvalidContentError('pinterest', 'A board needs a name.');
      return toBoard(
        await api.createBoard(tokens.accessToken, {
          name,
          ...(board.description?.trim() ? { description: board.description.trim() } : {}),
        }),
      );
    },

    /**
     * The board's newest Pins (`GET /v5/boards/{id}/pins`, the board from the failed attempt's
     * hint), matched by description and title, created since the attempt. Without the hint (an
     * attempt lost with its worker) the user's own newest Pins (`GET /v5/pins`), by description.
     */
    async findPublished(tokens, { text, since, hint }) {
      const body = hint?.boardId
        ? await api.listBoardPins(tokens.accessToken, hint.boardId, RECENT_PINS)
        : await api.listUserPins(tokens.accessToken, RECENT_PINS);
      const { pins } = toPinsPage(body);
      const sent = { description: hint?.description ?? text, title: hint ? (hint.title ?? null) : undefined };
      const found = pins.find((pin) => isSamePin(pin, sent, since));
      return found ? published(found.id) : null;
    },

    /**
     * One call per Pin: its analytics over the last 90 days (the most the API reads back) with
     * its lifetime comments and reactions (metrics-transform.ts). A Pin Pinterest answers 404 for
     * (deleted) is missing.
     */
    async readPostMetrics(tokens, { externalIds }) {
      const result: Awaited<ReturnType<SocialProvider['readPostMetrics']>> = { metrics: [], missing: [] };
      const window = analyticsWindow(new Date());
      for (const id of externalIds) {
        const body = await api.getPinAnalytics(tokens.accessToken, id, window);
        if (body === null) result.missing.push(id);
        else result.metrics.push({ externalId: id, ...toPinMetrics(body) });
      }
      return result;
    },

    async readFollowers(tokens) {
      return toFollowerCount(await api.getUserAccount(tokens.accessToken));
    },
  };
}

/** What reconciliation needs of a Pin sent: its board, description and title. */
function pinHint(payload: ReturnType<typeof toPinPayload>): Record<string, string> {
  return {
    boardId: payload.board_id,
    description: payload.description,
    ...(payload.title ? { title: payload.title } : {}),
  };
}
