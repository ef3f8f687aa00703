import { XMLParser, XMLValidator } from 'fast-xml-parser';

/*
 * Reads an RSS 2.0, RSS 1.0 (RDF) or Atom document into our words: the feed's title and its
 * items, each with the key that makes it unique in its feed (guid or id, else link). Pure: the
 * caller fetched the bytes (safe-fetch.ts). The parser is fast-xml-parser, whose entity expansion
 * is bounded by default (a "billion laughs" document is refused, not expanded) and which never
 * resolves external entities.
 */

export interface FeedItem {
  /** guid (RSS), id (Atom), else the link: what makes the item the same one on the next read. */
  key: string;
  link: string | null;
  title: string | null;
  /** Plain text: tags stripped, entities decoded, whitespace collapsed; at most 2,000 characters. */
  summary: string | null;
  publishedAt: Date | null;
}

export interface ReadFeed {
  format: 'rss' | 'atom';
  title: string | null;
  /** In the document's order (feeds put the newest first; newestItems sorts by date anyway). */
  items: FeedItem[];
}

export class NotAFeedError extends Error {
  override name = 'NotAFeedError';
}

const MAX_SUMMARY = 2000;
const MAX_KEY = 1000;
const MAX_LINK = 2048;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: false,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

type Node = Record<string, unknown>;

/** The feed in `xml`; throws NotAFeedError when it is not well-formed XML or not RSS or Atom. */
export function readFeed(xml: string): ReadFeed {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new NotAFeedError(`not well-formed XML (${valid.err.msg})`);
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    throw new NotAFeedError(`not readable XML (${(error as Error).message})`);
  }
  const rss = asNode(document.rss);
  if (rss) {
    const channel = asNode(rss.channel) ?? {};
    return { format: 'rss', title: textOf(channel.title), items: listOf(channel.item).map(rssItem) };
  }
  const rdf = asNode(document['rdf:RDF']);
  if (rdf) {
    const channel = asNode(rdf.channel) ?? {};
    return { format: 'rss', title: textOf(channel.title), items: listOf(rdf.item).map(rssItem) };
  }
  const atom = asNode(document.feed);
  if (atom) return { format: 'atom', title: textOf(atom.title), items: listOf(atom.entry).map(atomEntry) };
  throw new NotAFeedError('neither an RSS nor an Atom feed');
}

/** Items with a key, newest first (by date when they have one, else in document order). */
export function newestItems(feed: ReadFeed): FeedItem[] {
  const keyed = feed.items.filter((item) => item.key !== '');
  const seen = new Set<string>();
  const unique = keyed.filter((item) => {
    if (seen.has(item.key)) return false;
    seen.add(item.key);
    return true;
  });
  return unique
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const at = a.item.publishedAt?.getTime();
      const bt = b.item.publishedAt?.getTime();
      if (at !== undefined && bt !== undefined && at !== bt) return bt - at;
      return a.index - b.index;
    })
    .map(({ item }) => item);
}

function rssItem(node: unknown): FeedItem {
  const item = asNode(node) ?? {};
  const link = httpLink(
    listOf(item.link)
      .map(textOf)
      .find((value) => value) ?? null,
  );
  const guid = textOf(item.guid) ?? textOf(item['@_rdf:about']);
  return {
    key: (guid ?? link ?? '').slice(0, MAX_KEY),
    link,
    title: plainText(textOf(item.title)),
    summary: plainText(textOf(item.description) ?? textOf(item['content:encoded'])),
    publishedAt: dateOf(textOf(item.pubDate) ?? textOf(item['dc:date'])),
  };
}

function atomEntry(node: unknown): FeedItem {
  const entry = asNode(node) ?? {};
  const links = listOf(entry.link).map((value) => asNode(value) ?? {});
  // rel="alternate" (the default when rel is absent) is the entry's page.
  const alternate = links.find((value) => (textOf(value['@_rel']) ?? 'alternate') === 'alternate');
  const link = httpLink(textOf((alternate ?? links[0])?.['@_href']));
  const id = textOf(entry.id);
  return {
    key: (id ?? link ?? '').slice(0, MAX_KEY),
    link,
    title: plainText(textOf(entry.title)),
    summary: plainText(textOf(entry.summary) ?? textOf(entry.content)),
    publishedAt: dateOf(textOf(entry.published) ?? textOf(entry.updated)),
  };
}

function asNode(value: unknown): Node | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : null;
}

function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A text node's text: a string, or an element's `#text` (Atom's <title type="html">). */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  if (node && typeof node['#text'] === 'string') return node['#text'].trim() || null;
  return null;
}

/** Only absolute http(s) links are kept: a post never carries a javascript: or data: link. */
function httpLink(value: string | null): string | null {
  if (!value || value.length > MAX_LINK) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function dateOf(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

/** HTML (an RSS description is often escaped HTML) to one line of plain text. */
export function plainText(value: string | null): string | null {
  if (!value) return null;
  const text = value
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        const storable = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
        return Number.isInteger(code) && storable ? String.fromCodePoint(code) : ' ';
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    })
    // NUL cannot be stored (PostgreSQL text); other controls are noise in a caption.
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  return text ? [...text].slice(0, MAX_SUMMARY).join('') : null;
}
