import type { FastifyInstance } from 'fastify';
import { downloadMedia } from './media-download';
import {
  invalidRequest,
  newPinterestId,
  notFound,
  PIN_API_PATH,
  PIN_ID,
  type PinterestRoute,
  pinError,
} from './pinterest-shapes';
import { asStored, boardOf, findPin, listBoards, listPins, pinOf } from './pinterest-store';
import type { SimulatedAnswer } from './sandbox-faults';
import { newMetricsSeed, postMetricsOf } from './sandbox-metrics';
import { insertPost } from './sandbox-posts';
import type { SandboxAccount, SandboxPost } from './sandbox-store';
import type { SimulatorContext } from './simulator-context';
import { type Fields, HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend Pinterest's boards, Pins and Pin analytics (pinterest/api-description
 * v5/openapi.json v5.23.0, P1). Every limit below is the description's: `PinCreate` title ≤ 100,
 * description ≤ 800, link ≤ 2048, alt_text ≤ 500, `board_id` digits; `page_size` 1–250;
 * analytics `start_date` at most 90 days back, `end_date` at most 90 days after it.
 */

const DEFAULT_PAGE = 25;
const MAX_PAGE = 250;
const DAY_MS = 86_400_000;
const PIN_METRICS = [
  'IMPRESSION',
  'OUTBOUND_CLICK',
  'PIN_CLICK',
  'SAVE',
  'SAVE_RATE',
  'TOTAL_COMMENTS',
  'TOTAL_REACTIONS',
  'USER_FOLLOW',
  'PROFILE_VISIT',
] as const;
const LIMITS = { title: 100, description: 800, link: 2048, alt_text: 500 } as const;
const PRIVACIES = ['PUBLIC', 'PROTECTED', 'SECRET'] as const;

const chars = (text: string) => [...text].length;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** `page_size` and `bookmark` (the offset, opaque to the caller) of a list call. */
function pageOf(query: Fields): { offset: number; limit: number } | SimulatedAnswer {
  const size = query.page_size === undefined ? DEFAULT_PAGE : Number(query.page_size);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE) {
    return invalidRequest(`page_size must be an integer from 1 to ${MAX_PAGE}.`);
  }
  const offset = query.bookmark
    ? Number.parseInt(Buffer.from(query.bookmark, 'base64url').toString(), 10)
    : 0;
  if (!Number.isInteger(offset) || offset < 0) return invalidRequest('Invalid bookmark.');
  return { offset, limit: size };
}
const bookmarkAfter = (offset: number, shown: number, more: boolean) =>
  more ? Buffer.from(String(offset + shown)).toString('base64url') : null;

function boardBody(row: SandboxPost, account: SandboxAccount) {
  const board = boardOf(row);
  return {
    id: row.externalId,
    name: board.name,
    description: board.description,
    privacy: board.privacy,
    owner: { username: account.username },
    created_at: row.createdAt.toISOString().replace(/\.\d{3}Z$/, ''),
  };
}

function pinBody(row: SandboxPost, account: SandboxAccount) {
  const pin = pinOf(row);
  return {
    id: row.externalId,
    created_at: (row.publishedAt ?? row.createdAt).toISOString().replace(/\.\d{3}Z$/, ''),
    board_id: pin.boardId,
    board_owner: { username: account.username },
    title: pin.title,
    description: row.text,
    link: pin.link,
    alt_text: pin.altText,
    media: {
      media_type: 'image',
      images: { originals: { width: pin.width, height: pin.height, url: pin.url } },
    },
  };
}

