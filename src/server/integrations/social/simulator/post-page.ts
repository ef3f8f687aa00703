import { html, renderSandboxPage } from './sandbox-page';

/** The public page of a pretend post: what a published post's link opens. */
export function renderPostPage(input: {
  platformLabel: string;
  logo: string;
  author: { displayName: string; username: string; avatarUrl: string };
  text: string;
  publishedAt: Date;
  stats: Array<{ label: string; value: number }>;
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
<p class="post-text">${input.text}</p>
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

function truncate(text: string, length: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length - 1).join('')}…`;
}
