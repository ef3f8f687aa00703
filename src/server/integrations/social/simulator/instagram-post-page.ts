import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InstagramSimulatorOptions } from './instagram-oauth-simulator';
import { IG_BASE_PATH, IG_LABEL, IG_LOGO, mediaIdOf } from './instagram-shapes';
import { renderPostImages, sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { postMetricsOf } from './sandbox-metrics';
import { html, MEMBER_PAGE, pageViewer, renderSandboxPage } from './sandbox-page';
import { findPublishedPosts } from './sandbox-posts';
import { HIDDEN } from './simulator-routes';

/** The pretend Instagram's public pages: a post's permalink (`/p/{shortcode}/`), and avatars. */
export function registerInstagramPublicPages(app: FastifyInstance, options: InstagramSimulatorOptions) {
  const { db, appUrl } = options;

  const postPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { shortcode } = request.params as { shortcode: string };
    const mediaId = mediaIdOf(shortcode);
    const viewer = pageViewer(request);
    const [found] = viewer && mediaId ? await findPublishedPosts(db, 'instagram', [mediaId], viewer) : [];
    if (!found) {
      return sendMissingPostPage(reply, { platformLabel: IG_LABEL, logo: IG_LOGO });
    }
    const metrics = postMetricsOf(found.post, found.account, Date.now());
    const page = renderInstagramPostPage({
      author: {
        displayName: found.account.displayName,
        username: found.account.username,
        avatarUrl: `${IG_BASE_PATH}/avatars/${found.account.externalId}.svg`,
      },
      caption: found.post.text,
      imageUrl: found.post.media[0]?.url ?? null,
      appUrl,
      publishedAt: found.post.publishedAt ?? found.post.createdAt,
      stats: [
        { label: 'Views', value: metrics.impressions },
        { label: 'Likes', value: metrics.likes },
        { label: 'Comments', value: metrics.replies },
        { label: 'Shares', value: metrics.reposts },
        { label: 'Saves', value: metrics.bookmarks },
      ],
    });
    return sendPostPage(reply, page);
  };
  app.get(`${IG_BASE_PATH}/p/:shortcode/`, { config: MEMBER_PAGE, schema: HIDDEN }, postPage);
  app.get(`${IG_BASE_PATH}/p/:shortcode`, { config: MEMBER_PAGE, schema: HIDDEN }, postPage);

  registerSandboxAvatarRoute(app, db, {
    platform: 'instagram',
    basePath: IG_BASE_PATH,
    externalId: /\d{1,20}/,
  });
}

/**
 * The public page of a pretend Instagram post: its image (shown when it is on the app or https, as
 * the app's content security policy allows; linked otherwise), caption, date and counts.
 */
export function renderInstagramPostPage(input: {
  author: { displayName: string; username: string; avatarUrl: string };
  caption: string;
  imageUrl: string | null;
  appUrl: string;
  publishedAt: Date;
  stats: Array<{ label: string; value: number }>;
}): string {
  const when = input.publishedAt.toISOString();
  const shown = `${when.slice(0, 10)} ${when.slice(11, 16)} UTC`;
  const image = input.imageUrl ? renderPostImages([input.imageUrl], input.appUrl) : '';
  const caption = Array.from(input.caption.replace(/\s+/g, ' ').trim());
  const short = caption.length <= 60 ? caption.join('') : `${caption.slice(0, 59).join('')}…`;
  return renderSandboxPage({
    title: `${input.author.displayName} on Instagram (Sandbox): "${short}"`,
    platformLabel: 'Instagram',
    logo: 'IG',
    body: html`<article aria-labelledby="post-author">
<div class="post-author"><img class="avatar" src="${input.author.avatarUrl}" alt="" width="48" height="48">
<div><h1 id="post-author">${input.author.displayName}</h1><p class="muted">@${input.author.username}</p></div></div>
${image}
<p class="post-text">${input.caption}</p>
<p class="muted"><time datetime="${when}">${shown}</time></p>
<dl class="stats">${input.stats.map((stat) => html`<div><dt>${stat.label}</dt><dd>${stat.value.toLocaleString('en-US')}</dd></div>`)}</dl>
</article>`,
  });
}
