import { describe, expect, it } from 'vitest';
import { readMastodonServer } from './mastodon-server';

describe('readMastodonServer', () => {
  it.each([
    ['mastodon.social', 'https://mastodon.social'],
    [' Mastodon.Social ', 'https://mastodon.social'],
    ['https://mastodon.social/', 'https://mastodon.social'],
    ['https://mastodon.social', 'https://mastodon.social'],
    ['mastodon.social/', 'https://mastodon.social'],
    ['@me@mastodon.social', 'https://mastodon.social'],
    ['me@fosstodon.org', 'https://fosstodon.org'],
    ['@me_2@social.example.co.uk', 'https://social.example.co.uk'],
    ['mastodon.social.', 'https://mastodon.social'],
    ['bücher.social', 'https://xn--bcher-kva.social'],
  ])('%s names %s', (typed, origin) => {
    expect(readMastodonServer(typed)).toEqual({ origin, host: new URL(origin).hostname });
  });

  it.each([
    '',
    'mastodon',
    'http://mastodon.social',
    'https://mastodon.social:8443',
    'https://mastodon.social/@me',
    'https://user:pw@mastodon.social',
    'mastodon.social/about',
    '127.0.0.1',
    'https://[::1]/',
    'ftp://mastodon.social',
    'mastodon .social',
    '@me',
    'localhost',
    'a@b@c.social',
  ])('refuses %j with words', (typed) => {
    const read = readMastodonServer(typed);
    expect(read).toHaveProperty('refused');
    expect((read as { refused: string }).refused).toMatch(/Mastodon server|https only/);
  });
});
