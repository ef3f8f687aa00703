import { DateTime } from 'luxon';
import type { MediaFacts } from '../../../contracts/media';
import { type PublishingPlatform, platformLabels, publishingPlatforms } from '../../../contracts/platforms';
import { DUPLICATE_WINDOW_DAYS, type ImportDuplicate } from '../../../contracts/post-import';
import { type ComposePostBody, composePostBody } from '../../../contracts/posts';
import { checkPublishable } from '../../../contracts/publish-checks';
import type { SheetRow } from './post-import-csv';

/*
 * What each row of an import means and whether it passes (pure): its account, its time in the
 * chosen zone, its post as the composer would send it, the platform's pre-publish checks, and
 * whether it repeats a post or an earlier row. The service adds what needs the database.
 */

export interface ImportAccount {
  id: string;
  platform: PublishingPlatform;
  username: string;
}

/** A row read: what it would create, or why not. */
export interface CheckedRow {
  line: number;
  errors: string[];
  duplicateOf: ImportDuplicate | null;
  account: ImportAccount | null;
  /** null: no date and time, so it goes to the account's queue. */
  scheduledAt: Date | null;
  /** The composer's body for the post (valid when there are no errors). */
  body: ComposePostBody | null;
  mediaUrl: string | null;
  excerpt: string;
}

export const accountLabel = (account: ImportAccount) =>
  `@${account.username} on ${platformLabels[account.platform]}`;

const ASSUMED_IMAGE: MediaFacts = {
  kind: 'image',
  mimeType: 'image/jpeg',
  sizeBytes: 200_000,
  width: 1080,
  height: 1080,
  durationMs: null,
  frameRate: null,
  videoCodec: null,
  audioCodec: null,
  audioSampleRate: null,
  bitrate: null,
  pageCount: null,
};

const EXCERPT_LENGTH = 120;
const excerptOf = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;

const platformNames = new Map<string, PublishingPlatform>(
  publishingPlatforms.flatMap((platform) => [
    [platform, platform],
    [platformLabels[platform].toLowerCase(), platform],
  ]),
);
platformNames.set('x', 'twitter');

/** The account a cell names: its id, its @username, or a platform with exactly one account. */
export function findImportAccount(
  cell: string,
  accounts: ImportAccount[],
): { account: ImportAccount } | { error: string } {
  const value = cell.trim();
  if (!value)
    return { error: 'Name the account: its @username, or the platform when you have one account there.' };
  const byId = accounts.find((account) => account.id === value);
  if (byId) return { account: byId };
  const handle = value.replace(/^@/, '').toLowerCase();
  const byName = accounts.filter((account) => account.username.toLowerCase() === handle);
  if (byName.length === 1 && byName[0]) return { account: byName[0] };
  if (byName.length > 1) {
    return { error: `Several accounts are called @${handle}; name one by its id (Accounts page).` };
  }
  const platform = value.startsWith('@') ? undefined : platformNames.get(value.toLowerCase());
  if (platform) {
    const onPlatform = accounts.filter((account) => account.platform === platform);
    if (onPlatform.length === 1 && onPlatform[0]) return { account: onPlatform[0] };
    const label = platformLabels[platform];
    return {
      error:
        onPlatform.length === 0
          ? `No ${label} account is connected. Connect one, or name another account.`
          : `You have ${onPlatform.length} ${label} accounts; name one by its @username.`,
    };
  }
  return { error: `No connected account is called ${value}. Use an account's @username or its id.` };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** The row's moment in `zone`: null for no date and time (the queue), or the error to show. */
export function readRowTime(
  date: string,
  time: string,
  zone: string,
  now: Date,
): { at: Date | null } | { error: string } {
  if (!date && !time) return { at: null };
  if (!date) return { error: 'Give a date (YYYY-MM-DD) with the time, or leave both empty for the queue.' };
  if (!time)
    return { error: 'Give a time (HH:MM, 24-hour) with the date, or leave both empty for the queue.' };
  const d = DATE.exec(date);
  if (!d) return { error: `"${date}" is not a date: write it as YYYY-MM-DD, e.g. 2026-12-01.` };
  const t = TIME.exec(time);
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59) {
    return { error: `"${time}" is not a time: write it as HH:MM on a 24-hour clock, e.g. 14:30.` };
  }
  const wanted = {
    year: Number(d[1]),
    month: Number(d[2]),
    day: Number(d[3]),
    hour: Number(t[1]),
    minute: Number(t[2]),
  };
  const local = DateTime.fromObject(wanted, { zone });
  if (
    !local.isValid ||
    local.year !== wanted.year ||
    local.month !== wanted.month ||
    local.day !== wanted.day
  ) {
    return { error: `${date} is not a day of the calendar.` };
  }
  // A time the clocks skip (the night daylight saving time starts) would silently move an hour.
  if (local.hour !== wanted.hour || local.minute !== wanted.minute) {
    return { error: `${date} ${time} does not exist in ${zone}: the clocks skip it. Choose another time.` };
  }
  const at = local.toJSDate();
  if (at.getTime() <= now.getTime()) {
    return { error: `${date} ${time} (${zone}) has already passed. Choose a time in the future.` };
  }
  return { at };
}

