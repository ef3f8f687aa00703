import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/project-root';
import { renderPageHead } from './page-meta';

const indexHtml = readFileSync(`${projectRoot()}/index.html`, 'utf8');
const APP = 'https://app.kitepost.test';
const attr = (html: string, selector: RegExp) => html.match(selector)?.[1];

describe('renderPageHead', () => {
  it('gives each public page its own title, description and Open Graph tags', () => {
    const html = renderPageHead(indexHtml, '/integrations', APP);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe('Integrations — Kitepost');
    expect(attr(html, /name="description"\s+content="([^"]*)"/)).toMatch(
      /Facebook, Instagram, X \(Twitter\)/,
    );
    expect(attr(html, /property="og:title"\s+content="([^"]*)"/)).toBe('Integrations — Kitepost');
    expect(attr(html, /property="og:url"\s+content="([^"]*)"/)).toBe(`${APP}/integrations`);
    expect(attr(html, /property="og:image"\s+content="([^"]*)"/)).toBe(`${APP}/og-image.png`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('uses the home page meta for the app pages and unknown paths', () => {
    for (const path of ['/', '/dashboard', '/nope']) {
      const html = renderPageHead(indexHtml, path, APP);
      expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(
        'Kitepost — AI social media marketing for small businesses',
      );
      expect(attr(html, /property="og:url"\s+content="([^"]*)"/)).toBe(`${APP}/`);
    }
  });

  it('treats a trailing slash like the page itself', () => {
    const html = renderPageHead(indexHtml, '/demo/', APP);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe('Product tour — Kitepost');
    expect(attr(html, /property="og:url"\s+content="([^"]*)"/)).toBe(`${APP}/demo`);
  });
});
