import type { FastifyInstance } from 'fastify';
import { MASTODON_BASE_PATH, MASTODON_LABEL, MASTODON_LOGO } from './mastodon-shapes';
import { statusFactsOf, statusImages } from './mastodon-status-shapes';
import { publishedPostOf, renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { postMetricsOf } from './sandbox-metrics';
import { html, MEMBER_PAGE, pageViewer } from './sandbox-page';
import { findPublishedPosts } from './sandbox-posts';
import type { SimulatorContext } from './simulator-context';
import { HIDDEN } from './simulator-routes';

/** The pretend Mastodon's public pages: a status's link (`/@username/id` on its server) and avatars. */
export function registerMastodonPages(app: FastifyInstance, options: SimulatorContext) {
  const { db, appUrl } = options;
  registerSandboxAvatarRoute(app, db, {
    platform: 'mastodon',
    basePath: MASTODON_BASE_PATH,
    externalId: /\d{1,20}/,
  });

  app.get(
    `${MASTODON_BASE_PATH}/:host/@:username/:id`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const { host, username, id } = request.params as { host: string; username: string; id: string };
      const viewer = pageViewer(request);
      const [found] =
        viewer && /^\d{1,20}$/.test(id) ? await findPublishedPosts(db, 'mastodon', [id], viewer) : [];
      const facts = found ? statusFactsOf(found.post) : null;
      if (
        !found ||
        !facts ||
        facts.host !== host ||
        found.account.username.toLowerCase() !== username.toLowerCase()
      ) {
        return sendMissingPostPage(reply, { platformLabel: MASTODON_LABEL, logo: MASTODON_LOGO });
      }
      const metrics = postMetricsOf(found.post, found.account, Date.now());
      const page = renderPostPage({
        platformLabel: `${MASTODON_LABEL} · ${host}`,
        logo: MASTODON_LOGO,
        ...publishedPostOf(found, `${MASTODON_BASE_PATH}/avatars/${found.account.externalId}.svg`, appUrl),
        images: statusImages(found.post).map((item) => item.url),
        before: html`${facts.spoilerText ? html`<p><strong>Content warning:</strong> ${facts.spoilerText}</p>` : html``}${
          facts.inReplyToId ? html`<p class="muted">Replying to an earlier post</p>` : html``
        }<p class="muted">Visibility: ${facts.visibility}</p>`,
        stats: [
          { label: 'Replies', value: metrics.replies },
          { label: 'Boosts', value: metrics.reposts },
          { label: 'Favourites', value: metrics.likes },
        ],
      });
      return sendPostPage(reply, page);
    },
  );
}
