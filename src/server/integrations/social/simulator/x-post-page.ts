import type { FastifyInstance } from 'fastify';
import { publishedPostOf, renderPostPage, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { postMetricsOf } from './sandbox-metrics';
import { html, MEMBER_PAGE, pageViewer } from './sandbox-page';
import { findPublishedPosts } from './sandbox-posts';
import type { SandboxPost } from './sandbox-store';
import { HIDDEN } from './simulator-routes';
import type { XSimulatorOptions } from './x-oauth-simulator';
import { X_BASE_PATH, X_LABEL, X_LOGO } from './x-shapes';
import { findXReplies, xAttachedMedia, xReplyTarget } from './x-threads';

/** The pretend X's public pages: a post's link (with its replies), its id-only link, and avatars. */
export function registerXPublicPages(app: FastifyInstance, options: XSimulatorOptions) {
  const { db, appUrl } = options;
  const postPath = (username: string, id: string) => `${X_BASE_PATH}/${username}/status/${id}`;

  // Public pages: a post's link, the id-only link X also accepts, and avatars.
  app.get(
    `${X_BASE_PATH}/:username/status/:id`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const { username, id } = request.params as { username: string; id: string };
      const viewer = pageViewer(request);
      const [found] =
        viewer && /^\d{1,19}$/.test(id) ? await findPublishedPosts(db, 'twitter', [id], viewer) : [];
      if (!found) {
        return sendMissingPostPage(reply, { platformLabel: X_LABEL, logo: X_LOGO });
      }
      if (found.account.username.toLowerCase() !== username.toLowerCase()) {
        return reply.redirect(postPath(found.account.username, id), 301);
      }
      const metrics = postMetricsOf(found.post, found.account, Date.now());
      const attached = xAttachedMedia(found.post);
      const parent = xReplyTarget(found.post);
      const replies = await findXReplies(db, found.post.externalId);
      const page = renderPostPage({
        platformLabel: X_LABEL,
        logo: X_LOGO,
        ...publishedPostOf(found, `${X_BASE_PATH}/avatars/${found.account.externalId}.svg`, appUrl),
        images: attached.filter((item) => item.kind !== 'video').map((item) => item.url),
        before: parent
          ? html`<p class="muted">Replying to <a href="${X_BASE_PATH}/i/web/status/${parent}">an earlier post</a></p>`
          : undefined,
        after: html`${attached.filter((item) => item.kind === 'video').map((item) => renderVideoNote(item))}${
          replies.length > 0
            ? html`<section aria-label="Replies"><h2>Replies</h2><ol>${replies.map(
                (reply) =>
                  html`<li><a href="${X_BASE_PATH}/i/web/status/${reply.externalId}">${reply.text || '(media only)'}</a></li>`,
              )}</ol></section>`
            : html``
        }`,
        stats: [
          { label: 'Views', value: metrics.impressions },
          { label: 'Reposts', value: metrics.reposts },
          { label: 'Quotes', value: metrics.quotes },
          { label: 'Likes', value: metrics.likes },
          { label: 'Bookmarks', value: metrics.bookmarks },
          { label: 'Replies', value: metrics.replies },
        ],
      });
      return sendPostPage(reply, page);
    },
  );

  app.get(
    `${X_BASE_PATH}/i/web/status/:id`,
    { config: MEMBER_PAGE, schema: HIDDEN },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const viewer = pageViewer(request);
      const [found] =
        viewer && /^\d{1,19}$/.test(id) ? await findPublishedPosts(db, 'twitter', [id], viewer) : [];
      if (!found) {
        return sendMissingPostPage(reply, { platformLabel: X_LABEL, logo: X_LOGO });
      }
      return reply.redirect(postPath(found.account.username, id), 302);
    },
  );

  registerSandboxAvatarRoute(app, db, { platform: 'twitter', basePath: X_BASE_PATH, externalId: /\d{1,19}/ });
}

/** A video on the post page: the sandbox keeps no video bytes, so its facts stand in for a player. */
function renderVideoNote(item: SandboxPost['media'][number]) {
  const facts = item as { durationMs?: number; width?: number; height?: number };
  const seconds =
    facts.durationMs !== undefined ? `${(facts.durationMs / 1000).toFixed(1)} s` : 'length unknown';
  const size = facts.width && facts.height ? `, ${facts.width}×${facts.height}` : '';
  return html`<p class="post-video">▶ Video (${seconds}${size}; the sandbox shows no player)</p>`;
}
