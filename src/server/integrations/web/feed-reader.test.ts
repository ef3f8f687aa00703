import { describe, expect, it } from 'vitest';
import { NotAFeedError, newestItems, plainText, readFeed } from './feed-reader';

describe('readFeed', () => {
  it('reads RSS 2.0: guid as the key, link, plain-text description, date', () => {
    const feed = readFeed(`<?xml version="1.0"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
  <title>Glow &amp; Co.</title>
  <item><title>First</title><link>https://glow.example/1</link><guid isPermaLink="false">id-1</guid>
    <description>&lt;p&gt;Hand-poured &amp;amp; &lt;b&gt;soy&lt;/b&gt;&lt;/p&gt;</description>
    <pubDate>Tue, 06 Oct 2026 09:00:00 GMT</pubDate></item>
  <item><title>No guid</title><link>https://glow.example/2</link></item>
  <item><title>Neither guid nor link</title></item>
</channel></rss>`);
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Glow & Co.');
    expect(feed.items[0]).toEqual({
      key: 'id-1',
      link: 'https://glow.example/1',
      title: 'First',
      summary: 'Hand-poured & soy',
      publishedAt: new Date('2026-10-06T09:00:00Z'),
    });
    expect(feed.items[1]?.key).toBe('https://glow.example/2');
    // An item with no key cannot be told apart from the next read's: it is left out.
    expect(newestItems(feed).map((item) => item.key)).toEqual(['id-1', 'https://glow.example/2']);
  });

  it('reads Atom: id as the key, the alternate link, title with a type', () => {
    const feed = readFeed(`<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">Bakery</title>
<entry><id>tag:bakery,2026:1</id><title type="text">Rye</title><updated>2026-10-01T08:00:00Z</updated>
  <link rel="self" href="https://bakery.example/api/1"/><link href="https://bakery.example/rye"/>
  <content type="html">&lt;p&gt;Dark rye&lt;/p&gt;</content></entry>
<entry><id>tag:bakery,2026:2</id><title>Spelt</title><published>2026-10-05T08:00:00Z</published>
  <link rel="alternate" href="javascript:alert(1)"/></entry>
</feed>`);
    expect(feed).toMatchObject({ format: 'atom', title: 'Bakery' });
    expect(feed.items[0]).toMatchObject({
      key: 'tag:bakery,2026:1',
      link: 'https://bakery.example/rye',
      summary: 'Dark rye',
    });
    // Only http(s) links are kept.
    expect(feed.items[1]?.link).toBeNull();
    expect(newestItems(feed).map((item) => item.title)).toEqual(['Spelt', 'Rye']);
  });

  it('reads RSS 1.0 (RDF)', () => {
    const feed =
      readFeed(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
<channel rdf:about="https://x.example/"><title>RDF news</title></channel>
<item rdf:about="https://x.example/a"><title>A</title><link>https://x.example/a</link></item></rdf:RDF>`);
    expect(feed.title).toBe('RDF news');
    expect(feed.items[0]).toMatchObject({ key: 'https://x.example/a', link: 'https://x.example/a' });
  });

  it('refuses what is not XML or not a feed, and never expands entities without bound', () => {
    expect(() => readFeed('just text')).toThrow(NotAFeedError);
    expect(() => readFeed('<html><body>page</body></html>')).toThrow(/neither an RSS nor an Atom feed/);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
    ).join('')}]><rss><channel><title>&lol9;</title></channel></rss>`;
    // Nested entities are not expanded ("billion laughs"): the title stays short.
    expect(readFeed(laughs).title?.length ?? 0).toBeLessThan(100);
  });
});

describe('plainText', () => {
  it('strips tags, scripts and controls, decodes entities, and keeps unpaired surrogates out', () => {
    expect(plainText('<script>x()</script><p>Caf&eacute; &#233; &#x1F600; &#xD800; a\u0000b</p>')).toBe(
      'Caf&eacute; é 😀 a b',
    );
    expect(plainText('   ')).toBeNull();
  });
});
