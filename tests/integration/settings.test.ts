import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailSender } from '../../src/server/integrations/mail/mail-sender';
import { sendWeeklyReports } from '../../src/server/modules/reports/weekly-report.service';
import { insertAnalyticsAccount } from '../factories/analytics';
import { asUser } from '../factories/posts';
import { newWorkspace } from '../factories/publishing';
import { randomIp, signUp } from '../factories/users';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

const defaults = {
  company: '',
  phone: '',
  emailNotifications: true,
  pushNotifications: true,
  marketingEmails: false,
  weeklyReports: true,
  profileVisible: true,
  analyticsTracking: true,
  autoPublish: false,
  defaultTone: 'professional',
  contentLanguage: 'english',
};

const everything = {
  company: 'Glow Candles',
  phone: '+49 30 1234567',
  emailNotifications: false,
  pushNotifications: false,
  marketingEmails: true,
  weeklyReports: false,
  profileVisible: false,
  analyticsTracking: false,
  autoPublish: true,
  defaultTone: 'casual',
  contentLanguage: 'german',
};

/** A mail port that keeps what it is given. */
function capturingMail(): MailSender & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    kind: 'outbox',
    sandbox: true,
    messages,
    async send(message: MailMessage) {
      messages.push(message);
    },
    async deliver() {},
  };
}

describe.each(databaseKinds)('user settings API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it("answers the spec's defaults and the user's profile before anything was saved", async () => {
    const { cookie, email } = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    const response = await asUser(t.app, cookie).get('/api/user/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email, firstName: 'Grace', lastName: 'Hopper', ...defaults });
  });

  it('saves every preference and reads it back', async () => {
    const { cookie, email } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const saved = await api.put('/api/user/settings', { ...everything, company: '  Glow Candles  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ email, firstName: 'Ada', lastName: 'Lovelace', ...everything });
    expect((await api.get('/api/user/settings')).json()).toEqual(saved.json());
  });

  it('changes only the fields sent; the others keep their value', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    // The first save of a user with no row: the rest stay at the defaults.
    expect((await api.put('/api/user/settings', { weeklyReports: false })).json()).toMatchObject({
      ...defaults,
      weeklyReports: false,
    });
    await api.put('/api/user/settings', { company: 'Sol Bistro', marketingEmails: true });
    const reloaded = (await api.get('/api/user/settings')).json();
    expect(reloaded).toMatchObject({
      ...defaults,
      weeklyReports: false,
      company: 'Sol Bistro',
      marketingEmails: true,
    });
  });

  it('refuses unknown keys, wrong types, too long values and an empty body with 400', async () => {
    const { cookie } = await signUp(t.app);
    const api = asUser(t.app, cookie);
    const cases: Array<[unknown, string, string?]> = [
      [{ weeklyReport: false }, 'body'],
      [{ email: 'someone@example.com' }, 'body'],
      [{ weeklyReports: 'no' }, 'body.weeklyReports'],
      [{ emailNotifications: null }, 'body.emailNotifications'],
      [{ defaultTone: 'angry' }, 'body.defaultTone'],
      [{ company: 'x'.repeat(201) }, 'body.company'],
      [{ phone: '1'.repeat(41) }, 'body.phone'],
      [{ contentLanguage: 'x'.repeat(41) }, 'body.contentLanguage'],
      [{}, 'body', 'Nothing to update'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await api.put('/api/user/settings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const [issue] = response.json().error.issues;
      expect(issue.path, JSON.stringify(payload)).toBe(path);
      if (message) expect(issue.message).toBe(message);
    }
    // Nothing of it was saved.
    expect((await api.get('/api/user/settings')).json()).toMatchObject(defaults);
  });

  it('refuses a signed-out caller with 401', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/user/settings',
        remoteAddress: randomIp(),
        ...(method === 'PUT' ? { payload: { weeklyReports: false } } : {}),
      });
      expect(response.statusCode, method).toBe(401);
    }
  });

  it("keeps each user's settings their own", async () => {
    const ada = await signUp(t.app);
    const grace = await signUp(t.app, { firstName: 'Grace' });
    await asUser(t.app, ada.cookie).put('/api/user/settings', everything);
    const graces = (await asUser(t.app, grace.cookie).get('/api/user/settings')).json();
    expect(graces).toEqual({ email: grace.email, firstName: 'Grace', lastName: 'Lovelace', ...defaults });
    await asUser(t.app, grace.cookie).put('/api/user/settings', { company: 'Navy' });
    expect((await asUser(t.app, ada.cookie).get('/api/user/settings')).json()).toMatchObject({
      email: ada.email,
      ...everything,
    });
  });

  it('turning weekly reports off stops the Monday report; on again brings it back', async () => {
    const off = await newWorkspace(t);
    const on = await newWorkspace(t);
    for (const { workspaceId } of [off, on]) {
      await insertAnalyticsAccount(t, workspaceId, { connectedAt: new Date('2026-11-01T00:00:00Z') });
    }
    const run = (mail: MailSender, now: string) => sendWeeklyReports({ ...t.ctx, mail }, new Date(now));
    const to = (mail: { messages: MailMessage[] }, email: string) =>
      mail.messages.filter((message) => message.to === email);

    const saved = await asUser(t.app, off.cookie).put('/api/user/settings', { weeklyReports: false });
    expect(saved.json().weeklyReports).toBe(false);

    // Monday 14 December 2026, 09:00 UTC (neither user chose a zone).
    const mail = capturingMail();
    await run(mail, '2026-12-14T09:00:00Z');
    expect(to(mail, off.email)).toEqual([]);
    expect(to(mail, on.email)).toHaveLength(1);

    await asUser(t.app, off.cookie).put('/api/user/settings', { weeklyReports: true });
    await run(mail, '2026-12-21T09:00:00Z');
    expect(to(mail, off.email)).toHaveLength(1);
  });
});
