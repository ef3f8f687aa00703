import type { FastifyReply } from 'fastify';
import { type Html, html, renderSandboxPage } from './sandbox-page';
import type { SandboxAccount, SandboxPost } from './sandbox-store';

/**
 * A post's images. The app's content security policy lets a page show images of its own origin
 * and https ones: an image on the app (an upload the simulator keeps, or the app's media link) is
 * shown by its path, an https one as it is, any other only linked.
 */
export function renderPostImages(images: ReadonlyArray<string | null>, appUrl: string): Html {
  const shown = images.flatMap((url, index): Html[] => {
    const alt =
      images.length === 1 ? "The post's image" : `The post's image ${index + 1} of ${images.length}`;
    if (!url) return [html`<p class="muted">${alt} (not kept by the sandbox)</p>`];
    const own = url.startsWith(`${appUrl}/`) ? url.slice(appUrl.length) : null;
    const src = own ?? (url.startsWith('https://') ? url : null);
    if (!src) return [html`<p><a href="${url}">${alt}</a></p>`];
    return [html`<img src="${src}" alt="${alt}" loading="lazy">`];
  });
  return shown.length === 0 ? html`` : html`<div class="post-images">${shown}</div>`;
}

/** The public page of a pretend post: what a published post's link opens. */
export function renderPostPage(input: {
  platformLabel: string;
  logo: string;
  author: { displayName: string; username: string; avatarUrl: string };
  text: string;
  /** The images' URLs, in order (null: an image whose bytes the sandbox did not keep). */
  images?: ReadonlyArray<string | null>;
  appUrl?: string;
  publishedAt: Date;
  stats: Array<{ label: string; value: number }>;
  /** Shown above the text (e.g. "Replying to …"). */
  before?: Html;
  /** Shown below the images (e.g. a video, the replies of a thread). */
  after?: Html;
}): string {
  const when = input.publishedAt.toISOString();
  const shown = `${when.slice(0, 10)} ${when.slice(11, 16)} UTC`;
  return renderSandboxPage({
    title: `${input.author.displayName} on ${input.platformLabel} (Sandbox): "${truncate(input.text, 60)}"`,
    platformLabel: input.platformLabel,
    logo: input.logo,
    body: html`<article aria-labelledby="post-author">
<div class="post-author"><img class="avatar" src="${input.author.avatarUrl}" alt="" width="48" height="48">
<div><h1 id="post-author">${input.author.displayName}</h1><p class="muted">@${input.author.username}</p></div></div>
${input.before ?? html``}<p class="post-text">${input.text}</p>
${renderPostImages(input.images ?? [], input.appUrl ?? '')}${input.after ?? html``}
<p class="muted"><time datetime="${when}">${shown}</time></p>
<dl class="stats">${input.stats.map((stat) => html`<div><dt>${stat.label}</dt><dd>${stat.value.toLocaleString('en-US')}</dd></div>`)}</dl>
</article>`,
  });
}

/** The "post not found" page of a pretend platform. */
export function renderMissingPostPage(input: { platformLabel: string; logo: string }): string {
  return renderSandboxPage({
    title: `${input.platformLabel} (Sandbox) — Post not found`,
    platformLabel: input.platformLabel,
    logo: input.logo,
    body: html`<h1>This post doesn't exist</h1><p>It may have been deleted, or the link is wrong.</p>`,
  });
}

/** A post page as sent: the browser checks again before showing it from its cache. */
export const sendPostPage = (reply: FastifyReply, page: string) =>
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);

/** The platform's "post not found" page, with a 404. */
export const sendMissingPostPage = (reply: FastifyReply, platform: { platformLabel: string; logo: string }) =>
  reply.status(404).type('text/html; charset=utf-8').send(renderMissingPostPage(platform));

/** What every post page shows of a published post: its author, text, images and date. */
export function publishedPostOf(
  found: { post: SandboxPost; account: SandboxAccount },
  avatarUrl: string,
  appUrl: string,
) {
  return {
    author: { displayName: found.account.displayName, username: found.account.username, avatarUrl },
    text: found.post.text,
    images: found.post.media.map((item) => item.url),
    appUrl,
    publishedAt: found.post.publishedAt ?? found.post.createdAt,
  };
}

function truncate(text: string, length: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length - 1).join('')}…`;
}
