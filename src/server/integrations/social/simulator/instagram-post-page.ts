import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InstagramSimulatorOptions } from './instagram-oauth-simulator';
import { IG_BASE_PATH, IG_LABEL, IG_LOGO } from './instagram-shapes';
import { entriesOf, type InstagramMediaEntry } from './instagram-store';
import { mediaIdOf, shortcodeOf } from './meta-graph-shapes';
import { sendMissingPostPage, sendPostPage } from './post-page';
import { registerSandboxAvatarRoute } from './sandbox-avatars';
import { postMetricsOf } from './sandbox-metrics';
import { type Html, html, MEMBER_PAGE, pageViewer, renderSandboxPage } from './sandbox-page';
import { findPublishedPosts } from './sandbox-posts';
import type { SandboxAccount, SandboxPost } from './sandbox-store';
import { HIDDEN } from './simulator-routes';

/**
 * A published media's `media_type` and `media_product_type` (IG Media reference): a Reel is a
 * VIDEO of product REELS, a story an IMAGE or VIDEO of product STORY, a carousel a
 * CAROUSEL_ALBUM; rows made before issue 24 are feed images.
 */
export function mediaTypesOf(head: InstagramMediaEntry | undefined): {
  media_type: string;
  media_product_type: string;
} {
  switch (head?.igType) {
    case 'REELS':
      return { media_type: 'VIDEO', media_product_type: 'REELS' };
    case 'STORIES':
      return { media_type: head.kind === 'video' ? 'VIDEO' : 'IMAGE', media_product_type: 'STORY' };
    case 'CAROUSEL':
      return { media_type: 'CAROUSEL_ALBUM', media_product_type: 'FEED' };
    default:
      return { media_type: 'IMAGE', media_product_type: 'FEED' };
  }
}

/** Where a published media lives: `/p/{shortcode}/`, `/reel/{shortcode}/`, `/stories/{user}/{id}/`. */
export function permalinkPath(post: SandboxPost, account: SandboxAccount): string {
  const head = entriesOf(post)[0];
  if (head?.igType === 'STORIES') return `/stories/${account.username}/${post.externalId}/`;
  if (head?.igType === 'REELS') return `/reel/${shortcodeOf(post.externalId)}/`;
  return `/p/${shortcodeOf(post.externalId)}/`;
}

/** The pretend Instagram's public pages: a post's permalink (`/p/{shortcode}/`), and avatars. */
export function registerInstagramPublicPages(app: FastifyInstance, options: InstagramSimulatorOptions) {
  const { db, appUrl } = options;

  const postPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { shortcode, id } = request.params as { shortcode?: string; id?: string };
    const mediaId = id && /^\d{1,20}$/.test(id) ? id : shortcode ? mediaIdOf(shortcode) : null;
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
      media: entriesOf(found.post),
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
  app.get(`${IG_BASE_PATH}/reel/:shortcode/`, { config: MEMBER_PAGE, schema: HIDDEN }, postPage);
  app.get(`${IG_BASE_PATH}/stories/:username/:id/`, { config: MEMBER_PAGE, schema: HIDDEN }, postPage);

  registerSandboxAvatarRoute(app, db, {
    platform: 'instagram',
    basePath: IG_BASE_PATH,
    externalId: /\d{1,20}/,
  });
}

/** The shared sheet styles images only (sandbox-page.ts); a video fits the card the same way. */
const VIDEO_STYLE = 'width:100%;max-height:32rem;border-radius:12px;background:#000';

/** A video: played when it is on the app (the content security policy's media-src), else linked. */
function renderVideo(url: string | null, appUrl: string, label: string, poster?: string): Html {
  if (!url) return html`<p class="muted">${label} (not kept by the sandbox)</p>`;
  const own = url.startsWith(`${appUrl}/`) ? url.slice(appUrl.length) : null;
  if (!own) return html`<p><a href="${url}">${label}</a></p>`;
  const posterOwn = poster?.startsWith(`${appUrl}/`) ? poster.slice(appUrl.length) : undefined;
  return posterOwn
    ? html`<video controls preload="metadata" src="${own}" poster="${posterOwn}" aria-label="${label}" style="${VIDEO_STYLE}"></video>`
    : html`<video controls preload="metadata" src="${own}" aria-label="${label}" style="${VIDEO_STYLE}"></video>`;
}

