import { rmSync } from 'node:fs';
import { E2E_CODES_OFF_DATA_DIR, E2E_DATA_DIR } from './env';

const MARK = 'KITEPOST_E2E_DATA_RESET';

/**
 * Deletes the e2e servers' data directories, once per run, before the servers start.
 *
 * Playwright starts `webServer` before it runs `globalSetup`, so a global setup would delete the
 * directory under a running server. playwright.config.ts calls this while the runner loads the
 * config instead. The mark in the environment is inherited by every process Playwright forks
 * (workers load the config too, and the server itself), so only the runner deletes anything.
 */
export function resetE2eDataOnce(): void {
  if (process.env[MARK]) return;
  process.env[MARK] = '1';
  for (const dir of [E2E_DATA_DIR, E2E_CODES_OFF_DATA_DIR]) rmSync(dir, { recursive: true, force: true });
}
