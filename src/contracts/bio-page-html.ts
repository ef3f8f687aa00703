import { bioColours, bioPageCss } from './bio-page-css';
import { type Html, html, raw } from './html';

/*
 * The bio page at /@<slug> (issue 29, decision 093): rendered per request by the server and, with
 * the same code, previewed live in the app's editor. Pure: no DOM, no Node. Every user text goes
 * through the escaping `html` tag. No script and no web font: the page is HTML and one inline
 * stylesheet, fast on a phone.
 */

export interface BioPageInput {
  brand: {
    name: string;
    description: string;
    /** The logo's (small) image URL; null shows the name's initial. */
    logoUrl: string | null;
    primaryColour: string | null;
    accentColour: string | null;
  };
  page: { title: string; description: string; showPosts: boolean };
  /** The links shown now, in order; `href` is the short link (`/l/<code>`). */
  links: ReadonlyArray<{ title: string; href: string; thumbnailUrl: string | null }>;
  /** The latest published posts (shown when `page.showPosts`). */
  posts: ReadonlyArray<{ href: string; imageUrl: string | null; alt: string; text: string }>;
  meta: {
    /** `<APP_URL>/@<slug>`. */
    canonicalUrl: string;
    /** An absolute image URL for link previews (the logo), or null. */
    ogImage: string | null;
    lang: string;
  };
}

export interface RenderedBioPage {
  /** The inside of `<head>`: meta tags, title and the stylesheet. */
  head: string;
  /** The inside of `<body>`: one `.bio` element. */
  body: string;
  /** The stylesheet alone (already in `head`), for a preview in a shadow root. */
  css: string;
}

/** Links above this many may be below the fold on a phone: their thumbnails load lazily. */
const EAGER_THUMBNAILS = 5;
const POST_TEXT_CHARS = 140;
const ALT_CHARS = 120;

/** The page's description: its own, else the brand's. */
function descriptionOf(input: BioPageInput): string {
  return input.page.description || input.brand.description;
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function renderHead(input: BioPageInput, css: string): Html {
  const title = input.page.title;
  const description = truncate(descriptionOf(input) || `Links from ${input.brand.name || title}`, 300);
  const image = input.meta.ogImage;
  return html`<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<link rel="canonical" href="${input.meta.canonicalUrl}">
<meta name="theme-color" content="${bioColours(input.brand.primaryColour, input.brand.accentColour).brand}">
<meta property="og:type" content="profile">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${input.meta.canonicalUrl}">
${image ? html`<meta property="og:image" content="${image}">\n` : ''}${input.brand.name ? html`<meta property="og:site_name" content="${input.brand.name}">\n` : ''}<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
${image ? html`<meta name="twitter:image" content="${image}">\n` : ''}<style>${raw(css)}</style>`;
}

function renderLogo(input: BioPageInput): Html {
  const { logoUrl, name } = input.brand;
  // Beside the page's heading the logo adds no words of its own: the brand's name is its text.
  if (logoUrl) {
    return html`<img class="bio-logo" src="${logoUrl}" alt="${name ? `${name} logo` : ''}" width="128" height="128" fetchpriority="high">`;
  }
  const initial = Array.from((name || input.page.title).trim())[0]?.toUpperCase() ?? '';
  return html`<div class="bio-logo bio-initial" aria-hidden="true">${initial}</div>`;
}

function renderLinks(input: BioPageInput): Html {
  if (input.links.length === 0) return html``;
  const items = input.links.map(
    (link, index) =>
      html`<li><a class="bio-link" href="${link.href}">${
        link.thumbnailUrl
          ? html`<img class="bio-thumb" src="${link.thumbnailUrl}" alt="" width="44" height="44"${index >= EAGER_THUMBNAILS ? raw(' loading="lazy"') : ''}>`
          : ''
      }<span class="bio-link-title">${link.title}</span></a></li>`,
  );
  return html`<nav aria-label="Links"><ul class="bio-links">${items}</ul></nav>`;
}

function renderPosts(input: BioPageInput): Html {
  if (!input.page.showPosts || input.posts.length === 0) return html``;
  const tiles = input.posts.map((post) => {
    const label = truncate(post.alt || post.text, ALT_CHARS) || 'A post';
    const inside = post.imageUrl
      ? html`<img src="${post.imageUrl}" alt="${label}" width="400" height="400" loading="lazy" decoding="async">`
      : html`<span class="bio-tile-text">${truncate(post.text, POST_TEXT_CHARS)}</span>`;
    return html`<li><a class="bio-tile" href="${post.href}" rel="noopener">${inside}</a></li>`;
  });
  return html`<section class="bio-posts" aria-labelledby="bio-posts-title">
<h2 class="bio-posts-title" id="bio-posts-title">Latest posts</h2>
<ul class="bio-grid">${tiles}</ul>
</section>`;
}

function renderBody(input: BioPageInput): Html {
  const { name } = input.brand;
  const description = descriptionOf(input);
  return html`<div class="bio">
<div class="bio-band" aria-hidden="true"></div>
<main class="bio-main">
<header class="bio-header">
${renderLogo(input)}
<h1 class="bio-title">${input.page.title}</h1>
${name && name !== input.page.title ? html`<p class="bio-name">${name}</p>` : ''}
${description ? html`<p class="bio-description">${description}</p>` : ''}
</header>
${renderLinks(input)}
${renderPosts(input)}
</main>
<footer class="bio-footer">Made with Kitepost</footer>
</div>`;
}

/** The page in parts: the server joins them into a document, the editor's preview uses body + css. */
export function renderBioPage(input: BioPageInput): RenderedBioPage {
  const css = bioPageCss(bioColours(input.brand.primaryColour, input.brand.accentColour));
  return { head: renderHead(input, css).html, body: renderBody(input).html, css };
}

/** The whole page as the server sends it. */
export function renderBioDocument(input: BioPageInput): string {
  const page = renderBioPage(input);
  return `<!doctype html>\n${html`<html lang="${input.meta.lang}">`.html}\n<head>\n${page.head}\n</head>\n<body>\n${page.body}\n</body>\n</html>\n`;
}
