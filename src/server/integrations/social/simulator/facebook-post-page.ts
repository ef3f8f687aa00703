import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reactionsOf } from './facebook-insights-simulator';
import type { FacebookSimulatorOptions } from './facebook-oauth-simulator';
import { FACEBOOK_BASE_PATH, FACEBOOK_LABEL, FACEBOOK_LOGO } from './facebook-shapes';
import { findPagePost } from './facebook-store';
import { publishedPostOf, renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { postMetricsOf } from './sandbox-metrics';
import { MEMBER_PAGE, pageViewer } from './sandbox-page';
import { HIDDEN } from './simulator-routes';

/** The pretend Facebook's public pages: a Page post's permalink and id link, and avatars. */
export function registerFacebookPublicPages(app: FastifyInstance, options: FacebookSimulatorOptions) {
  const { db, appUrl } = options;

  // Public pages: a post's permalink (/{page-id}/posts/pfbid{post}), its id link
  // (facebook.com/{page-id}_{post-id}, which Facebook redirects to the permalink) and avatars.
  app.get(
    `${FACEBOOK_BASE_PATH}/:pageId/posts/:postRef`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const { pageId, postRef } = request.params as { pageId: string; postRef: string };
      return showPost(request, reply, `${pageId}_${postRef.replace(/^pfbid/, '')}`);
    },
  );
  app.get(`${FACEBOOK_BASE_PATH}/:id`, { config: MEMBER_PAGE, schema: HIDDEN }, async (request, reply) => {
    const { id } = request.params as { id: string };
    return showPost(request, reply, id);
  });

  async function showPost(request: FastifyRequest, reply: FastifyReply, id: string) {
    const viewer = pageViewer(request);
    const found = viewer ? await findPagePost(db, id, viewer) : undefined;
    if (!found) {
      return sendMissingPostPage(reply, { platformLabel: FACEBOOK_LABEL, logo: FACEBOOK_LOGO });
    }
    const metrics = postMetricsOf(found.post, found.account, Date.now());
    const reactions = reactionsOf(metrics);
    const page = renderPostPage({
      platformLabel: FACEBOOK_LABEL,
      logo: FACEBOOK_LOGO,
      ...publishedPostOf(found, `${FACEBOOK_BASE_PATH}/avatars/${found.account.externalId}.svg`, appUrl),
      stats: [
        { label: 'Views', value: metrics.impressions },
        { label: 'Reactions', value: Object.values(reactions).reduce((sum, value) => sum + value, 0) },
        { label: 'Clicks', value: metrics.clicks },
      ],
    });
    return sendPostPage(reply, page);
  }

  registerSandboxAvatarRoute(app, db, {
    platform: 'facebook',
    basePath: FACEBOOK_BASE_PATH,
    externalId: /\d{1,20}/,
  });
}
