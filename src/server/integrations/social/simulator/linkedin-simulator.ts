import type { FastifyInstance } from 'fastify';
import { registerLinkedInAnalyticsSimulator } from './linkedin-analytics-simulator';
import { registerLinkedInCommentsSimulator } from './linkedin-comments-simulator';
import { registerLinkedInDocumentSimulator } from './linkedin-document-simulator';
import { registerLinkedInMediaSimulator } from './linkedin-media-simulator';
import {
  type LinkedInSimulatorOptions,
  linkedInNameFor,
  registerLinkedInOAuthSimulator,
} from './linkedin-oauth-simulator';
import { LINKEDIN_BASE_PATH } from './linkedin-shapes';
import { memberSite } from './linkedin-site';
import { linkedInApiRouteFor, registerLinkedInSiteRoutes } from './linkedin-site-routes';
import { registerLinkedInVideoSimulator } from './linkedin-video-simulator';
import { HIDDEN, PUBLIC } from './simulator-routes';

/*
 * The pretend LinkedIn (platforms.md, LinkedIn): OAuth, OpenID Connect userinfo, the Images API
 * (linkedin-media-simulator.ts), the Posts API (create as the member with 0..n images, its media
 * checked by linkedin-post-media.ts; find by author, delete; linkedin-site-routes.ts), member post
 * analytics (linkedin-analytics-simulator.ts), and a public page per post. LinkedIn has no member
 * follower count for us (platforms.md): none is served. Served under /sandbox/linkedin; the real
 * LinkedIn adapter is pointed at it by its URLs.
 */

export type { LinkedInSimulatorOptions } from './linkedin-oauth-simulator';

const API = `${LINKEDIN_BASE_PATH}/api`;

export function registerLinkedInSimulator(app: FastifyInstance, options: LinkedInSimulatorOptions) {
  const { appUrl } = options;
  registerLinkedInOAuthSimulator(app, options);
  const apiRoute = linkedInApiRouteFor(options, memberSite);
  registerLinkedInMediaSimulator(app, options, apiRoute);
  registerLinkedInVideoSimulator(app, options, apiRoute);
  registerLinkedInDocumentSimulator(app, options, apiRoute);
  registerLinkedInCommentsSimulator(app, options, apiRoute);
  registerLinkedInAnalyticsSimulator(app, options, apiRoute);
  registerLinkedInSiteRoutes(app, options, memberSite, apiRoute);

  app.get(
    `${API}/v2/userinfo`,
    { config: PUBLIC, schema: HIDDEN },
    apiRoute(
      { anyScope: ['openid'], resource: 'userinfo.GET.NO_VERSION', versioned: false, kind: 'read' },
      async (_request, { account, scopes }) => {
        const name = linkedInNameFor(account.username);
        const body: Record<string, unknown> = { sub: account.externalId };
        if (scopes.includes('profile')) {
          Object.assign(body, {
            name: account.displayName,
            given_name: name.given,
            family_name: name.family,
            picture: `${appUrl}${LINKEDIN_BASE_PATH}/avatars/${account.externalId}.svg`,
            locale: { country: 'US', language: 'en' },
          });
        }
        if (scopes.includes('email')) {
          Object.assign(body, { email: `${account.username}@sandbox.linkedin.test`, email_verified: true });
        }
        return { status: 200, body };
      },
    ),
  );
}
