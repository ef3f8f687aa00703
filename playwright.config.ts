import { defineConfig, devices } from '@playwright/test';
import {
  E2E_ADMIN_ACCESS_CODE,
  E2E_BASE_URL,
  E2E_CODES_OFF_DATA_DIR,
  E2E_CODES_OFF_PORT,
  E2E_CODES_OFF_URL,
  E2E_DATA_DIR,
  E2E_MAIL_SINK_URL,
  E2E_OAUTH_ORIGIN_URL,
  E2E_PORT,
  E2E_SMTP_URL,
} from './tests/e2e/env';
import { resetE2eDataOnce } from './tests/e2e/reset-data';

// A fresh data directory for every run (see reset-data.ts for why this is not a globalSetup).
resetE2eDataOnce();

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-gpu',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: [
    {
      command: 'node dist/server/main.js',
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        APP_URL: E2E_BASE_URL,
        DATA_DIR: E2E_DATA_DIR,
        ADMIN_ACCESS_CODE: E2E_ADMIN_ACCESS_CODE,
        NODE_ENV: 'test',
        // Tests give each page its own X-Forwarded-For (tests/e2e/fixtures.ts).
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        // The platforms' consent pages on another origin, as real ones are (decision 040).
        SANDBOX_AUTHORIZE_ORIGIN: E2E_OAUTH_ORIGIN_URL,
        // Webhooks to a receiver the spec runs on 127.0.0.1 (tests/e2e/webhooks.spec.ts).
        WEBHOOKS_ALLOW_PRIVATE: 'true',
      },
    },
    {
      // That other origin: forwards to the app above (tests/fakes/oauth-origin).
      command: 'npx tsx tests/fakes/oauth-origin/main.ts',
      url: `${E2E_OAUTH_ORIGIN_URL}/__fake/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // A real SMTP server and a way to read what it received (tests/fakes/smtp/mail-sink.ts).
      command: 'npx tsx tests/fakes/smtp/main.ts',
      url: `${E2E_MAIL_SINK_URL}/__fake/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The same app with access codes off (tests/e2e/access-code.spec.ts), sending its email over
      // SMTP to the mail sink above (tests/e2e/account-recovery.spec.ts).
      command: 'node dist/server/main.js',
      url: `${E2E_CODES_OFF_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_CODES_OFF_PORT),
        HOST: '127.0.0.1',
        APP_URL: E2E_CODES_OFF_URL,
        DATA_DIR: E2E_CODES_OFF_DATA_DIR,
        ADMIN_ACCESS_CODE: E2E_ADMIN_ACCESS_CODE,
        ACCESS_CODES: 'off',
        SMTP_URL: E2E_SMTP_URL,
        NODE_ENV: 'test',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
