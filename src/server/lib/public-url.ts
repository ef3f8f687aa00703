import { BlockList, isIP } from 'node:net';

/*
 * Whether a URL looks reachable from the internet: Instagram and Facebook download the images we
 * give them by URL themselves ("we will cURL your media … on a public server", Meta's content
 * publishing guide, developers.facebook.com/docs/instagram-platform/content-publishing), so an
 * image on a private address cannot reach them. This only reads the URL (no DNS, no probe): a
 * name that resolves to a private address is not caught, a public name behind a firewall neither.
 */

/** Addresses no platform can reach (RFC 6890 special-purpose ranges, the ones that matter here). */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT, RFC 6598
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // RFC 1918
  ['192.168.0.0', 16], // RFC 1918
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local, RFC 4193
  ['fe80::', 10], // link-local
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** Names that only ever mean this machine or a private network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|lan|home\.arpa|test|example|invalid)$/i;

export interface PublicUrlCheck {
  status: 'ok' | 'unreachable';
  /** Why not, in words for an operator; absent when it looks public. */
  detail?: string;
}

/** Why `url` cannot be fetched from the internet, or null when it looks public (https, public host). */
export function publicUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} is not a URL.`;
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const ip = isIP(host);
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is its IPv4 address.
  const mapped = ip === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host)?.[1] : undefined;
  if (
    mapped
      ? privateRanges.check(mapped, 'ipv4')
      : ip !== 0 && privateRanges.check(host, ip === 4 ? 'ipv4' : 'ipv6')
  ) {
    return `${parsed.origin} is a private, loopback or link-local address.`;
  }
  if (ip === 0 && (LOCAL_NAME.test(host) || !host.includes('.'))) {
    return `${parsed.host} is a local name, not one the internet can resolve.`;
  }
  // Instagram's and Facebook's downloader are documented against public https URLs; plain http
  // is also refused by browsers' mixed-content rules for the app itself.
  if (parsed.protocol !== 'https:') return `${parsed.origin} is not https.`;
  return null;
}

/** APP_URL as /api/health and the start-up log say it. */
export function checkPublicUrl(url: string): PublicUrlCheck {
  const problem = publicUrlProblem(url);
  return problem === null ? { status: 'ok' } : { status: 'unreachable', detail: problem };
}
