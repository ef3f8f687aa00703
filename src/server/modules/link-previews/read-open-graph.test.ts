import { describe, expect, it } from 'vitest';
import { decodeEntities, decodeHtml, PREVIEW_LIMITS, readOpenGraph } from './read-open-graph';

const PAGE = 'https://www.example.com/blog/post?id=1';

describe('readOpenGraph', () => {
  it('reads Open Graph tags, resolving a relative image against the page', () => {
    const html = `<!doctype html><html><head>
      <meta charset="utf-8">
      <title>Ignored when og:title is there</title>
      <meta property="og:title" content="Autumn candles are here">
      <meta property="og:description" content='Hand-poured soy candles, "small batch".'>
      <meta property="og:image" content="/images/autumn.jpg">
      <meta property="og:url" content="https://www.example.com/blog/autumn">
      <meta property="og:site_name" content="Glow Candles">
    </head><body><p>text</p></body></html>`;
    expect(readOpenGraph(html, PAGE)).toEqual({
      title: 'Autumn candles are here',
      description: 'Hand-poured soy candles, "small batch".',
      imageUrl: 'https://www.example.com/images/autumn.jpg',
      url: 'https://www.example.com/blog/autumn',
      siteName: 'Glow Candles',
    });
  });

  it('falls back to Twitter card tags, then <title> and the meta description', () => {
    const twitter = `<head><meta name="twitter:title" content="X title"><meta name="twitter:description" content="X text">
      <meta name="twitter:image" content="img/card.png"><title>Page</title><meta name="description" content="Meta"></head>`;
    expect(readOpenGraph(twitter, PAGE)).toMatchObject({
      title: 'X title',
      description: 'X text',
      imageUrl: 'https://www.example.com/blog/img/card.png',
      siteName: null,
    });
    const plain = '<html><head><TITLE>Plain &amp; simple</TITLE><META NAME=description CONTENT=Short></head>';
    expect(readOpenGraph(plain, PAGE)).toEqual({
      title: 'Plain & simple',
      description: 'Short',
      imageUrl: null,
      url: PAGE,
      siteName: null,
    });
  });

  it('decodes character references and collapses whitespace', () => {
    const html = `<meta property="og:title" content="Caf&eacute; &#8211; caf&#xE9; &amp;amp; &lt;b&gt; &unknown; &#0;">
      <meta property="og:description" content="  two
      lines  ">`;
    expect(readOpenGraph(html, PAGE)).toMatchObject({
      title: 'Café – café &amp; <b> &unknown; \ufffd',
      description: 'two lines',
    });
  });

  it('caps lengths, with an ellipsis', () => {
    const html = `<meta property="og:title" content="${'a'.repeat(500)}"><meta property="og:description" content="${'é'.repeat(900)}">`;
    const card = readOpenGraph(html, PAGE);
    expect(Array.from(card.title ?? '')).toHaveLength(PREVIEW_LIMITS.title);
    expect(card.title?.endsWith('…')).toBe(true);
    expect(Array.from(card.description ?? '')).toHaveLength(PREVIEW_LIMITS.description);
  });

  it('does not read tags inside comments or scripts, nor past the head', () => {
    const html = `<head><!-- <meta property="og:title" content="commented"> -->
      <script>document.write('<meta property="og:title" content="scripted"><title>no</title>')</script>
      <meta property="og:title" content="real"></head>
      <body><meta property="og:description" content="in the body"></body>`;
    expect(readOpenGraph(html, PAGE)).toMatchObject({ title: 'real', description: null });
  });

  it('keeps only http(s) images and honours <base href>', () => {
    expect(
      readOpenGraph('<meta property="og:image" content="javascript:alert(1)">', PAGE).imageUrl,
    ).toBeNull();
    expect(
      readOpenGraph('<meta property="og:image" content="data:image/png;base64,AAAA">', PAGE).imageUrl,
    ).toBeNull();
    expect(
      readOpenGraph(
        '<base href="https://cdn.example.net/assets/"><meta property="og:image" content="a.jpg">',
        PAGE,
      ).imageUrl,
    ).toBe('https://cdn.example.net/assets/a.jpg');
    expect(readOpenGraph('<meta property="og:image" content="//img.example.org/x.jpg">', PAGE).imageUrl).toBe(
      'https://img.example.org/x.jpg',
    );
  });

  it('ignores an og:url on another host (the card shows the domain it links to)', () => {
    expect(readOpenGraph('<meta property="og:url" content="https://bank.example/">', PAGE).url).toBe(PAGE);
  });

  it('reads a page with no head at all, and a broken one, without throwing', () => {
    expect(readOpenGraph('', PAGE)).toEqual({
      title: null,
      description: null,
      imageUrl: null,
      url: PAGE,
      siteName: null,
    });
    expect(readOpenGraph('<meta property="og:title" content="unclosed', PAGE).title).toBeNull();
    expect(readOpenGraph('<title>no end', PAGE).title).toBe('no end');
    expect(readOpenGraph('<<<>>><meta =x><meta property=og:title content=ok>', PAGE).title).toBe('ok');
  });
});

describe('decodeHtml', () => {
  it('uses the header charset, else a <meta charset>, else UTF-8', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><title>Caf\xe9</title>', 'latin1');
    expect(decodeHtml(latin1, null)).toContain('Café');
    expect(decodeHtml(Buffer.from('<title>Café</title>'), null)).toContain('Café');
    expect(decodeHtml(Buffer.from('Caf\xe9', 'latin1'), 'windows-1252')).toBe('Café');
    expect(decodeHtml(Buffer.from('Café'), 'no-such-charset')).toBe('Café');
  });
});

describe('decodeEntities', () => {
  it('decodes numeric and common named references', () => {
    expect(decodeEntities('&quot;hi&quot; &#128512; &#x1F600; &hellip;')).toBe('"hi" 😀 😀 …');
  });
});
