import type { PlatformQuotaStore, QuotaKey } from '../platform-quota-store';
import { RateLimitedError } from '../social-provider';

/*
 * The YouTube Data API's daily quota as Kitepost spends it (issue 28, decision 087). One budget of
 * units per Google Cloud project and day, shared by every workspace, reset at midnight Pacific
 * Time (developers.google.com/youtube/v3/determine_quota_cost: "Daily quotas reset at midnight
 * Pacific Time"). Costs from the same page: a list call 1 unit, thumbnails.set 50. videos.insert
 * is counted at 1,600 units, the cost the page gives it for projects on the units model; projects
 * moved to its own bucket (100 inserts a day at 1 unit) are over-counted, never under-counted.
 * Every call reserves its units BEFORE it is sent (PlatformQuotaStore: one statement, two
 * processes cannot both take the last units); an upload reserves all it may spend up front.
 */

export const YOUTUBE_UNITS = { list: 1, insert: 1600, thumbnail: 50 } as const;
/** The processing checks (videos.list) an upload may make after its bytes are sent. */
export const PROCESSING_CHECKS = 10;
/** What an upload reserves before its first call: the insert and its processing checks. */
export const UPLOAD_UNITS = YOUTUBE_UNITS.insert + PROCESSING_CHECKS * YOUTUBE_UNITS.list;
/**
 * Reads (metrics, followers, reconciliation) never take the units of the day's last two uploads:
 * metrics of many channels must not starve publishing.
 */
export const UPLOADS_KEPT_FROM_READS = 2;

const PACIFIC = 'America/Los_Angeles';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PACIFIC,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: PACIFIC,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The quota day: the date in Pacific Time, YYYY-MM-DD. */
export const pacificDay = (now: Date): string => dayFormat.format(now);

/** When the quota day ends: the next midnight in Pacific Time (PST -8 h or PDT -7 h). */
export function nextPacificMidnight(now: Date): Date {
  const [year, month, day] = pacificDay(now).split('-').map(Number) as [number, number, number];
  for (const offsetHours of [7, 8]) {
    const candidate = new Date(Date.UTC(year, month - 1, day + 1, offsetHours));
    if (hourFormat.format(candidate) === '00:00' && candidate > now) return candidate;
  }
  return new Date(Date.UTC(year, month - 1, day + 1, 8));
}

export interface YouTubeQuotaStatus {
  unitsUsed: number;
  unitsLimit: number;
  uploadsLeft: number;
  resetsAt: Date;
}

export interface YouTubeQuota {
  /**
   * Reserves units for a call; RateLimitedError (reset at midnight PT) when the day's units would
   * run out. A read may not take the units kept for uploads.
   */
  spend(units: number, what: string, kind?: 'upload' | 'read'): Promise<void>;
  /** Gives back units reserved for calls that were not made. */
  release(units: number): Promise<void>;
  status(): Promise<YouTubeQuotaStatus>;
}

export function createYouTubeQuota(
  store: PlatformQuotaStore,
  options: { sandbox: boolean; dailyLimit: number; now?: () => Date },
): YouTubeQuota {
  const now = options.now ?? (() => new Date());
  const keyAt = (at: Date): QuotaKey => ({
    platform: 'youtube',
    sandbox: options.sandbox,
    day: pacificDay(at),
  });
  return {
    async spend(units, what, kind = 'upload') {
      const at = now();
      const kept = kind === 'read' ? UPLOADS_KEPT_FROM_READS * UPLOAD_UNITS : 0;
      const limit = Math.max(0, options.dailyLimit - kept);
      if (await store.reserve(keyAt(at), units, limit)) return;
      const used = await store.used(keyAt(at));
      const left = Math.max(0, limit - used);
      throw new RateLimitedError(
        'youtube',
        `Kitepost's YouTube quota for today is too low to ${what}: it needs ${units.toLocaleString('en-US')} units and ${left.toLocaleString('en-US')} of ${options.dailyLimit.toLocaleString('en-US')} are left${kept ? ` for reads (the last ${UPLOADS_KEPT_FROM_READS} uploads' units are kept for uploads)` : ''}. It resets at midnight Pacific Time.`,
        nextPacificMidnight(at),
      );
    },
    async release(units) {
      if (units > 0) await store.release(keyAt(now()), units);
    },
    async status() {
      const at = now();
      const used = await store.used(keyAt(at));
      return {
        unitsUsed: used,
        unitsLimit: options.dailyLimit,
        uploadsLeft: Math.max(0, Math.floor((options.dailyLimit - used) / UPLOAD_UNITS)),
        resetsAt: nextPacificMidnight(at),
      };
    },
  };
}
