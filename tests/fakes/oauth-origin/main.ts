import { E2E_BASE_URL, E2E_OAUTH_ORIGIN_PORT } from '../../e2e/env';
import { startOAuthOriginServer } from './oauth-origin-server';

/** Started by playwright.config.ts: the platforms' sign-in origin of the end-to-end tests. */
const server = await startOAuthOriginServer({
  port: E2E_OAUTH_ORIGIN_PORT,
  host: '127.0.0.1',
  target: E2E_BASE_URL,
});
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