/** An image with the user's alt text (what Instagram shows screen readers), else what it is. */
function renderImage(item: InstagramMediaEntry, appUrl: string, label: string): Html {
  const alt = item.altText ?? label;
  if (!item.url) return html`<p class="muted">${label} (not kept by the sandbox)</p>`;
  const own = item.url.startsWith(`${appUrl}/`) ? item.url.slice(appUrl.length) : null;
  const src = own ?? (item.url.startsWith('https://') ? item.url : null);
  if (!src) return html`<p><a href="${item.url}">${label}</a></p>`;
  return html`<img src="${src}" alt="${alt}" loading="lazy">`;
}

/** What the post is, said above its media: "Reel", "Story", "Carousel · 3 items". */
function kindLabel(media: InstagramMediaEntry[]): string | null {
  const [head, ...rest] = media;
  if (head?.igType === 'REELS') return head.shareToFeed === false ? 'Reel (Reels tab only)' : 'Reel';
  if (head?.igType === 'STORIES') return 'Story (disappears after 24 hours)';
  if (head?.igType === 'CAROUSEL') {
    const items = rest.filter((entry) => entry.kind !== 'comment').length;
    return `Carousel · ${items} items`;
  }
  return null;
}

function renderMedia(media: InstagramMediaEntry[], appUrl: string): Html {
  const [head, ...rest] = media;
  if (!head) return html``;
  const items = head.kind === 'carousel' ? rest.filter((entry) => entry.kind !== 'comment') : [head];
  const shown = items.map((item, index) => {
    const label = items.length === 1 ? "The post's video" : `Item ${index + 1} of ${items.length} (video)`;
    if (item.kind === 'video') return renderVideo(item.url, appUrl, label, item.coverUrl);
    return renderImage(
      item,
      appUrl,
      items.length === 1 ? "The post's image" : `Item ${index + 1} of ${items.length}`,
    );
  });
  return html`<div class="post-images">${shown}</div>`;
}

/**
 * The public page of a pretend Instagram post: what it is (Reel, Story, carousel and its count),
 * its images and videos (shown when they are on the app or https, as the app's content security
 * policy allows; linked otherwise), caption, date, counts and the comments made through the API.
 */
export function renderInstagramPostPage(input: {
  author: { displayName: string; username: string; avatarUrl: string };
  caption: string;
  media: InstagramMediaEntry[];
  appUrl: string;
  publishedAt: Date;
  stats: Array<{ label: string; value: number }>;
}): string {
  const when = input.publishedAt.toISOString();
  const shown = `${when.slice(0, 10)} ${when.slice(11, 16)} UTC`;
  const caption = Array.from(input.caption.replace(/\s+/g, ' ').trim());
  const short = caption.length <= 60 ? caption.join('') : `${caption.slice(0, 59).join('')}…`;
  const kind = kindLabel(input.media);
  const comments = input.media.filter((entry) => entry.kind === 'comment');
  return renderSandboxPage({
    title: `${input.author.displayName} on Instagram (Sandbox): "${short}"`,
    platformLabel: 'Instagram',
    logo: 'IG',
    body: html`<article aria-labelledby="post-author">
<div class="post-author"><img class="avatar" src="${input.author.avatarUrl}" alt="" width="48" height="48">
<div><h1 id="post-author">${input.author.displayName}</h1><p class="muted">@${input.author.username}</p></div></div>
${kind ? html`<p class="muted">${kind}</p>` : html``}
${renderMedia(input.media, input.appUrl)}
<p class="post-text">${input.caption}</p>
<p class="muted"><time datetime="${when}">${shown}</time></p>
<dl class="stats">${input.stats.map((stat) => html`<div><dt>${stat.label}</dt><dd>${stat.value.toLocaleString('en-US')}</dd></div>`)}</dl>
${comments.length > 0 ? html`<section aria-label="Comments"><h2 style="font-size:1rem;margin:1rem 0 .25rem">Comments</h2>${comments.map((comment) => html`<p class="post-text"><strong>@${input.author.username}</strong> ${comment.text ?? ''}</p>`)}</section>` : html``}
</article>`,
  });
}
