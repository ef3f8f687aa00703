import { expect, test } from './fixtures';

test('public pages are served with their own title and Open Graph tags', async ({ request }) => {
  const pages: [string, string][] = [
    ['/', 'Kitepost — AI social media marketing for small businesses'],
    ['/integrations', 'Integrations — Kitepost'],
    ['/demo', 'Product tour — Kitepost'],
  ];
  for (const [path, title] of pages) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}"`);
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]{40,}"/);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/og-image\.png"/);
  }
});

test('robots.txt, the favicon and the preview image are served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('Disallow: /api/');
  const icon = await request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  const image = await request.get('/og-image.png');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});
