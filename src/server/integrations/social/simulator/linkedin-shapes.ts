import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultAnswers, SimulatedAnswer, SimulatedCallKind } from './sandbox-faults';
import { type Html, html } from './sandbox-page';
import type { SandboxAccount, SandboxPost } from './sandbox-store';

/*
 * How the pretend LinkedIn says things (platforms.md, LinkedIn): `{status, serviceErrorCode,
 * message}` on the API, OAuth `{error, error_description}` on the token endpoint, no rate-limit
 * headers (the limits are daily and reset at midnight UTC), and commentary in "little" text.
 */

export const LINKEDIN_LABEL = 'LinkedIn';
export const LINKEDIN_LOGO = 'in';
export const LINKEDIN_BASE_PATH = '/sandbox/linkedin';
/** 60 days (platforms.md L1). */
export const LINKEDIN_ACCESS_TOKEN_SECONDS = 60 * 24 * 3600;
/** LinkedIn's authorization codes live 30 minutes. */
export const LINKEDIN_CODE_SECONDS = 30 * 60;
export const LINKEDIN_MAX_COMMENTARY = 3000;
/** A sandbox member's handle: it becomes their e-mail's local part, like a vanity name. */
export const LINKEDIN_HANDLE = /^[A-Za-z0-9-]{3,30}$/;
export const LINKEDIN_HANDLE_RULE = '3 to 30 letters, digits or hyphens.';

/**
 * LinkedIn's products and the scopes each grants (platforms.md, LinkedIn › Products: L3, L5, L11).
 * An app has products; an authorization asking for one scope its products do not grant is
 * refused whole with `unauthorized_scope_error` (platforms.md audit 2026-11, Postiz PR #1658).
 */
