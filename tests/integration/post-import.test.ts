import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResponse, ImportRowResult } from '../../src/contracts/post-import';
import { posts, queueSchedules, workspaces } from '../../src/server/db/schema';
import { multipartBody, pngImage } from '../factories/media';
import { insertAccount, insertScheduledPost, newWorkspace } from '../factories/publishing';
import { addMember } from '../factories/team';
import { randomIp } from '../factories/users';
import { startWebPages, type WebPages } from '../fakes/web/web-pages';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/*
 * POST /api/posts/import through the real app: the file as a browser's FormData sends it, the
 * rows checked as the composer's posts are, and on an import the passing rows created.
 */

const BERLIN = 'Europe/Berlin';
const HEADER = 'date,time,account,text,hashtags,media url,first comment';

/** A day `days` from today in Berlin, as the sheet writes it. */
const dayIn = (days: number) => DateTime.now().setZone(BERLIN).plus({ days }).toFormat('yyyy-MM-dd');
const berlinIso = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: BERLIN }).toJSDate().toISOString();

describe.each(databaseKinds)('bulk CSV import on %s', (kind) => {
  let t: TestApp;
  let web: WebPages;
  beforeAll(async () => {
    web = await startWebPages('127.0.0.2');
    web.page('/photo.png', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' }).end(pngImage(1080, 1080));
    });
    t = await buildTestApp(kind, {
      OUTBOUND_ALLOWED_PORTS: String(web.port),
      OUTBOUND_ALLOW_PRIVATE: '127.0.0.2/32',
    });
  });
  afterAll(async () => {
    await t.close();
    await web.close();
  });

  const db = () => t.ctx.database.db;

  /** A Professional (trial) workspace with an X and a LinkedIn account. */
  async function workspace() {
    const owner = await newWorkspace(t);
    const x = await insertAccount(t, owner.workspaceId, { platform: 'twitter' });
    const linkedin = await insertAccount(t, owner.workspaceId, { platform: 'linkedin' });
    return { ...owner, x, linkedin };
  }

  function upload(
    cookie: string,
    file: string | Buffer | null,
    fields: Record<string, string> = { dryRun: 'true', timezone: BERLIN },
    fileType = 'text/csv',
  ) {
    const body = multipartBody([
      ...Object.entries(fields).map(([name, data]) => ({ name, data })),
      ...(file === null ? [] : [{ name: 'file', fileName: 'posts.csv', contentType: fileType, data: file }]),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/posts/import',
      headers: { cookie, 'content-type': body.contentType },
      payload: body.payload,
      remoteAddress: randomIp(),
    });
  }

  async function report(cookie: string, csv: string, dryRun = true): Promise<ImportResponse> {
    const response = await upload(cookie, csv, { dryRun: String(dryRun), timezone: BERLIN });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const postsOf = (workspaceId: string) =>
    db().select().from(posts).where(eq(posts.workspaceId, workspaceId));
  const row = (answer: ImportResponse, line: number): ImportRowResult => {
    const found = answer.rows.find((r) => r.line === line);
    if (!found) throw new Error(`no row at line ${line}`);
    return found;
  };

  it('reads quoted fields with commas, line breaks and doubled quotes, after a byte order mark', async () => {
    const w = await workspace();
    const day = dayIn(3);
    const csv = `\uFEFF${HEADER}\r\n${day},09:30,@${w.linkedin.username},"Fresh bread, warm coffee.\nSay ""hello"" to autumn!",#Bakery #Autumn,,"First, a comment"\r\n`;
    const preview = await report(w.cookie, csv);
    expect(preview).toMatchObject({
      created: 0,
      rows: [{ line: 2, ok: true, errors: [], duplicateOf: null }],
    });
    expect(row(preview, 2).scheduledAt).toBe(berlinIso(day, '09:30'));

    const done = await report(w.cookie, csv, false);
    expect(done.created).toBe(1);
    const [created] = await postsOf(w.workspaceId);
    expect(created).toMatchObject({
      content: 'Fresh bread, warm coffee.\nSay "hello" to autumn!',
      hashtags: ['Bakery', 'Autumn'],
      firstComment: 'First, a comment',
      platform: 'linkedin',
      socialAccountId: w.linkedin.id,
      status: 'scheduled',
    });
    expect(created?.scheduledAt?.toISOString()).toBe(berlinIso(day, '09:30'));
    expect(row(done, 2).postId).toBe(created?.id);
  });

  it('says what is wrong with each bad date, time and account, line by line', async () => {
    const w = await workspace();
    const day = dayIn(2);
    const handle = `@${w.x.username}`;
    const csv = [
      HEADER,
      `01/12/2026,09:00,${handle},Slash date,,,`,
      `2026-02-30,09:00,${handle},No such day,,,`,
      `${day},25:00,${handle},No such hour,,,`,
      `${dayIn(-2)},09:00,${handle},In the past,,,`,
      `${day},,${handle},Date without time,,,`,
      `${day},10:00,@nobody_here,Unknown account,,,`,
      `${day},11:00,${handle},${'x'.repeat(281)},,,`,
      `${day},12:00,linkedin,By platform name,,,`,
    ].join('\n');
    const answer = await report(w.cookie, csv);
    const errorOf = (line: number) => row(answer, line).errors.join(' ');
    expect(errorOf(2)).toContain('"01/12/2026" is not a date');
    expect(errorOf(3)).toContain('2026-02-30 is not a day of the calendar');
    expect(errorOf(4)).toContain('"25:00" is not a time');
    expect(errorOf(5)).toContain('has already passed');
    expect(errorOf(6)).toContain('Give a time');
    expect(errorOf(7)).toContain('No connected account is called @nobody_here');
    expect(errorOf(8)).toContain('X (Twitter) allows 280');
    expect(row(answer, 9)).toMatchObject({ ok: true, account: `@${w.linkedin.username} on LinkedIn` });
    expect(answer.rows.filter((r) => r.ok)).toHaveLength(1);
  });

  it('refuses a file of 501 rows, and takes 500', async () => {
    const w = await workspace();
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => `,,@${w.x.username},Post number ${i}`).join('\n');
    const tooMany = await upload(w.cookie, `${HEADER}\n${rows(501)}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(
      'The file has 501 rows; one import takes at most 500. Split it into smaller files.',
    );
    const enough = await upload(w.cookie, `${HEADER}\n${rows(500)}`);
    expect(enough.statusCode).toBe(200);
    expect(enough.json().rows).toHaveLength(500);
  });

  it('marks a duplicate of an existing post and of an earlier row, within 7 days on the same account', async () => {
    const w = await workspace();
    const day = dayIn(4);
    const existing = await insertScheduledPost(t, w.workspaceId, {
      platform: 'twitter',
      socialAccountId: w.x.id,
      content: 'Our  NEW menu is here #food',
      scheduledAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
    });
    const handle = `@${w.x.username}`;
    const csv = [
      HEADER,
      `${day},09:00,${handle},our new menu   is here #Menu #Tasty,,,`,
      `${day},10:00,${handle},Autumn hours start Monday,,,`,
      `${dayIn(6)},10:00,${handle},autumn hours start monday,,,`,
      `${day},10:00,@${w.linkedin.username},Autumn hours start Monday,,,`,
      `${dayIn(20)},10:00,${handle},Autumn hours start Monday,,,`,
    ].join('\n');
    const answer = await report(w.cookie, csv);
    expect(row(answer, 2)).toMatchObject({
      ok: false,
      errors: [],
      duplicateOf: { kind: 'post', postId: existing.id },
    });
    expect(row(answer, 3)).toMatchObject({ ok: true, duplicateOf: null });
    expect(row(answer, 4)).toMatchObject({ ok: false, duplicateOf: { kind: 'line', line: 3 } });
    // Another account, or more than 7 days later: not a duplicate.
    expect(row(answer, 5)).toMatchObject({ ok: true, duplicateOf: null });
    expect(row(answer, 6)).toMatchObject({ ok: true, duplicateOf: null });
  });

  it('takes a cell that starts like a formula as text, and the template guards such cells', async () => {
    const w = await workspace();
    const formula = '=HYPERLINK("http://evil.example","Click")';
    const csv = `${HEADER}\n${dayIn(2)},09:00,'@${w.x.username},"${formula.replaceAll('"', '""')}",,,"+1 more, -2 less"\n`;
    const answer = await report(w.cookie, csv, false);
    expect(answer.rows[0]).toMatchObject({ ok: true, excerpt: formula });
    const [created] = await postsOf(w.workspaceId);
    expect(created).toMatchObject({ content: formula, firstComment: '+1 more, -2 less' });

    const template = await t.app.inject({
      method: 'GET',
      url: '/api/posts/import/template.csv',
      headers: { cookie: w.cookie },
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('text/csv');
    const lines = template.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(HEADER);
    // The account's @username starts with @: a spreadsheet would run it, so it is guarded.
    expect(lines[1]).toContain(`,'@${w.x.username},`);
    expect(lines.join('\n')).not.toMatch(/(^|,)[=+\-@]/m);
  });

  it('creates nothing on a dry run, and on an import only the rows that pass', async () => {
    const w = await workspace();
    const day = dayIn(5);
    const csv = [
      HEADER,
      `${day},09:00,@${w.x.username},Good one,,,`,
      `${day},09:00,@ghost,Bad account,,,`,
      `${day},13:00,@${w.linkedin.username},Good two,#Shop,,`,
    ].join('\n');
    const preview = await report(w.cookie, csv);
    expect(preview.rows.map((r) => r.ok)).toEqual([true, false, true]);
    expect(await postsOf(w.workspaceId)).toHaveLength(0);

    const done = await report(w.cookie, csv, false);
    expect(done.created).toBe(2);
    const created = await postsOf(w.workspaceId);
    expect(created.map((p) => p.content).sort()).toEqual(['Good one', 'Good two']);
    expect(created.every((p) => p.status === 'scheduled')).toBe(true);
    expect(row(done, 3)).toMatchObject({ ok: false, postId: null });
  });

  it('sends a row without a date to its account queue, and refuses it when the account has none', async () => {
    const w = await workspace();
    await db()
      .insert(queueSchedules)
      .values({
        socialAccountId: w.x.id,
        workspaceId: w.workspaceId,
        timeZone: BERLIN,
        slots: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '10:00' })),
      });
    const csv = [
      HEADER,
      `,,@${w.x.username},To the queue first,,,`,
      `,,@${w.x.username},To the queue second,,,`,
      `,,@${w.linkedin.username},No queue here,,,`,
    ].join('\n');
    const answer = await report(w.cookie, csv, false);
    expect(answer.created).toBe(2);
    expect(row(answer, 4).errors[0]).toContain('no posting schedule');
    const queued = (await postsOf(w.workspaceId)).sort(
      (a, b) => (a.queueSlotAt?.getTime() ?? 0) - (b.queueSlotAt?.getTime() ?? 0),
    );
    expect(queued.map((p) => p.content)).toEqual(['To the queue first', 'To the queue second']);
    expect(queued.every((p) => p.status === 'scheduled' && p.queueSlotAt !== null)).toBe(true);
    const [first, second] = queued;
    expect(
      DateTime.fromJSDate(first?.scheduledAt ?? new Date())
        .setZone(BERLIN)
        .toFormat('HH:mm'),
    ).toBe('10:00');
    expect((second?.scheduledAt?.getTime() ?? 0) - (first?.scheduledAt?.getTime() ?? 0)).toBeGreaterThan(0);
  });

  it('fetches a media URL into the media library on import, never on a dry run', async () => {
    const w = await workspace();
    const csv = `${HEADER}\n${dayIn(2)},09:00,@${w.linkedin.username},With a photo,,${web.origin}/photo.png,\n`;
    const before = web.requests.length;
    expect((await report(w.cookie, csv)).rows[0]?.ok).toBe(true);
    expect(web.requests.length).toBe(before);
    const done = await report(w.cookie, csv, false);
    expect(done.created).toBe(1);
    const [created] = await postsOf(w.workspaceId);
    expect(created?.mediaIds).toHaveLength(1);
    const media = await t.app.inject({
      method: 'GET',
      url: `/api/media/${created?.mediaIds[0]}`,
      headers: { cookie: w.cookie },
    });
    expect(media.json()).toMatchObject({ mimeType: 'image/png', width: 1080 });

    const many = Array.from(
      { length: 26 },
      (_, i) =>
        `${dayIn(2)},10:${String(i + 10)},@${w.linkedin.username},Photo ${i},,${web.origin}/photo.png,`,
    );
    const capped = await report(w.cookie, [HEADER, ...many].join('\n'));
    expect(capped.rows.filter((r) => r.ok)).toHaveLength(25);
    expect(row(capped, 27).errors[0]).toContain('One import fetches at most 25 media URLs.');

    const broken = `${HEADER}\n${dayIn(2)},10:00,@${w.linkedin.username},Broken photo,,${web.origin}/missing.png,\n`;
    const failed = await report(w.cookie, broken, false);
    expect(failed).toMatchObject({
      created: 0,
      rows: [{ ok: false, errors: ['The media URL answered with an error.'] }],
    });
  });

  it("holds an editor's imported posts for approval when the workspace requires it; a viewer may not import", async () => {
    const w = await workspace();
    await db().update(workspaces).set({ requireApproval: true }).where(eq(workspaces.id, w.workspaceId));
    const editor = await addMember(t.app, w.cookie, 'editor');
    const viewer = await addMember(t.app, w.cookie, 'viewer');
    const csv = `${HEADER}\n${dayIn(2)},09:00,@${w.x.username},For the approver,,,\n`;
    expect((await report(editor.cookie, csv, false)).created).toBe(1);
    const [held] = await postsOf(w.workspaceId);
    expect(held).toMatchObject({ status: 'pending_approval', submittedByUserId: editor.userId });
    expect((await upload(viewer.cookie, csv)).statusCode).toBe(403);
  });

  it('refuses the import on a plan without it (402 naming the plan needed)', async () => {
    const w = await workspace();
    await db().update(workspaces).set({ plan: 'starter' }).where(eq(workspaces.id, w.workspaceId));
    const response = await upload(w.cookie, `${HEADER}\n,,@${w.x.username},Hello,,,\n`);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({ code: 'plan_limit', planNeeded: 'professional' });
  });

  it('answers 400 for no file, a file that is not CSV, and a missing or unknown time zone', async () => {
    const w = await workspace();
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/posts/import',
      headers: { cookie: w.cookie },
      payload: { dryRun: 'true', timezone: BERLIN },
      remoteAddress: randomIp(),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe('Attach a CSV file in the `file` field.');
    expect((await upload(w.cookie, null)).statusCode).toBe(400);
    const image = await upload(w.cookie, pngImage(10, 10), undefined, 'image/png');
    expect(image.statusCode).toBe(400);
    expect(image.json().error.message).toContain('not a CSV file');
    const disguised = await upload(w.cookie, pngImage(10, 10));
    expect(disguised.json().error.message).toContain('not a CSV file');
    const noZone = await upload(w.cookie, `${HEADER}\n`, { dryRun: 'true' });
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json().error.code).toBe('validation_failed');
    const badZone = await upload(w.cookie, `${HEADER}\n`, { dryRun: 'true', timezone: 'Mars/Olympus' });
    expect(badZone.json().error.issues[0]).toMatchObject({ path: 'body.timezone' });
    const noHeader = await upload(w.cookie, 'when,what\n2026-01-01,hi\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error.message).toContain('Unknown columns "when", "what"');
  });
});
