import type { ServerResponse } from 'node:http';
import type { PageHandler, WebPages } from './web-pages';

/*
 * RSS and Atom feeds served by the loopback web server (web-pages.ts) for the feed tests: a feed
 * whose items a test adds, answering 304 to a matching ETag (RSS) or Last-Modified (Atom), and
 * the broken answers a feed can give (an error, not XML, endless).
 */

export interface FeedEntry {
  guid: string;
  title: string;
  link: string;
  date: string;
}

/** A feed whose items and validators a test changes; it answers 304 to a matching validator. */
export function servedFeed(web: WebPages, path: string, format: 'rss' | 'atom') {
  const state = { items: [] as FeedEntry[], version: 1, validators: true };
  const lastModified = () => new Date(Date.UTC(2026, 0, 1, 0, state.version)).toUTCString();
  web.page(path, (request, response) => {
    const etag = `"v${state.version}"`;
    if (state.validators) {
      const fresh =
        format === 'rss'
          ? request.headers['if-none-match'] === etag
          : request.headers['if-modified-since'] === lastModified();
      if (fresh) return void response.writeHead(304).end();
    }
    const headers =
      format === 'rss'
        ? { 'content-type': 'application/rss+xml; charset=utf-8', ...(state.validators ? { etag } : {}) }
        : {
            'content-type': 'application/atom+xml',
            ...(state.validators ? { 'last-modified': lastModified() } : {}),
          };
    response.writeHead(200, headers).end(format === 'rss' ? rssOf(state.items) : atomOf(state.items));
  });
  return {
    state,
    add(item: FeedEntry) {
      state.items.unshift(item);
      state.version += 1;
    },
  };
}

const rssOf = (items: FeedEntry[]) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Glow Candles &amp; Co. blog</title><link>https://glow.example/</link>
${items
  .map(
    (
      item,
    ) => `<item><title>${item.title}</title><link>${item.link}</link><guid isPermaLink="false">${item.guid}</guid>
<description><![CDATA[<p>${item.title}: <b>hand-poured</b> soy candles.</p>]]></description><pubDate>${new Date(item.date).toUTCString()}</pubDate></item>`,
  )
  .join('\n')}
</channel></rss>`;

const atomOf = (items: FeedEntry[]) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">Bakery news</title><id>urn:bakery</id>
${items
  .map(
    (item) => `<entry><title>${item.title}</title><id>${item.guid}</id><updated>${item.date}</updated>
<link rel="alternate" href="${item.link}"/><summary>${item.title}, fresh from the oven.</summary></entry>`,
  )
  .join('\n')}
</feed>`;

/** An endless RSS answer, 64 KB a write, until the reader hangs up. */
export const endlessFeed: PageHandler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/rss+xml' });
  response.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>');
  const filler = Buffer.alloc(64 * 1024, ' ');
  const pump = () => {
    while (!response.destroyed) if (!response.write(filler)) return void response.once('drain', pump);
  };
  response.on('close', () => response.removeAllListeners('drain'));
  pump();
};

export const failWith =
  (status: number, type: string, body: string): PageHandler =>
  (_request, response: ServerResponse) =>
    response.writeHead(status, { 'content-type': type }).end(body);

export const feedEntry = (n: number, day: number): FeedEntry => ({
  guid: `urn:item:${n}`,
  title: `Autumn scent number ${n}`,
  link: `https://glow.example/blog/scent-${n}`,
  date: new Date(Date.UTC(2026, 9, day, 9)).toISOString(),
});