export const LINKEDIN_PRODUCTS = {
  'sign-in-openid-connect': ['openid', 'profile', 'email'],
  'share-on-linkedin': ['w_member_social'],
  'community-management': [
    'r_member_postAnalytics',
    'w_organization_social',
    'r_organization_social',
    'rw_organization_admin',
    'r_member_social',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * The sandbox app's products: Sign In with LinkedIn and Share on LinkedIn, what Kitepost's app
 * has. The Community Management API must be the only product of its app (platforms.md L11b and
 * audit 2026-11), so it cannot be added here: its scopes are refused like LinkedIn refuses them.
 */
export const SANDBOX_APP_PRODUCTS = ['sign-in-openid-connect', 'share-on-linkedin'] as const;

/** Scopes the sandbox app may be granted. */
export const SANDBOX_APP_SCOPES: ReadonlySet<string> = new Set(
  SANDBOX_APP_PRODUCTS.flatMap((product) => LINKEDIN_PRODUCTS[product]),
);

/** Scopes the pretend LinkedIn knows, with what the consent page says about each. */
export const LINKEDIN_SCOPES: Record<string, string> = {
  openid: 'Use your name and photo to sign you in.',
  profile: 'Use your name and photo.',
  email: 'Use the primary e-mail address on your account.',
  w_member_social: 'Create, modify and delete posts, comments and reactions for you.',
  r_member_postAnalytics: "Read your posts' analytics.",
};

export type LinkedInCaller = { account: SandboxAccount; scopes: string[] };
/** A LinkedIn API route's handler factory: Bearer auth, scopes (any of), version, kind, faults. */
export type LinkedInApiRoute = <R extends FastifyRequest>(
  route: {
    anyScope: string[];
    resource: string;
    versioned: boolean;
    kind: SimulatedCallKind;
    /** A metrics read's answer under the `no-data` fault (sandbox-faults.ts). */
    withoutData?: (answer: SimulatedAnswer) => SimulatedAnswer;
  },
  handle: (request: R, caller: LinkedInCaller) => Promise<SimulatedAnswer>,
) => (request: R, reply: FastifyReply) => Promise<unknown>;

/** The API's error body (platforms.md L8). */
export function apiError(
  status: number,
  message: string,
  extra: { serviceErrorCode?: number; code?: string } = {},
): SimulatedAnswer {
  return { status, body: { ...extra, message, status } };
}

export const accessDenied = (what: string) =>
  apiError(403, `Not enough permissions to access: ${what}`, {
    serviceErrorCode: 100,
    code: 'ACCESS_DENIED',
  });

export const oauthError = (status: number, error: string, description: string): SimulatedAnswer => ({
  status,
  body: { error, error_description: description },
});

/** Injected failures on the API (Bearer calls). A 429 says no reset: LinkedIn sends no such header. */
export const linkedInApiFaults: FaultAnswers = {
  rateLimited: () =>
    apiError(429, 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.'),
  unauthorized: () => apiError(401, 'Invalid access token', { serviceErrorCode: 65600 }),
  unavailable: () => apiError(503, 'Service Unavailable'),
  internalError: () => apiError(500, 'Internal Server Error'),
};

/** Injected failures on the token endpoint: an expired token there is a refused refresh token. */
export const linkedInOAuthFaults: FaultAnswers = {
  ...linkedInApiFaults,
  unauthorized: () => oauthError(400, 'invalid_request', 'The provided refresh token is invalid or expired.'),
};

const RESERVED = new Set(['|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '\\', '*', '_', '~']);
const MENTION = /^@\[([^\]\\]+)\]\((urn:li:(?:person|organization):[A-Za-z0-9_-]+)\)/;
const HASHTAG = /^#([\p{L}\p{M}\p{N}]*\p{L}[\p{L}\p{M}\p{N}]*)/u;

/**
 * Commentary in little text as LinkedIn shows it: `\x` is the character x, `#tag` a hashtag and
 * `@[Name](urn)` a mention (shown as the name); any other unescaped reserved character ends the
 * text there, as LinkedIn silently cuts a post at one (3p reports; the pretend LinkedIn does the
 * same so that an adapter that forgets to escape is caught).
 */
export function readLittleText(commentary: string): string {
  let out = '';
  let index = 0;
  while (index < commentary.length) {
    const char = commentary[index] as string;
    const rest = commentary.slice(index);
    if (char === '\\' && index + 1 < commentary.length) {
      out += commentary[index + 1];
      index += 2;
      continue;
    }
    const mention = char === '@' ? MENTION.exec(rest) : null;
    if (mention) {
      out += mention[1];
      index += mention[0].length;
      continue;
    }
    const hashtag = char === '#' ? HASHTAG.exec(rest) : null;
    if (hashtag) {
      out += hashtag[0];
      index += hashtag[0].length;
      continue;
    }
    if (RESERVED.has(char)) break;
    out += char;
    index += 1;
  }
  return out;
}

const HASHTAG_START = /(?<![\p{L}\p{M}\p{N}_])#(?=[\p{L}\p{M}\p{N}]*\p{L})/uy;

/** Plain text as little commentary, as LinkedIn answers a post's `commentary`: hashtags kept. */
export function writeLittleText(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '#') {
      HASHTAG_START.lastIndex = index;
      out += HASHTAG_START.test(text) ? '#' : '\\#';
    } else {
      out += RESERVED.has(char) ? `\\${char}` : char;
    }
  }
  return out;
}

const IMAGE_URN = /^urn:li:image:[A-Za-z0-9_-]{1,64}$/;
const VIDEO_URN = /^urn:li:video:[A-Za-z0-9_-]{1,64}$/;
const DOCUMENT_URN = /^urn:li:document:[A-Za-z0-9_-]{1,64}$/;
/** multiImage takes 2 to 20 images (MultiImage API, research sheet 2.1). */
const MAX_IMAGES = 20;
/** The Media object's `altText`: at most 4,086 characters (Posts API schema, research sheet 2.1). */
export const LINKEDIN_MAX_ALT_TEXT = 4086;

/** What a new post's `content` names, as the pretend Posts API reads it. */
export type LinkedInPostContent =
  | { kind: 'none' }
  | { kind: 'images'; images: Array<{ urn: string; altText: string | null }> }
  | { kind: 'video'; urn: string; title: string | null }
  | { kind: 'document'; urn: string; title: string }
  | { kind: 'article'; source: string; title: string; description: string | null; thumbnail: string | null };

const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const invalid = (path: string, message: string) => ({ error: apiError(422, `${path} :: ${message}`) });

function altTextOf(path: string, value: unknown): { altText: string | null } | { error: SimulatedAnswer } {
  if (value === undefined || value === null) return { altText: null };
  if (typeof value !== 'string') return invalid(`${path}/altText`, 'must be a string');
  // LinkedIn counts characters of the string (UTF-16 units, as Rest.li validates field lengths).
  if (value.length > LINKEDIN_MAX_ALT_TEXT) {
    return {
      error: apiError(
        400,
        `${path}/altText :: length ${value.length} exceeds the maximum of ${LINKEDIN_MAX_ALT_TEXT}`,
        {
          code: 'FIELD_LENGTH_TOO_LONG',
        },
      ),
    };
  }
  return { altText: value };
}

/**
 * `content` of a new post: none, one image or video (`media {id, altText?, title?}`), 2–20 images
 * (`multiImage.images[{id, altText?}]`, "only supports image"), or a link card (`article {source,
 * title, description?, thumbnail?}`). It holds exactly one of them (Posts API; research sheet 2.1,
 * 2.2, 2.5); alt text over 4,086 characters is refused.
 */
export function contentOf(content: unknown): LinkedInPostContent | { error: SimulatedAnswer } {
  if (content === undefined) return { kind: 'none' };
  const fields = record(content) ?? {};
  const keys = Object.keys(fields);
  if (keys.length !== 1) {
    return invalid('/content', 'exactly one of media, multiImage or article is supported by the sandbox');
  }
  const media = record(fields.media);
  if (media) {
    const id = media.id;
    if (typeof id === 'string' && VIDEO_URN.test(id)) {
      return { kind: 'video', urn: id, title: typeof media.title === 'string' ? media.title : null };
    }
    if (typeof id === 'string' && DOCUMENT_URN.test(id)) {
      // A document post must have a title (getlate LinkedInPlatformData: "Required by LinkedIn for
      // document posts"; research sheet 2.3); LinkedIn's exact refusal is UNCONFIRMED, this is
      // Rest.li's shape for a missing field.
      if (typeof media.title !== 'string' || media.title.trim() === '') {
        return invalid('/content/media/title', 'required field is not present');
      }
      return { kind: 'document', urn: id, title: media.title };
    }
    if (typeof id !== 'string' || !IMAGE_URN.test(id))
      return invalid('/content/media/id', `invalid media URN ${JSON.stringify(id)}`);
    const alt = altTextOf('/content/media', media.altText);
    if ('error' in alt) return alt;
    return { kind: 'images', images: [{ urn: id, altText: alt.altText }] };
  }
  const multi = record(fields.multiImage);
  if (multi) {
    const images = Array.isArray(multi.images) ? multi.images : [];
    if (images.length < 2 || images.length > MAX_IMAGES) {
      return invalid(
        '/content/multiImage/images',
        `between 2 and ${MAX_IMAGES} images, got ${images.length}`,
      );
    }
    const read: Array<{ urn: string; altText: string | null }> = [];
    for (const [index, image] of images.entries()) {
      const id = record(image)?.id;
      if (typeof id !== 'string' || !IMAGE_URN.test(id)) {
        // A video (or anything else) in a multiImage: "Only supports image" (MultiImage API).
        return invalid(
          `/content/multiImage/images/${index}/id`,
          `only image URNs are supported, got ${JSON.stringify(id)}`,
        );
      }
      const alt = altTextOf(`/content/multiImage/images/${index}`, record(image)?.altText);
      if ('error' in alt) return alt;
      read.push({ urn: id, altText: alt.altText });
    }
    return { kind: 'images', images: read };
  }
  const article = record(fields.article);
  if (article) {
    const source = article.source;
    if (typeof source !== 'string' || !/^https?:\/\/\S+$/.test(source)) {
      return invalid('/content/article/source', 'a http(s) URL is required');
    }
    if (typeof article.title !== 'string' || article.title.trim() === '') {
      return invalid('/content/article/title', 'required field is not present');
    }
    const thumbnail = article.thumbnail;
    if (thumbnail !== undefined && (typeof thumbnail !== 'string' || !IMAGE_URN.test(thumbnail))) {
      return invalid('/content/article/thumbnail', 'must be an image URN');
    }
    return {
      kind: 'article',
      source,
      title: article.title,
      description: typeof article.description === 'string' ? article.description : null,
      thumbnail: typeof thumbnail === 'string' ? thumbnail : null,
    };
  }
  return invalid('/content', `${keys[0]} is not supported by the sandbox`);
}

/** A sandbox post's media item for a link card (kept so the post reads back as an article). */
export interface SandboxArticleItem {
  id: string;
  url: string | null;
  kind: 'article';
  title: string;
  description: string | null;
  /** The thumbnail image's URN, if the card had one (`url` is where the sandbox shows it). */
  thumbnail: string | null;
}

/** A post as the Posts API answers it. */
export function postElement(post: SandboxPost, author: string): Record<string, unknown> {
  const at = (post.publishedAt ?? post.createdAt).getTime();
  const images = post.media
    .filter((item) => item.kind === 'image')
    .map((item) => {
      const altText = (item as { altText?: string | null }).altText;
      return altText ? { id: item.id, altText } : { id: item.id };
    });
  const video = post.media.find((item) => item.kind === 'video');
  const document = post.media.find((item) => item.kind === 'document') as
    | { id: string; title?: string }
    | undefined;
  const article = post.media.find((item) => item.kind === 'article') as SandboxArticleItem | undefined;
  const element: Record<string, unknown> = {
    id: post.externalId,
    author,
    commentary: writeLittleText(post.text),
    visibility: 'PUBLIC',
    lifecycleState: 'PUBLISHED',
    lifecycleStateInfo: { isEditedByAuthor: false },
    isReshareDisabledByAuthor: false,
    createdAt: post.createdAt.getTime(),
    publishedAt: at,
    lastModifiedAt: at,
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
  };
  if (images.length === 1) element.content = { media: images[0] };
  if (images.length > 1) element.content = { multiImage: { images } };
  if (video) element.content = { media: { id: video.id } };
  if (document) element.content = { media: { id: document.id, title: document.title } };
  if (article) {
    element.content = {
      article: {
        source: article.id,
        title: article.title,
        ...(article.description ? { description: article.description } : {}),
        ...(article.thumbnail ? { thumbnail: article.thumbnail } : {}),
      },
    };
  }
  return element;
}

const clock = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * What a LinkedIn post page shows besides its text: its images with their alt text (the page's
 * images are drawn here, not by renderPostImages, so that a screen reader hears the member's alt
 * text), a video (the sandbox keeps its facts, not its bytes), or the link card.
 */
export function linkedInAttachments(post: SandboxPost, appUrl: string): { images: []; after: Html } {
  const images = post.media.filter((item) => item.kind === 'image');
  const shown = images.map((item, index) => {
    const given = (item as { altText?: string | null }).altText;
    const alt =
      given || (images.length === 1 ? "The post's image" : `Image ${index + 1} of ${images.length}`);
    const src = item.url?.startsWith(`${appUrl}/`) ? item.url.slice(appUrl.length) : null;
    return src
      ? html`<img src="${src}" alt="${alt}" loading="lazy">`
      : html`<p class="muted">${alt} (not kept by the sandbox)</p>`;
  });
  const parts: Html[] = [];
  if (shown.length > 0) parts.push(html`<div class="post-images">${shown}</div>`);
  const video = post.media.find((item) => item.kind === 'video') as
    | { durationMs?: number; width?: number; height?: number; title?: string | null }
    | undefined;
  if (video) {
    const facts = [
      video.durationMs ? clock(video.durationMs) : null,
      video.width && video.height ? `${video.width}×${video.height}` : null,
    ].filter(Boolean);
    parts.push(
      html`<div role="img" aria-label="A video${video.title ? `: ${video.title}` : ''}" style="display:grid;place-items:center;aspect-ratio:${video.width && video.height ? `${video.width}/${video.height}` : '16/9'};max-height:28rem;margin:1rem auto;background:#0f1419;color:#fff;border-radius:12px"><p style="margin:0;text-align:center"><span aria-hidden="true" style="font-size:2.5rem">▶</span><br>Video ${facts.join(' · ')}</p></div>`,
    );
  }
  const document = post.media.find((item) => item.kind === 'document') as
    | { url: string | null; title?: string; pageCount?: number }
    | undefined;
  if (document) {
    const firstPage = document.url?.startsWith(`${appUrl}/`) ? document.url.slice(appUrl.length) : null;
    const pages = document.pageCount
      ? `${document.pageCount} page${document.pageCount === 1 ? '' : 's'}`
      : '';
    parts.push(
      html`<figure style="margin:1rem 0;border:1px solid #d6dde3;border-radius:12px;overflow:hidden"><figcaption style="padding:.75rem 1rem;background:#f4f6f8"><strong style="display:block">${document.title ?? 'Document'}</strong><span class="muted" style="font-size:.875rem">PDF document${pages ? ` · ${pages}` : ''}</span></figcaption>${firstPage ? html`<img src="${firstPage}" alt="Page 1 of the document" style="display:block;width:100%;max-width:400px;height:auto;margin:0 auto">` : html`<p class="muted" style="padding:0 1rem">The first page is not kept by the sandbox.</p>`}</figure>`,
    );
  }
  const article = post.media.find((item) => item.kind === 'article') as SandboxArticleItem | undefined;
  if (article) {
    const host = /^https?:\/\/([^/?#]+)/.exec(article.id)?.[1] ?? article.id;
    const thumb = article.url?.startsWith(`${appUrl}/`) ? article.url.slice(appUrl.length) : null;
    parts.push(
      html`<a href="${article.id}" rel="noopener nofollow" style="display:block;margin:1rem 0;border:1px solid #d6dde3;border-radius:12px;overflow:hidden;color:inherit;text-decoration:none">${thumb ? html`<img src="${thumb}" alt="" style="display:block;width:100%;height:auto">` : html``}<div style="padding:.75rem 1rem;background:#f4f6f8"><strong style="display:block">${article.title}</strong>${article.description ? html`<span class="muted" style="display:block">${article.description}</span>` : html``}<span class="muted" style="font-size:.875rem">${host}</span></div></a>`,
    );
  }
  return { images: [], after: html`${parts}` };
}
