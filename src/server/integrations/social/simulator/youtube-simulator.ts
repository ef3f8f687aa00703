import type { FastifyInstance } from 'fastify';
import { registerGoogleOAuthSimulator } from './google-oauth-simulator';
import type { SimulatorContext } from './simulator-context';
import { YT_BASE_PATH, YT_LABEL, YT_LOGO, YT_SCOPES } from './youtube-shapes';

/**
 * The pretend YouTube (YouTube Data API v3, issue 28): Google's sign-in (google-oauth-simulator.ts)
 * under /sandbox/youtube; the Data API under /sandbox/youtube/api.
 */
export function registerYouTubeSimulator(sandbox: FastifyInstance, shared: SimulatorContext) {
  registerGoogleOAuthSimulator(sandbox, shared, {
    platform: 'youtube',
    label: YT_LABEL,
    logo: YT_LOGO,
    basePath: YT_BASE_PATH,
    scopes: YT_SCOPES,
  });
}
