/*
 * What a page says about itself for a link card: Open Graph tags (https://ogp.me: og:title,
 * og:description, og:image, og:url, og:site_name), Twitter card tags as fallbacks
 * (developer.x.com "Cards markup": twitter:title, twitter:description, twitter:image), then
 * <title> and <meta name="description">.
 *
 * A small reader of the document's head rather than an HTML parser: htmlparser2 is only in
 * node_modules as another package's dependency, and a card needs no tree, only the head's <meta>,
 * <title> and <base> tags. It skips comments and the raw text of <script>, <style>, <noscript>,
 * <template> and <textarea> (so a tag written inside a script is not read), reads attributes
 * with or without quotes, decodes character references, and stops at <body> or </head>.
 */

export interface OpenGraph {
  title: string | null;
  description: string | null;
  /** Absolute http(s) URL, resolved against the page's URL (and its <base href>). */
  imageUrl: string | null;
  /** og:url when it stays on the page's host, else the page's URL. */
  url: string;
  siteName: string | null;
}

export const PREVIEW_LIMITS = { title: 200, description: 500, siteName: 100, url: 2048 } as const;

const RAW_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/y;
const ATTRIBUTE = /[\s/]*([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/y;

interface HeadTags {
  metas: Map<string, string>;
  title: string | null;
  base: string | null;
}

/** The head's <meta> values by property/name (first one wins, lower-cased key), <title>, <base>. */
function readHead(html: string): HeadTags {
  const metas = new Map<string, string>();
  let title: string | null = null;
  let base: string | null = null;
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end < 0) break;
      at = end + 3;
      continue;
    }
    TAG.lastIndex = lt;
    const tag = TAG.exec(html);
    if (!tag) {
      at = lt + 1;
      continue;
    }
    const closing = tag[1] === '/';
    const name = (tag[2] ?? '').toLowerCase();
    const { attributes, end } = readAttributes(html, TAG.lastIndex);
    // A tag the text ends inside (a page cut at the size cap) is not read: its value may be cut.
    if (end === null) break;
    at = end;
    if (closing) {
      if (name === 'head') break;
      continue;
    }
    if (name === 'body') break;
    if (name === 'meta') {
      const key = (attributes.get('property') ?? attributes.get('name') ?? '').trim().toLowerCase();
      const content = attributes.get('content');
      if (key && content !== undefined && !metas.has(key)) metas.set(key, content);
    } else if (name === 'base' && base === null) {
      base = attributes.get('href') ?? null;
    } else if (name === 'title' || RAW_TEXT.has(name)) {
      const closer = new RegExp(`</${name}`, 'gi');
      closer.lastIndex = at;
      const close = closer.exec(html)?.index ?? -1;
      const text = html.slice(at, close < 0 ? html.length : close);
      if (name === 'title' && title === null) title = text;
      at = close < 0 ? html.length : close;
    }
  }
  return { metas, title, base };
}

/** The tag's attributes and the index after its '>'; `end` null when the text ends first. */
function readAttributes(html: string, from: number): { attributes: Map<string, string>; end: number | null } {
  const attributes = new Map<string, string>();
  let at = from;
  while (at < html.length) {
    if (html[at] === '>') return { attributes, end: at + 1 };
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(html);
    if (!match || match[0].length === 0) {
      at += 1;
      continue;
    }
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
    at = ATTRIBUTE.lastIndex;
  }
  return { attributes, end: null };
}

/** The references pages put in titles and descriptions; others are left as written. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  hellip: '…',
  bull: '•',
  middot: '·',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  times: '×',
  divide: '÷',
  para: '¶',
  sect: '§',
  shy: '\u00ad',
  eacute: 'é',
  egrave: 'è',
  ecirc: 'ê',
  agrave: 'à',
  aacute: 'á',
  acirc: 'â',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  ccedil: 'ç',
  ntilde: 'ñ',
  oacute: 'ó',
  iacute: 'í',
  uacute: 'ú',
  Eacute: 'É',
  oslash: 'ø',
  aring: 'å',
  aelig: 'æ',
};

export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g,
    (whole, dec, hex, name) => {
      if (name !== undefined) return NAMED[name] ?? whole;
      const code = dec !== undefined ? Number(dec) : Number.parseInt(hex, 16);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    },
  );
}

/** Whitespace collapsed, trimmed, at most `max` characters (an ellipsis marks a cut); null if empty. */
function clean(text: string | null | undefined, max: number): string | null {
  if (text == null) return null;
  const flat = text.replace(/[\s\u00a0]+/g, ' ').trim();
  if (!flat) return null;
  const chars = Array.from(flat);
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

function absoluteHttpUrl(value: string | null | undefined, base: string): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.length <= PREVIEW_LIMITS.url ? url.href : null;
  } catch {
    return null;
  }
}

/** The card of the page at `pageUrl` (the URL after redirects) from its HTML text. */
export function readOpenGraph(html: string, pageUrl: string): OpenGraph {
  const { metas, title, base } = readHead(html);
  const first = (...keys: string[]) => keys.map((key) => metas.get(key)).find((value) => value?.trim());
  const baseUrl = absoluteHttpUrl(base, pageUrl) ?? pageUrl;
  const ogUrl = absoluteHttpUrl(first('og:url'), baseUrl);
  return {
    title: clean(first('og:title', 'twitter:title') ?? decodeEntities(title ?? ''), PREVIEW_LIMITS.title),
    description: clean(
      first('og:description', 'twitter:description', 'description'),
      PREVIEW_LIMITS.description,
    ),
    imageUrl: absoluteHttpUrl(
      first('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'),
      baseUrl,
    ),
    // A page may name its canonical address, but not another site's: the card shows its domain.
    url: ogUrl && new URL(ogUrl).host === new URL(pageUrl).host ? ogUrl : pageUrl,
    siteName: clean(first('og:site_name'), PREVIEW_LIMITS.siteName),
  };
}

/** The HTML's text: the answer's charset, else a <meta charset> in its first 1024 bytes, else UTF-8. */
export function decodeHtml(body: Buffer, headerCharset: string | null): string {
  const sniffed = body
    .subarray(0, 1024)
    .toString('latin1')
    .match(/<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i)?.[1];
  for (const label of [headerCharset, sniffed, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // An unknown label: try the next.
    }
  }
  return body.toString('utf8');
}
