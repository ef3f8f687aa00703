import type { PublishingPlatform } from '../../../contracts/platforms';

/*
 * The network a visitor came from, read from the Referer when a bio page link carries no `?via=`
 * (issue 29). Only hosts the networks use for their own pages and their outgoing-link
 * redirectors: t.co (X), l.facebook.com and lm.facebook.com (Facebook's link shim),
 * l.instagram.com, lnkd.in (LinkedIn's shortener), l.threads.net, pin.it, youtu.be. Google
 * Business is left out (its visitors come from google.com, as every search does) and so is
 * Mastodon (any server).
 */
const HOSTS: ReadonlyArray<[string, PublishingPlatform]> = [
  ['t.co', 'twitter'],
  ['x.com', 'twitter'],
  ['twitter.com', 'twitter'],
  ['facebook.com', 'facebook'],
  ['fb.com', 'facebook'],
  ['instagram.com', 'instagram'],
  ['lnkd.in', 'linkedin'],
  ['linkedin.com', 'linkedin'],
  ['threads.net', 'threads'],
  ['threads.com', 'threads'],
  ['bsky.app', 'bluesky'],
  ['pinterest.com', 'pinterest'],
  ['pin.it', 'pinterest'],
  ['youtube.com', 'youtube'],
  ['youtu.be', 'youtube'],
  ['tiktok.com', 'tiktok'],
];

/** The network whose host (or a subdomain of it, e.g. l.facebook.com) sent the visitor; else null. */
export function networkFromReferrer(referrer: string | undefined): PublishingPlatform | null {
  if (!referrer || referrer.length > 2048) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    host = url.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
  for (const [domain, platform] of HOSTS) {
    if (host === domain || host.endsWith(`.${domain}`)) return platform;
  }
  return null;
}
