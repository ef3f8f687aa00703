import type { SandboxPost } from './sandbox-store';

/*
 * How the pretend Mastodon keeps a status in `sandbox_posts` (no migration for it): its images are
 * media items of kind 'image' (with their alt text), and one more item of kind 'mastodon_status'
 * (url null, so nothing treats it as a file) holds its server, visibility, content warning and the
 * status it answers. And how a status's text is shown: Mastodon's HTML.
 */

const STATUS_KIND = 'mastodon_status';

export interface StatusFacts {
  host: string;
  visibility: string;
  spoilerText: string;
  inReplyToId: string | null;
}

type MediaItem = SandboxPost['media'][number] & {
  description?: string | null;
  width?: number;
  height?: number;
};

export const statusMarker = (facts: StatusFacts): SandboxPost['media'][number] =>
  ({ id: facts.host, url: null, kind: STATUS_KIND, ...facts }) as SandboxPost['media'][number];

export function statusFactsOf(post: Pick<SandboxPost, 'media'>): StatusFacts | null {
  const marker = post.media.find((item) => item.kind === STATUS_KIND) as
    | (MediaItem & Partial<StatusFacts>)
    | undefined;
  if (!marker?.host) return null;
  return {
    host: marker.host,
    visibility: marker.visibility ?? 'public',
    spoilerText: marker.spoilerText ?? '',
    inReplyToId: marker.inReplyToId ?? null,
  };
}

export const statusImages = (post: Pick<SandboxPost, 'media'>): MediaItem[] =>
  post.media.filter((item) => item.kind === 'image') as MediaItem[];

/** A MediaAttachment entity (docs.joinmastodon.org/entities/MediaAttachment) of an image. */
export function mediaEntity(item: MediaItem) {
  return {
    id: item.id,
    type: 'image',
    url: item.url,
    preview_url: item.url,
    remote_url: null,
    preview_remote_url: null,
    text_url: null,
    meta: item.width && item.height ? { original: { width: item.width, height: item.height } } : {},
    description: item.description ?? null,
    blurhash: null,
  };
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A link as Mastodon's TextFormatter shows it: the scheme hidden, a long middle cut with an ellipsis. */
function linkHtml(url: string): string {
  const [, scheme = '', rest = url] = /^(https?:\/\/(?:www\.)?)(.*)$/.exec(url) ?? [];
  const shown = rest.slice(0, 30);
  const hidden = rest.slice(30);
  return `<a href="${escapeHtml(url)}" target="_blank" rel="nofollow noopener noreferrer" translate="no"><span class="invisible">${escapeHtml(scheme)}</span><span class="${hidden ? 'ellipsis' : ''}">${escapeHtml(shown)}</span><span class="invisible">${escapeHtml(hidden)}</span></a>`;
}

const TOKEN =
  /(https?:\/\/[^\s<]+[^\s<.,:;"')\]!?])|(^|[^\w/])#([\p{L}\p{N}_]+)|(^|[^\w/])@(\w+)(?:@([\w.-]+\w))?/gu;

/** Mastodon's HTML of a plain text: paragraphs, line breaks, links, hashtags and mentions. */
export function statusHtml(text: string, host: string): string {
  const line = (raw: string) =>
    raw.replace(
      TOKEN,
      (
        match,
        url?: string,
        before1?: string,
        tag?: string,
        before2?: string,
        name?: string,
        server?: string,
      ) => {
        if (url) return linkHtml(url);
        if (tag !== undefined) {
          return `${escapeHtml(before1 ?? '')}<a href="https://${host}/tags/${escapeHtml(tag.toLowerCase())}" class="mention hashtag" rel="tag">#<span>${escapeHtml(tag)}</span></a>`;
        }
        if (name !== undefined) {
          return `${escapeHtml(before2 ?? '')}<span class="h-card" translate="no"><a href="https://${escapeHtml(server ?? host)}/@${escapeHtml(name)}" class="u-url mention">@<span>${escapeHtml(name)}</span></a></span>`;
        }
        return escapeHtml(match);
      },
    );
  // Escape what lies between tokens: split around them so tokens are not escaped twice.
  const render = (raw: string) => {
    let out = '';
    let position = 0;
    for (const match of raw.matchAll(TOKEN)) {
      out += escapeHtml(raw.slice(position, match.index)) + line(match[0]);
      position = (match.index ?? 0) + match[0].length;
    }
    return out + escapeHtml(raw.slice(position));
  };
  return text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(render).join('<br />')}</p>`)
    .join('');
}
