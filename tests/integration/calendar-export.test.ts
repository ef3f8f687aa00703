import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedCreated } from '../../src/contracts/calendar-export';
import { type ImportResponse, importColumns } from '../../src/contracts/post-import';
import type { PostStatus } from '../../src/contracts/posts';
import { calendarFeeds, posts } from '../../src/server/db/schema';
import { addMember, setWorkspacePlan } from '../factories/analytics';
import { multipartBody } from '../factories/media';
import { asUser } from '../factories/posts';
import { insertAccount, newWorkspace } from '../factories/publishing';
import { randomIp } from '../factories/users';
import { buildTestApp, TEST_APP_URL, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const DAY = 86_400_000;
/** Commas, semicolons, a backslash, line breaks, emoji and accents: everything iCalendar escapes or folds. */
const TRICKY =
  'Fresh bread, butter; jam \\ honey.\nSecond line: café crème 🥐🥐🥐 and a long tail so the line must fold well past seventy-five octets.';

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  start: Date;
  url: string;
}

/** Parses with ical.js (a maintained RFC 5545 parser): throws on text that is not iCalendar. */
function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate(),
      url: String(vevent.getFirstPropertyValue('url')),
    };
  });
  return { calendar, events };
}

describe.each(databaseKinds)('calendar export on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function insertPost(
    workspaceId: string,
    input: { content: string; status: PostStatus; at: Date; accountId?: string; hashtags?: string[] },
  ) {
    const published = input.status === 'published';
    const [row] = await t.ctx.database.db
      .insert(posts)
      .values({
        workspaceId,
        platform: 'linkedin',
        content: input.content,
        hashtags: input.hashtags ?? [],
        status: input.status,
        scheduledAt: input.status === 'draft' ? null : input.at,
        publishedAt: published ? input.at : null,
        socialAccountId: input.accountId ?? null,
        firstComment: input.status === 'scheduled' ? '=HYPERLINK("http://evil.test")' : null,
      })
      .returning();
    if (!row) throw new Error('post insert returned no row');
    return row;
  }

  /** A workspace on its Professional trial with posts around now; another workspace with its own. */
  async function fixture() {
    const owner = await newWorkspace(t);
    const account = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
    const now = Date.now();
    const scheduled = await insertPost(owner.workspaceId, {
      content: TRICKY,
      status: 'scheduled',
      at: new Date(now + 2 * DAY),
      accountId: account.id,
      hashtags: ['Bakery'],
    });
    const published = await insertPost(owner.workspaceId, {
      content: '+1 for sourdough',
      status: 'published',
      at: new Date(now - 3 * DAY),
    });
    const pending = await insertPost(owner.workspaceId, {
      content: '@everyone tasting on Friday',
      status: 'pending_approval',
      at: new Date(now + 5 * DAY),
    });
    const cancelled = await insertPost(owner.workspaceId, {
      content: 'Cancelled croissant day',
      status: 'cancelled',
      at: new Date(now + 4 * DAY),
    });
    const draft = await insertPost(owner.workspaceId, {
      content: 'An undated draft',
      status: 'draft',
      at: new Date(),
    });
    const failed = await insertPost(owner.workspaceId, {
      content: 'A failed post',
      status: 'failed',
      at: new Date(now - 1 * DAY),
    });
    const old = await insertPost(owner.workspaceId, {
      content: 'Long ago',
      status: 'published',
      at: new Date(now - 60 * DAY),
    });
    const stranger = await newWorkspace(t);
    const foreign = await insertPost(stranger.workspaceId, {
      content: 'Not yours',
      status: 'scheduled',
      at: new Date(now + 2 * DAY),
    });
    const range = new URLSearchParams({
      from: new Date(now - 10 * DAY).toISOString(),
      to: new Date(now + 30 * DAY).toISOString(),
    });
    return {
      owner,
      stranger,
      account,
      scheduled,
      published,
      pending,
      cancelled,
      draft,
      failed,
      old,
      foreign,
      range,
    };
  }

  it('downloads the range as valid iCalendar: one event per post with a time, escaped, folded, UTC', async () => {
    const f = await fixture();
    const response = await asUser(t.app, f.owner.cookie).get(`/api/calendar/export.ics?${f.range}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="kitepost-calendar-.+\.ics"$/,
    );
    const text = response.body;

    // RFC 5545 §3.1: every line ends in CRLF and is at most 75 octets; continuations start with a space.
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(text).toContain('DTSTART:');
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);

    const { events } = parseIcs(text);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    const uid = (id: string) => `${id}@kitepost.test`;
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    expect([...byUid.keys()].sort()).toEqual(
      [f.scheduled.id, f.published.id, f.pending.id, f.failed.id].map(uid).sort(),
    );

    const scheduled = byUid.get(uid(f.scheduled.id));
    // The parser gives back exactly what was written: commas, semicolons, backslash, line break.
    expect(scheduled?.description.startsWith(`${TRICKY}\n\n#Bakery`)).toBe(true);
    expect(scheduled?.summary).toMatch(/^LinkedIn: Fresh bread, butter; jam \\ honey\. Second line/);
    // iCalendar times have whole seconds.
    const due = f.scheduled.scheduledAt?.getTime() ?? 0;
    expect(scheduled?.start.getTime()).toBe(due - (due % 1000));
    expect(scheduled?.url).toBe(`${TEST_APP_URL}/calendar?post=${f.scheduled.id}`);
    expect(scheduled?.description).toContain(`Account: ${f.account.displayName} (@${f.account.username})`);
    expect(byUid.get(uid(f.pending.id))?.summary).toBe(
      'LinkedIn (waiting for approval): @everyone tasting on Friday',
    );
    expect(byUid.get(uid(f.failed.id))?.summary).toBe('LinkedIn (failed): A failed post');
    expect(text).not.toContain('Not yours');
  });

  it('downloads the range as formula-safe CSV in the chosen zone, in the import template’s columns', async () => {
    const f = await fixture();
    const response = await asUser(t.app, f.owner.cookie).get(
      `/api/calendar/export.csv?${f.range}&timeZone=Asia%2FTokyo`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = response.body;
    expect(text.startsWith(`\uFEFF${importColumns.join(',')}\r\n`)).toBe(true);
    // Formula starts get an apostrophe (OWASP CSV injection); the quoted newline stays in its cell.
    expect(text).toContain("'+1 for sourdough");
    expect(text).toContain("'@everyone tasting on Friday");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(text).not.toMatch(/(^|,)[=+\-@]/m);
    expect(text).toContain(`"${TRICKY.replaceAll('"', '""')}"`);
    const tokyo = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(f.scheduled.scheduledAt ?? new Date());
    const [day, time] = tokyo.split(', ');
    expect(text).toContain(`${day},${time},'@${f.account.username},"Fresh bread`);
    expect(text).not.toContain('Not yours');
    expect(text).not.toContain('Cancelled croissant day');
  });

  it('exports a CSV that the CSV import reads back: the scheduled post is found as its duplicate', async () => {
    const f = await fixture();
    const user = asUser(t.app, f.owner.cookie);
    const csv = (await user.get(`/api/calendar/export.csv?${f.range}&timeZone=Asia%2FTokyo`)).body;
    const body = multipartBody([
      { name: 'dryRun', data: 'true' },
      { name: 'timezone', data: 'Asia/Tokyo' },
      { name: 'file', fileName: 'calendar.csv', contentType: 'text/csv', data: csv },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/posts/import',
      headers: { cookie: f.owner.cookie, 'content-type': body.contentType },
      payload: body.payload,
      remoteAddress: randomIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<ImportResponse>().rows;
    expect(
      rows.some((row) => row.duplicateOf?.kind === 'post' && row.duplicateOf.postId === f.scheduled.id),
    ).toBe(true);
  });

  it('refuses a bad range or zone with a 400 naming the field', async () => {
    const f = await fixture();
    const user = asUser(t.app, f.owner.cookie);
    const now = Date.now();
    const cases = [
      `from=${new Date(now).toISOString()}&to=${new Date(now - DAY).toISOString()}`,
      `from=${new Date(now).toISOString()}&to=${new Date(now + 401 * DAY).toISOString()}`,
      `from=yesterday&to=${new Date(now).toISOString()}`,
      `to=${new Date(now).toISOString()}`,
      `${f.range}&timeZone=Mars%2FOlympus`,
    ];
    for (const query of cases) {
      const response = await user.get(`/api/calendar/export.ics?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.issues.length, query).toBeGreaterThan(0);
    }
  });

  it('serves a private subscription URL without a session; revoking or replacing it ends the old one', async () => {
    const f = await fixture();
    const user = asUser(t.app, f.owner.cookie);
    expect((await user.get('/api/calendar/feed')).json()).toMatchObject({
      subscribed: false,
      planRefusal: null,
    });

    const created = await user.post('/api/calendar/feed');
    expect(created.statusCode).toBe(201);
    const { url } = created.json<CalendarFeedCreated>();
    expect(url).toMatch(new RegExp(`^${TEST_APP_URL}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const path = new URL(url).pathname;
    const secret = path.split('/').pop()?.replace('.ics', '') ?? '';
    // Only the secret's SHA-256 is stored.
    const stored = await t.ctx.database.db.select().from(calendarFeeds);
    expect(stored.some((row) => row.secretHash.includes(secret))).toBe(false);

    const fetched = await t.app.inject({ url: path, remoteAddress: randomIp() });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(fetched.headers['cache-control']).toBe('no-store, private');
    expect(fetched.headers['set-cookie']).toBeUndefined();
    const { calendar, events } = parseIcs(fetched.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Kitepost: /);
    // Scheduled, waiting for approval and published, 30 days back to a year ahead; nothing else.
    expect(events.map((event) => event.uid).sort()).toEqual(
      [f.scheduled.id, f.published.id, f.pending.id].map((id) => `${id}@kitepost.test`).sort(),
    );
    expect(fetched.body).not.toContain('Not yours');
    const status = (await user.get('/api/calendar/feed')).json();
    expect(status).toMatchObject({ subscribed: true, lastFetchedAt: expect.any(String) });

    // Posting again replaces it: the old address is 404, the new one works.
    const replaced = (await user.post('/api/calendar/feed')).json<CalendarFeedCreated>();
    expect(replaced.url).not.toBe(url);
    expect((await t.app.inject({ url: path, remoteAddress: randomIp() })).statusCode).toBe(404);
    const newPath = new URL(replaced.url).pathname;
    expect((await t.app.inject({ url: newPath, remoteAddress: randomIp() })).statusCode).toBe(200);

    expect((await user.delete('/api/calendar/feed')).statusCode).toBe(204);
    const revoked = await t.app.inject({ url: newPath, remoteAddress: randomIp() });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().error.code).toBe('not_found');
    expect((await user.delete('/api/calendar/feed')).statusCode).toBe(404);
    expect((await user.get('/api/calendar/feed')).json()).toMatchObject({ subscribed: false });
  });

  it('answers 404 for an unknown secret, 400 for a malformed one, and ends a member’s URL when they leave', async () => {
    const unknown = await t.app.inject({
      url: `/api/calendar/${'A'.repeat(43)}.ics`,
      remoteAddress: randomIp(),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/calendar/short.ics', remoteAddress: randomIp() });
    expect(malformed.statusCode).toBe(400);

    const f = await fixture();
    const viewer = await addMember(t, f.owner.workspaceId, 'viewer');
    const created = await asUser(t.app, viewer.cookie).post('/api/calendar/feed');
    expect(created.statusCode).toBe(201);
    const path = new URL(created.json<CalendarFeedCreated>().url).pathname;
    const { events } = parseIcs((await t.app.inject({ url: path, remoteAddress: randomIp() })).body);
    expect(events).toHaveLength(3);
    await asUser(t.app, f.owner.cookie).delete(`/api/team/members/${viewer.user.id}`);
    expect((await t.app.inject({ url: path, remoteAddress: randomIp() })).statusCode).toBe(404);
  });

  it('limits subscription fetches per address', async () => {
    const f = await fixture();
    const { url } = (
      await asUser(t.app, f.owner.cookie).post('/api/calendar/feed')
    ).json<CalendarFeedCreated>();
    const path = new URL(url).pathname;
    const remoteAddress = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await t.app.inject({ url: path, remoteAddress })).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('gates subscriptions by plan: Starter downloads but gets a 402 naming Professional', async () => {
    const f = await fixture();
    const user = asUser(t.app, f.owner.cookie);
    const { url } = (await user.post('/api/calendar/feed')).json<CalendarFeedCreated>();
    await setWorkspacePlan(t, f.owner.workspaceId, 'starter');

    const refused = await user.post('/api/calendar/feed');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'plan_limit', planNeeded: 'professional' });
    // The dialog learns it before anyone clicks: the same words.
    expect((await user.get('/api/calendar/feed')).json().planRefusal).toBe(refused.json().error.message);
    expect(refused.json().error.message).toMatch(/Upgrade to Professional/);
    // The URL made on the trial stops with the plan (a 402 saying why), and comes back with it.
    const fetched = await t.app.inject({ url: new URL(url).pathname, remoteAddress: randomIp() });
    expect(fetched.statusCode).toBe(402);
    expect((await user.get(`/api/calendar/export.ics?${f.range}`)).statusCode).toBe(200);
    expect((await user.get(`/api/calendar/export.csv?${f.range}`)).statusCode).toBe(200);
  });

  it('needs a session for the downloads and the feed settings', async () => {
    for (const url of ['/api/calendar/export.ics?from=x&to=y', '/api/calendar/feed']) {
      expect((await t.app.inject({ url, remoteAddress: randomIp() })).statusCode).toBe(401);
    }
  });
});
