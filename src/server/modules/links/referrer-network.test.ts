import { describe, expect, it } from 'vitest';
import { networkFromReferrer } from './referrer-network';

describe('the network a Referer names (issue 29)', () => {
  it('maps the networks’ link redirectors and own pages', () => {
    expect(networkFromReferrer('https://t.co/')).toBe('twitter');
    expect(networkFromReferrer('https://x.com/bakery/status/1')).toBe('twitter');
    expect(networkFromReferrer('https://l.facebook.com/')).toBe('facebook');
    expect(networkFromReferrer('https://lm.facebook.com/l.php?u=x')).toBe('facebook');
    expect(networkFromReferrer('https://l.instagram.com/')).toBe('instagram');
    expect(networkFromReferrer('https://www.instagram.com/')).toBe('instagram');
    expect(networkFromReferrer('https://lnkd.in/abc')).toBe('linkedin');
    expect(networkFromReferrer('https://www.linkedin.com/')).toBe('linkedin');
    expect(networkFromReferrer('https://l.threads.net/')).toBe('threads');
    expect(networkFromReferrer('https://bsky.app/profile/x')).toBe('bluesky');
    expect(networkFromReferrer('https://pin.it/')).toBe('pinterest');
    expect(networkFromReferrer('https://m.youtube.com/')).toBe('youtube');
    expect(networkFromReferrer('https://www.tiktok.com/')).toBe('tiktok');
    expect(networkFromReferrer('https://WWW.Facebook.COM./')).toBe('facebook');
  });

  it('knows nothing of other hosts, look-alikes, or what is not an http(s) URL', () => {
    expect(networkFromReferrer(undefined)).toBeNull();
    expect(networkFromReferrer('')).toBeNull();
    expect(networkFromReferrer('https://www.google.com/')).toBeNull();
    expect(networkFromReferrer('https://notfacebook.com/')).toBeNull();
    expect(networkFromReferrer('https://facebook.com.evil.example/')).toBeNull();
    expect(networkFromReferrer('android-app://com.instagram.android/')).toBeNull();
    expect(networkFromReferrer('not a url')).toBeNull();
  });
});