export function registerPinterestPinRoutes(
  app: FastifyInstance,
  options: SimulatorContext,
  route: PinterestRoute,
) {
  const { db } = options;
  const api = { config: PUBLIC, schema: HIDDEN };

  // `GET /v5/boards` (boards:read).
  app.get(
    `${PIN_API_PATH}/boards`,
    api,
    route(['boards:read'], 'read', async (request, { account }) => {
      const page = pageOf(request.query as Fields);
      if ('status' in page) return page;
      const all = await listBoards(db, account.id);
      const shown = all.slice(page.offset, page.offset + page.limit);
      return {
        status: 200,
        body: {
          items: shown.map((row) => boardBody(row, account)),
          bookmark: bookmarkAfter(page.offset, shown.length, all.length > page.offset + page.limit),
        },
      };
    }),
  );

  // `POST /v5/boards {name, description?, privacy?}` (boards:read, boards:write) → 201 Board.
  app.post(
    `${PIN_API_PATH}/boards`,
    api,
    route(['boards:read', 'boards:write'], 'other', async (request, { account }) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const name = text(body.name)?.trim();
      if (!name) return invalidRequest('Board name is required.');
      const privacy = text(body.privacy) ?? 'PUBLIC';
      if (!(PRIVACIES as readonly string[]).includes(privacy))
        return invalidRequest('Invalid board privacy.');
      const existing = await listBoards(db, account.id);
      // Pinterest keeps one board per name for a user (the app says "You already have a board
      // with that name"; UNCONFIRMED for the API).
      if (existing.some((row) => boardOf(row).name.toLowerCase() === name.toLowerCase())) {
        return pinError(409, 58, 'You already have a board with this name.');
      }
      const row = await insertPost(db, {
        platform: 'pinterest',
        externalId: newPinterestId(),
        accountId: account.id,
        text: name,
        media: asStored({
          id: '',
          url: null,
          kind: 'board',
          name,
          description: text(body.description)?.trim() || null,
          privacy: privacy as (typeof PRIVACIES)[number],
        }),
        state: 'container',
        metricsSeed: newMetricsSeed(),
        publishedAt: null,
      });
      return { status: 201, body: boardBody(row, account) };
    }),
  );

  // `POST /v5/pins` (`PinCreate`; boards:read, boards:write, pins:read, pins:write) → 201 Pin.
  app.post(
    `${PIN_API_PATH}/pins`,
    api,
    route(
      ['boards:read', 'boards:write', 'pins:read', 'pins:write'],
      'publish',
      async (request, { account }) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const boardId = text(body.board_id);
        if (!boardId || !PIN_ID.test(boardId))
          return invalidRequest('board_id is required and must be digits.');
        for (const [field, max] of Object.entries(LIMITS)) {
          const value = body[field];
          if (value === undefined || value === null) continue;
          if (typeof value !== 'string') return invalidRequest(`${field} must be a string.`);
          if (chars(value) > max) return invalidRequest(`${field} is longer than ${max} characters.`);
        }
        const link = text(body.link);
        if (link && !/^https?:\/\/\S+$/i.test(link)) return invalidRequest('Invalid link.');
        const board = (await listBoards(db, account.id)).find((row) => row.externalId === boardId);
        if (!board) return notFound('Board not found.');
        const source = body.media_source as Record<string, unknown> | undefined;
        if (!source || typeof source !== 'object') return invalidRequest('media_source is required.');
        if (source.source_type !== 'image_url') {
          return invalidRequest(`The sandbox takes media_source.source_type "image_url" only.`);
        }
        const url = text(source.url);
        if (!url) return invalidRequest('media_source.url is required.');
        // Pinterest downloads the image from the URL (an `image_url` source); one it cannot fetch or
        // read is refused (the exact message is UNCONFIRMED).
        const download = await downloadMedia(options.mediaFetch, 'pinterest', url);
        if (!download.ok) {
          return invalidRequest(`Sorry, we could not fetch the image at ${url} (${download.detail}).`);
        }
        const now = new Date();
        const row = await insertPost(db, {
          platform: 'pinterest',
          externalId: newPinterestId(),
          accountId: account.id,
          text: text(body.description) ?? '',
          media: asStored({
            id: newPinterestId(),
            url,
            kind: 'image',
            boardId,
            title: text(body.title) ?? null,
            link: link ?? null,
            altText: text(body.alt_text) ?? null,
            width: download.image.width,
            height: download.image.height,
          }),
          state: 'published',
          metricsSeed: newMetricsSeed(),
          publishedAt: now,
        });
        return { status: 201, body: pinBody(row, account) };
      },
    ),
  );

  const listed = async (
    account: SandboxAccount,
    query: Fields,
    boardId?: string,
  ): Promise<SimulatedAnswer> => {
    const page = pageOf(query);
    if ('status' in page) return page;
    const rows = await listPins(db, account.id, { ...page, ...(boardId ? { boardId } : {}) });
    const shown = rows.slice(0, page.limit);
    return {
      status: 200,
      body: {
        items: shown.map((row) => pinBody(row, account)),
        bookmark: bookmarkAfter(page.offset, shown.length, rows.length > page.limit),
      },
    };
  };

  // `GET /v5/pins` (boards:read, pins:read): the user's Pins, newest first.
  app.get(
    `${PIN_API_PATH}/pins`,
    api,
    route(['boards:read', 'pins:read'], 'read', async (request, { account }) =>
      listed(account, request.query as Fields),
    ),
  );

  // `GET /v5/boards/{board_id}/pins` (boards:read, pins:read); 404 for a board not the user's.
  app.get(
    `${PIN_API_PATH}/boards/:boardId/pins`,
    api,
    route(['boards:read', 'pins:read'], 'read', async (request, { account }) => {
      const { boardId } = request.params as { boardId: string };
      const board = (await listBoards(db, account.id)).find((row) => row.externalId === boardId);
      if (!board) return notFound('Board not found.');
      return listed(account, request.query as Fields, boardId);
    }),
  );

  // `GET /v5/pins/{pin_id}/analytics` (boards:read, pins:read). Under `no-data`, empty metrics.
  app.get(
    `${PIN_API_PATH}/pins/:pinId/analytics`,
    api,
    route(
      ['boards:read', 'pins:read'],
      'read',
      async (request, { account }) => {
        const { pinId } = request.params as { pinId: string };
        const query = request.query as Fields;
        const refused = checkAnalyticsQuery(query, new Date());
        if (refused) return refused;
        const pin = PIN_ID.test(pinId) ? await findPin(db, pinId) : undefined;
        if (!pin) return notFound('Pin not found.');
        if (pin.accountId !== account.id) return pinError(403, 3, 'Not authorized to access board or Pin.');
        const m = postMetricsOf(pin, account, Date.now());
        const values: Record<string, number> = {
          IMPRESSION: m.impressions,
          PIN_CLICK: m.clicks,
          OUTBOUND_CLICK: Math.floor(m.clicks / 2),
          SAVE: m.reposts,
          SAVE_RATE: m.impressions > 0 ? m.reposts / m.impressions : 0,
          USER_FOLLOW: m.quotes,
          PROFILE_VISIT: m.bookmarks,
        };
        const asked = (query.metric_types ?? '').split(',');
        const summary = Object.fromEntries(
          asked.filter((type) => type in values).map((type) => [type, values[type]]),
        );
        const lifetime: Record<string, number> = {};
        if (asked.includes('TOTAL_COMMENTS')) lifetime.TOTAL_COMMENTS = m.replies;
        if (asked.includes('TOTAL_REACTIONS')) lifetime.TOTAL_REACTIONS = m.likes;
        return {
          status: 200,
          body: { all: { daily_metrics: [], summary_metrics: summary, lifetime_metrics: lifetime } },
        };
      },
      (answer) => ({
        ...answer,
        body: { all: { daily_metrics: [], summary_metrics: {}, lifetime_metrics: {} } },
      }),
    ),
  );
}

/** The analytics query as P1 bounds it; a refusal is 400 "Invalid pins analytics parameters." */
function checkAnalyticsQuery(query: Fields, now: Date): SimulatedAnswer | null {
  const refused = () => pinError(400, 400, 'Invalid pins analytics parameters.');
  const day = (value: string | undefined) =>
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  const start = day(query.start_date);
  const end = day(query.end_date);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return refused();
  if (start < today - 90 * DAY_MS || end > start + 90 * DAY_MS) return refused();
  const types = (query.metric_types ?? '').split(',').filter(Boolean);
  if (types.length === 0 || types.some((type) => !(PIN_METRICS as readonly string[]).includes(type))) {
    return refused();
  }
  return null;
}
