import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startSmtpFake } from './tests/fakes/smtp/smtp-fake';

const port = 40000 + Math.floor(Math.random() * 9000);
const base = `http://127.0.0.1:${port}`;
const code = 'shot-admin-code-123456';
const out = process.argv[2] ?? '/tmp/i21e';
const smtp = await startSmtpFake();
const server = spawn('node', ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: base,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'i21e-')),
    ADMIN_ACCESS_CODE: code,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    JOBS_POLL_SECONDS: '1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
console.log('server pid', server.pid);
try {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${base}/api/health/live`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const headers = { origin: base };
  const signup = await page.request.post(`${base}/api/auth/signup`, {
    headers,
    data: { email: `grace-${Date.now()}@example.com`, password: 'correct horse battery', firstName: 'Grace', lastName: 'Hopper' },
  });
  console.log('signup', signup.status());
  const invite = async (email: string) => {
    const r = await page.request.post(`${base}/api/team/invitations`, { headers, data: { email, role: 'editor' } });
    console.log('invite', email, r.status(), (await r.json()).emailStatus);
  };
  await invite('sam.rivera@example.com');
  await invite('lin.chen@example.com');
  await new Promise((r) => setTimeout(r, 4000));
  await smtp.close();
  await invite('offline.reader@example.com');
  await new Promise((r) => setTimeout(r, 5000));
  const admin = await page.request.post(`${base}/api/admin/access`, { headers, data: { accessCode: code } });
  console.log('admin', admin.status());

  // The invite dialog's answer, with SMTP: queued.
  await page.goto(`${base}/team`);
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Email').fill('new.person@example.com');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('dialog').getByText('Copy link').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/invite-queued-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/invite-queued-375.png` });
  await page.keyboard.press('Escape');

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 1400 : 1100 });
    await page.goto(`${base}/admin`);
    await page.getByRole('tab', { name: 'Outbox' }).click();
    const region = page.getByRole('region', { name: 'Outbox' });
    await region.getByText('Show message').first().waitFor();
    await region.getByText('Show message').nth(1).click();
    await page.waitForTimeout(300);
    await region.screenshot({ path: `${out}/outbox-${width}.png` });
    await page.screenshot({ path: `${out}/admin-tabs-${width}.png` });
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
