import { rmSync } from 'node:fs';
import { E2E_DATA_DIR } from './env';

const MARK = 'KITEPOST_E2E_DATA_RESET';

/**
 * Deletes the e2e server's data directory, once per run, before the server starts.
 *
 * Playwright starts `webServer` before it runs `globalSetup`, so a global setup would delete the
 * directory under a running server. playwright.config.ts calls this while the runner loads the
 * config instead. The mark in the environment is inherited by every process Playwright forks
 * (workers load the config too, and the server itself), so only the runner deletes anything.
 */
export function resetE2eDataOnce(): void {
  if (process.env[MARK]) return;
  process.env[MARK] = '1';
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}
