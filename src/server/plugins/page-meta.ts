/** What a crawler or a link preview sees of each public page's head (its body: decision 052). */
export interface PageMeta {
  title: string;
  description: string;
}

const home: PageMeta = {
  title: 'Kitepost — AI social media marketing for small businesses',
  description:
    'Kitepost writes, schedules and publishes your social media posts with AI. Built for small businesses and solo entrepreneurs. 7-day free trial, no credit card required.',
};

const pages: Record<string, PageMeta> = {
  '/': home,
  '/integrations': {
    title: 'Integrations — Kitepost',
    description:
      'Connect Facebook, Instagram, X (Twitter) and LinkedIn to Kitepost and publish everywhere from one calendar. YouTube, TikTok, Pinterest and Discord are coming soon.',
  },
  '/demo': {
    title: 'Product tour — Kitepost',
    description:
      'Take a 5-minute guided tour of Kitepost: AI-written posts, a content calendar and connected social accounts, with sample data.',
  },
};

/** Every path whose head differs; any other path gets the home page's. */
export const publicPagePaths = Object.keys(pages);

/** The public page a request path shows ('/demo/' is '/demo'), or '/' for any other path. */
export function publicPageOf(path: string): string {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return Object.hasOwn(pages, normalised) ? normalised : '/';
}

/**
 * The file of a public page's prerendered HTML in dist/pages ('/' is index.html, '/demo' is
 * demo.html), as scripts/prerender.mjs names it.
 */
export function prerenderedPageFile(page: string): string {
  return page === '/' ? 'index.html' : `${page.slice(1)}.html`;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the title, description and Open Graph tags (absolute URLs) of a request path. */
export function renderPageHead(indexHtml: string, path: string, appUrl: string): string {
  const page = publicPageOf(path);
  const meta = pages[page] ?? home;
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const url = escapeHtml(`${appUrl}${page}`);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, `$1${description}"`)
    .replace(/(<meta\s+property="og:title"\s+content=")[^"]*"/, `$1${title}"`)
    .replace(/(<meta\s+property="og:description"\s+content=")[^"]*"/, `$1${description}"`)
    .replace(/(<meta\s+property="og:image"\s+content=")[^"]*"/, `$1${escapeHtml(appUrl)}/og-image.png"`)
    .replace(
      '<meta property="og:type"',
      `<meta property="og:url" content="${url}" />\n    <meta property="og:type"`,
    );
}
