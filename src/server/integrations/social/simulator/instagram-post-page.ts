import { renderPostImages } from './post-page';
import { html, renderSandboxPage } from './sandbox-page';

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
