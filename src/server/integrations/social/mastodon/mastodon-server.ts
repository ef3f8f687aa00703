/*
 * Which Mastodon server (instance) the user means, from what they typed: `mastodon.social`,
 * `https://mastodon.social/`, `@me@mastodon.social` or `me@mastodon.social` all name
 * https://mastodon.social. Pure, tested alone (mastodon-server.test.ts).
 */

/** A DNS host name: labels of letters, digits and hyphens, at least one dot, a letter TLD. */
const HOST_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export type ServerReading = { origin: string; host: string } | { refused: string };

const REFUSED =
  'Enter your Mastodon server as its address (mastodon.social) or your full handle (@you@mastodon.social).';

/**
 * The https origin of the server the user typed, or a refusal in words. Only a host name is taken:
 * no IP literal, no port, no path beyond `/`, no user info (Mastodon serves its API at the root
 * of an https origin; an address that is not one is a typo or a probe of our network).
 */
export function readMastodonServer(typed: string): ServerReading {
  let text = typed.trim();
  if (text === '') return { refused: REFUSED };
  // A handle: `@name@host` or `name@host` names the host after the last `@`.
  const handle = /^@?[\p{L}\p{N}_.-]+@([^@\s/]+)$/u.exec(text);
  if (handle?.[1]) text = handle[1];
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { refused: REFUSED };
    }
    if (url.protocol !== 'https:') return { refused: 'Mastodon servers are reached over https only.' };
    if (url.username || url.password || url.port || url.search || url.hash || !/^\/?$/.test(url.pathname)) {
      return { refused: REFUSED };
    }
    text = url.hostname;
  }
  const host = text.replace(/\/$/, '').replace(/\.$/, '').toLowerCase();
  if (/[/:?#@\s\\%]/.test(host)) return { refused: REFUSED };
  let ascii: string;
  try {
    // International names become punycode, as a browser would send them.
    ascii = new URL(`https://${host}`).hostname;
  } catch {
    return { refused: REFUSED };
  }
  if (!HOST_NAME.test(ascii)) return { refused: REFUSED };
  return { origin: `https://${ascii}`, host: ascii };
}
