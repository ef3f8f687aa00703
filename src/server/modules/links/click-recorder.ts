import type { FastifyRequest } from 'fastify';
import type { ClickKind } from '../../../contracts/links';
import { type PublishingPlatform, publishingPlatforms } from '../../../contracts/platforms';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { type CountryLookup, createCountryLookup } from '../../integrations/geo/country-lookup';
import { isBotAgent, isPrefetch } from './bot';
import { type ClickRow, insertClicks, saltOfDay, utcDay } from './clicks.repository';
import { networkFromReferrer } from './referrer-network';
import { visitorHash } from './visitor-hash';

/** A click on a short link, or a view of a bio page. */
export interface Visit {
  workspaceId: string;
  kind: ClickKind;
  code?: string | null;
  postId?: string | null;
  /** The network the link was published on; when absent, read from `?via=` or the Referer. */
  platform?: PublishingPlatform | null;
  bioLinkId?: string | null;
}

/*
 * Clicks are written in batches (issue 29, decision 093): a visit is only pushed onto a per-app
 * buffer while the request is answered; hashing, the country and the insert happen in the flush,
 * at most FLUSH_MS later, so a redirect costs one indexed read and no write. A crash loses at most
 * that second of clicks; closing the app flushes. A failed flush is logged and its clicks dropped:
 * analytics never break a redirect.
 */

/** How long a click may wait in the buffer. */
const FLUSH_MS = 1_000;
/** A full buffer is flushed at once (rows per insert statement, well under pg's 65,535 parameters). */
const FLUSH_ROWS = 1_000;
/** Beyond this, clicks are dropped while the database falls behind (memory stays bounded). */
const MAX_PENDING = 50_000;

interface PendingVisit extends Visit {
  at: Date;
  ip: string;
  userAgent: string;
  referrer: string | undefined;
  via: unknown;
}

interface Recorder {
  pending: PendingVisit[];
  timer: NodeJS.Timeout | null;
  /** The flush under way (each waits for the one before: inserts stay in order, one at a time). */
  flushing: Promise<void>;
  /** The salt of the UTC day last used: one read per day, not one per flush. */
  salt: { day: string; salt: string } | null;
  countries: CountryLookup;
  /** Clicks taken by flushes not yet written (with `pending`, what MAX_PENDING bounds). */
  queued: number;
  dropped: number;
  ctx: AppContext;
}

/** One recorder per database (tests run several apps in one process, decision 091). */
const recorders = new WeakMap<Db, Recorder>();

function recorderFor(ctx: AppContext): Recorder {
  const db = ctx.database.db;
  let found = recorders.get(db);
  if (!found) {
    found = {
      pending: [],
      timer: null,
      flushing: Promise.resolve(),
      salt: null,
      countries: createCountryLookup(ctx.config.links.countryDb),
      queued: 0,
      dropped: 0,
      ctx,
    };
    recorders.set(db, found);
  }
  return found;
}

/**
 * Counts a visit after the reply is sent: bot check by user agent, the day's salted visitor hash,
 * the country when a local database is configured; written in batches. Never throws. A HEAD or a
 * prefetch is no visit and is not recorded.
 */
export function recordVisit(ctx: AppContext, request: FastifyRequest, visit: Visit): void {
  if (request.method !== 'GET' || isPrefetch(request.headers)) return;
  const recorder = recorderFor(ctx);
  if (recorder.pending.length + recorder.queued >= MAX_PENDING) {
    recorder.dropped += 1;
    return;
  }
  recorder.pending.push({
    ...visit,
    at: new Date(),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    referrer: request.headers.referer,
    via: (request.query as Record<string, unknown> | undefined)?.via,
  });
  if (recorder.pending.length >= FLUSH_ROWS) {
    void flush(recorder);
  } else if (!recorder.timer) {
    recorder.timer = setTimeout(() => void flush(recorder), FLUSH_MS);
    // A waiting batch never keeps a process alive: closing the app flushes it.
    recorder.timer.unref();
  }
}

/** Writes every click waiting for this app's database (the app's onClose, and tests). */
export async function flushClicks(ctx: AppContext): Promise<void> {
  const recorder = recorders.get(ctx.database.db);
  if (recorder) await flush(recorder);
}

/**
 * Makes the app's recorder as the routes are registered, so the country database (a few MB) is
 * read at start rather than during a first click, and a configured one that cannot be read is
 * said in the log at once.
 */
export function startClickRecorder(ctx: AppContext) {
  const { check } = recorderFor(ctx).countries;
  if (ctx.config.links.countryDb && check.status === 'off') {
    ctx.log.warn({ detail: check.detail }, 'click countries are off: the country database cannot be read');
  }
}

/** `checks.countryLookup` of /api/health. */
export function countryLookupCheck(ctx: AppContext) {
  return recorderFor(ctx).countries.check;
}

function flush(recorder: Recorder): Promise<void> {
  if (recorder.timer) clearTimeout(recorder.timer);
  recorder.timer = null;
  const taken = recorder.pending;
  recorder.pending = [];
  const dropped = recorder.dropped;
  recorder.dropped = 0;
  recorder.queued += taken.length;
  recorder.flushing = recorder.flushing.then(async () => {
    if (dropped > 0) recorder.ctx.log.warn({ dropped }, 'clicks dropped: the database fell behind');
    if (taken.length === 0) return;
    try {
      await write(recorder, taken);
    } catch (error) {
      recorder.ctx.log.error({ err: error, clicks: taken.length }, 'clicks could not be written');
    } finally {
      recorder.queued -= taken.length;
    }
  });
  return recorder.flushing;
}

async function write(recorder: Recorder, visits: PendingVisit[]) {
  const db = recorder.ctx.database.db;
  // Within a batch the same agent and the same visitor come back often (one phone, one in-app
  // browser version): each is checked and hashed once. Maps of this flush only, so nothing grows.
  const bots = new Map<string, boolean>();
  const hashes = new Map<string, string>();
  const rows: ClickRow[] = [];
  for (const visit of visits) {
    const day = utcDay(visit.at);
    if (recorder.salt?.day !== day) recorder.salt = { day, salt: await saltOfDay(db, day) };
    const salt = recorder.salt.salt;
    const visitor = `${day}\n${visit.ip}\n${visit.userAgent}\n${visit.workspaceId}`;
    let hash = hashes.get(visitor);
    if (hash === undefined) {
      hash = visitorHash(salt, visit.ip, visit.userAgent, visit.workspaceId);
      hashes.set(visitor, hash);
    }
    let isBot = bots.get(visit.userAgent);
    if (isBot === undefined) {
      isBot = isBotAgent(visit.userAgent);
      bots.set(visit.userAgent, isBot);
    }
    rows.push({
      workspaceId: visit.workspaceId,
      occurredAt: visit.at,
      kind: visit.kind,
      code: visit.code ?? null,
      postId: visit.postId ?? null,
      platform: visit.platform ?? platformOfVisit(visit),
      bioLinkId: visit.bioLinkId ?? null,
      country: recorder.countries.country(visit.ip),
      visitorHash: hash,
      isBot,
    });
  }
  for (let start = 0; start < rows.length; start += FLUSH_ROWS) {
    await insertClicks(db, rows.slice(start, start + FLUSH_ROWS));
  }
}

/** `?via=<network>` (the bio page adds it when it knew the network), else the Referer's. */
function platformOfVisit(visit: PendingVisit): PublishingPlatform | null {
  const via = visit.via;
  if (typeof via === 'string' && (publishingPlatforms as readonly string[]).includes(via)) {
    return via as PublishingPlatform;
  }
  return networkFromReferrer(visit.referrer);
}
