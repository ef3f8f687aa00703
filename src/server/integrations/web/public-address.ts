import { isIPv4, isIPv6 } from 'node:net';

/*
 * Which IP addresses an outbound fetch may connect to (architecture §11: public addresses only).
 * IPv4: everything but the ranges of IANA's special-purpose registry that are not globally
 * reachable (RFC 6890 and its updates), multicast and the reserved 240/4. IPv6: only global
 * unicast (2000::/3, RFC 4291 §2.4), minus the documentation prefixes and those that embed or
 * relay to an IPv4 address (6to4, Teredo), so that loopback, unique-local (fc00::/7), link-local,
 * multicast, NAT64 and IPv4-mapped/-compatible forms are all outside what is allowed. An
 * IPv4-mapped address (::ffff:a.b.c.d) is refused whatever IPv4 it carries: a name that resolves
 * to one is either a trick or a misconfiguration, and the connection would go to that IPv4.
 * An allow-list for IPv6 and a block-list for IPv4: IPv6 has far fewer public prefixes to name.
 */

export type AddressVerdict = { public: true } | { public: false; range: string };

/** [first address, prefix length, name] */
const IPV4_NOT_PUBLIC: [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared address space (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** Inside 2000::/3 but still not a public host: [first address, prefix length, name]. */
const IPV6_GLOBAL_NOT_PUBLIC: [string, number, string][] = [
  ['2001::', 23, 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4 (embeds an IPv4 address)'],
  ['3fff::', 20, 'documentation'],
];

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** The 128 bits of a valid IPv6 address (with '::' and an embedded dotted IPv4 allowed). */
function ipv6ToBigInt(address: string): bigint {
  let text = address.split('%')[0] ?? address; // a zone index (fe80::1%eth0) names no other host
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    const v4 = ipv4ToBigInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = tail === undefined ? headParts : [...headParts, ...Array(missing).fill('0'), ...tailParts];
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function inPrefix(value: bigint, first: bigint, prefix: number, bits: number): boolean {
  const shift = BigInt(bits - prefix);
  return value >> shift === first >> shift;
}

function classifyIPv4(address: string): AddressVerdict {
  const value = ipv4ToBigInt(address);
  for (const [first, prefix, range] of IPV4_NOT_PUBLIC) {
    if (inPrefix(value, ipv4ToBigInt(first), prefix, 32)) return { public: false, range };
  }
  return { public: true };
}

function classifyIPv6(address: string): AddressVerdict {
  const value = ipv6ToBigInt(address);
  if (value >> 32n === 0xffffn) return { public: false, range: 'IPv4-mapped IPv6' };
  if (!inPrefix(value, ipv6ToBigInt('2000::'), 3, 128)) return { public: false, range: ipv6RangeName(value) };
  for (const [first, prefix, range] of IPV6_GLOBAL_NOT_PUBLIC) {
    if (inPrefix(value, ipv6ToBigInt(first), prefix, 128)) return { public: false, range };
  }
  return { public: true };
}

/** A name for the refusal message and the tests; every one of these is refused alike. */
function ipv6RangeName(value: bigint): string {
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  if (value >> 32n === 0n) return 'IPv4-compatible IPv6';
  const named: [string, number, string][] = [
    ['64:ff9b::', 96, 'NAT64'],
    ['64:ff9b:1::', 48, 'NAT64 (local use)'],
    ['100::', 64, 'discard-only'],
    ['fc00::', 7, 'unique-local'],
    ['fe80::', 10, 'link-local'],
    ['fec0::', 10, 'site-local'],
    ['ff00::', 8, 'multicast'],
  ];
  for (const [first, prefix, range] of named) {
    if (inPrefix(value, ipv6ToBigInt(first), prefix, 128)) return range;
  }
  return 'not global unicast';
}

/**
 * Whether `address` (as DNS or a URL gives it: dotted IPv4, or IPv6 with or without brackets) is
 * a public host. Anything that is not a valid IP address is refused.
 */
export function classifyAddress(address: string): AddressVerdict {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(bare)) return classifyIPv4(bare);
  if (isIPv6(bare)) return classifyIPv6(bare);
  return { public: false, range: 'not an IP address' };
}

/** A CIDR block ('10.0.0.0/8', 'fd00::/8', or one address) that `isInCidr` takes; null if malformed. */
export function parseCidr(text: string): { family: 4 | 6; first: bigint; prefix: number } | null {
  const [address = '', prefixText] = text.trim().split('/');
  const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : 0;
  if (family === 0) return null;
  const bits = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  if (prefix > bits) return null;
  return { family, first: family === 4 ? ipv4ToBigInt(address) : ipv6ToBigInt(address), prefix };
}

/** Whether `address` lies in one of `cidrs` (malformed entries never match; config refuses them). */
export function isInAnyCidr(address: string, cidrs: readonly string[]): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIPv4(bare) ? 4 : isIPv6(bare) ? 6 : 0;
  if (family === 0) return false;
  const value = family === 4 ? ipv4ToBigInt(bare) : ipv6ToBigInt(bare);
  return cidrs.some((text) => {
    const cidr = parseCidr(text);
    return cidr?.family === family && inPrefix(value, cidr.first, cidr.prefix, family === 4 ? 32 : 128);
  });
}