/** "#a #b", "a, b" or "#a,#b": the tags without '#'. */
const splitHashtags = (cell: string) =>
  cell
    .split(/[\s,;]+/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '' && tag !== '#');

/** A row read against the workspace's accounts and the chosen zone (no database). */
export function checkRow(
  row: SheetRow,
  context: { accounts: ImportAccount[]; zone: string; now: Date },
): CheckedRow {
  const { cells } = row;
  const errors: string[] = [];
  const found = findImportAccount(cells.account, context.accounts);
  const account = 'account' in found ? found.account : null;
  if ('error' in found) errors.push(found.error);
  const time = readRowTime(cells.date, cells.time, context.zone, context.now);
  if ('error' in time) errors.push(time.error);
  const scheduledAt = 'at' in time ? time.at : null;
  const mediaUrl = cells['media url'] || null;
  if (mediaUrl && !/^https?:\/\//i.test(mediaUrl)) {
    errors.push('The media URL must start with http:// or https://.');
  }
  let body: ComposePostBody | null = null;
  if (account) {
    const parsed = composePostBody.safeParse({
      content: cells.text,
      hashtags: splitHashtags(cells.hashtags),
      firstComment: cells['first comment'] || null,
      targets: [{ platform: account.platform, socialAccountId: account.id }],
      scheduledAt: scheduledAt?.toISOString() ?? null,
      asDraft: scheduledAt === null,
    });
    if (parsed.success) body = parsed.data;
    else errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
  } else if (!cells.text) {
    errors.push('Write something to post');
  }
  if (body && account) {
    const problems = checkPublishable(account.platform, {
      content: body.content,
      hashtags: body.hashtags,
      // The image is fetched only on import (and checked again then, as it is); until then a
      // row with a media URL counts as having an ordinary square photo.
      media: mediaUrl ? [ASSUMED_IMAGE] : [],
      firstComment: body.firstComment,
    });
    errors.push(...problems);
  }
  return {
    line: row.line,
    errors,
    duplicateOf: null,
    account,
    scheduledAt,
    body,
    mediaUrl,
    excerpt: excerptOf(cells.text),
  };
}

/**
 * The text as duplicates are compared: case, spacing and the hashtags at its end do not count
 * (the same post with other tags is the same post to its readers, and to X's duplicate filter).
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?:\s*#[\p{L}\p{N}_]+)+\s*$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface NearbyPost {
  id: string;
  socialAccountId: string;
  content: string;
  at: Date;
}

const WINDOW_MS = DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/**
 * Marks each passing row that repeats, on its account within DUPLICATE_WINDOW_DAYS, a post
 * (`posts`) or an earlier passing row. A row for the queue counts as going out `now`: its slot is
 * not known before it is taken, and queues fill the coming days.
 */
export function markDuplicates(rows: CheckedRow[], posts: NearbyPost[], now: Date): void {
  const seen: { line: number; accountId: string; text: string; at: number }[] = [];
  const postTexts = posts.map((post) => ({
    ...post,
    text: normaliseText(post.content),
    time: post.at.getTime(),
  }));
  for (const row of rows) {
    if (row.errors.length > 0 || !row.account || !row.body) continue;
    const accountId = row.account.id;
    const text = normaliseText(row.body.content);
    const at = (row.scheduledAt ?? now).getTime();
    const near = (other: { accountId: string; text: string; time: number }) =>
      other.accountId === accountId && other.text === text && Math.abs(other.time - at) <= WINDOW_MS;
    const post = postTexts.find((p) => near({ accountId: p.socialAccountId, text: p.text, time: p.time }));
    const earlier = seen.find((s) => near({ accountId: s.accountId, text: s.text, time: s.at }));
    if (post) row.duplicateOf = { kind: 'post', postId: post.id };
    else if (earlier) row.duplicateOf = { kind: 'line', line: earlier.line };
    else seen.push({ line: row.line, accountId, text, at });
  }
}

/** The time span whose posts may be duplicates of some row. */
export function duplicateSpan(rows: CheckedRow[], now: Date): { from: Date; to: Date } {
  const times = rows.map((row) => (row.scheduledAt ?? now).getTime());
  return {
    from: new Date(Math.min(now.getTime(), ...times) - WINDOW_MS),
    to: new Date(Math.max(now.getTime(), ...times) + WINDOW_MS),
  };
}
