import { describe, expect, it } from 'vitest';
import { bioColours } from './bio-page-css';
import { type BioPageInput, renderBioDocument, renderBioPage } from './bio-page-html';

const input: BioPageInput = {
  brand: {
    name: 'Bench Bakery',
    description: 'Sourdough since 1998.',
    logoUrl: '/media/logo.thumb.webp?exp=1&sig=a',
    primaryColour: '#facc15',
    accentColour: null,
  },
  page: { title: 'Bench Bakery', description: '', showPosts: true },
  links: [
    { title: 'Order online', href: '/l/AbCdEfGh12', thumbnailUrl: null },
    { title: 'Menu', href: '/l/ZyXwVuTs98', thumbnailUrl: '/media/t.thumb.webp' },
  ],
  posts: [
    {
      href: 'https://x.example/p/1',
      imageUrl: '/media/p.thumb.webp',
      alt: 'Loaves on a rack',
      text: 'New bread',
    },
    { href: 'https://x.example/p/2', imageUrl: null, alt: '', text: 'Open on Sunday' },
  ],
  meta: {
    canonicalUrl: 'https://kitepost.test/@bench-bakery',
    ogImage: 'https://kitepost.test/media/logo.png',
    lang: 'en',
  },
};

describe('bio page renderer', () => {
  it('writes the head a link preview reads', () => {
    const page = renderBioDocument(input);
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    for (const tag of [
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<title>Bench Bakery</title>',
      '<meta name="description" content="Sourdough since 1998.">',
      '<link rel="canonical" href="https://kitepost.test/@bench-bakery">',
      '<meta property="og:type" content="profile">',
      '<meta property="og:title" content="Bench Bakery">',
      '<meta property="og:url" content="https://kitepost.test/@bench-bakery">',
      '<meta property="og:image" content="https://kitepost.test/media/logo.png">',
      '<meta name="twitter:card" content="summary">',
    ]) {
      expect(page).toContain(tag);
    }
    expect(page).not.toContain('<script');
    expect(page).not.toMatch(/@import|@font-face|<link rel="stylesheet"/);
  });

  it('escapes every user text', () => {
    const hostile = '"><script>alert(1)</script>';
    const { head, body } = renderBioPage({
      ...input,
      brand: { ...input.brand, name: hostile, description: hostile },
      page: { ...input.page, title: hostile },
      links: [{ title: hostile, href: 'javascript:"x"', thumbnailUrl: null }],
      posts: [{ href: 'https://x.example/"a', imageUrl: null, alt: hostile, text: hostile }],
    });
    expect(head + body).not.toContain('<script');
    expect(body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('href="https://x.example/&quot;a"');
  });

  it('shows the links in order, thumbnails sized, posts only when asked', () => {
    const { body } = renderBioPage(input);
    expect(body.indexOf('Order online')).toBeLessThan(body.indexOf('Menu'));
    expect(body).toContain('<img class="bio-thumb" src="/media/t.thumb.webp" alt="" width="44" height="44">');
    expect(body).toContain('alt="Loaves on a rack" width="400" height="400" loading="lazy"');
    expect(body).toContain('<span class="bio-tile-text">Open on Sunday</span>');
    expect(renderBioPage({ ...input, page: { ...input.page, showPosts: false } }).body).not.toContain(
      'Latest posts',
    );
  });

  it('colours buttons by contrast and keeps a pale brand colour off text', () => {
    expect(bioColours('#facc15', null)).toEqual({
      brand: '#facc15',
      onBrand: '#000000',
      accent: '#facc15',
      brandText: '#111827',
    });
    expect(bioColours('#1d4ed8', '#f59e0b')).toMatchObject({ onBrand: '#ffffff', brandText: '#1d4ed8' });
    expect(renderBioPage(input).css).toContain('--on-brand:#000000');
  });

  it('shows an initial without a logo', () => {
    const { body } = renderBioPage({ ...input, brand: { ...input.brand, logoUrl: null } });
    expect(body).toContain('<div class="bio-logo bio-initial" aria-hidden="true">B</div>');
  });
});
