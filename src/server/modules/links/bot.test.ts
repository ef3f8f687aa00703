import { describe, expect, it } from 'vitest';
import { isBotAgent, isPrefetch } from './bot';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0.0';

describe('which user agents are bots (issue 29)', () => {
  it('counts browsers, in-app browsers included, as people', () => {
    expect(isBotAgent(CHROME)).toBe(false);
    expect(isBotAgent(IPHONE_INSTAGRAM)).toBe(false);
  });

  it('flags link-preview fetchers, crawlers and command-line clients', () => {
    expect(isBotAgent('facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)')).toBe(
      true,
    );
    expect(isBotAgent('Twitterbot/1.0')).toBe(true);
    expect(isBotAgent('Mozilla/5.0 (compatible; Slackbot-LinkExpanding 1.0)')).toBe(true);
    expect(isBotAgent('curl/8.5.0')).toBe(true);
  });

  it('flags a headless browser: automated, not a person (the e2e tests send a Desktop Chrome agent)', () => {
    expect(isBotAgent(CHROME.replace('Chrome/', 'HeadlessChrome/'))).toBe(true);
  });

  it('flags a request with no user agent at all', () => {
    expect(isBotAgent(undefined)).toBe(true);
    expect(isBotAgent('')).toBe(true);
    expect(isBotAgent('   ')).toBe(true);
  });
});

describe('prefetches (issue 29)', () => {
  it('knows the headers browsers send when fetching ahead of a click', () => {
    expect(isPrefetch({ 'sec-purpose': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'user-agent': CHROME })).toBe(false);
  });
});
