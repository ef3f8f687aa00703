import { describe, expect, it } from 'vitest';
import { classifyAddress, isInAnyCidr, parseCidr } from './public-address';

/** What the URL parser makes of a host (decimal, octal, hex IPv4 forms become dotted ones). */
const hostOf = (url: string) => new URL(url).hostname;

describe('classifyAddress', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'shared address space (CGNAT)'],
    ['100.127.255.254', 'shared address space (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.10', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('refuses IPv4 %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toEqual({ public: false, range });
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.1',
    '198.17.255.255',
    '223.255.255.255',
  ])('allows public IPv4 %s', (address) => {
    expect(classifyAddress(address)).toEqual({ public: true });
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped IPv6'],
    ['::ffff:7f00:1', 'IPv4-mapped IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped IPv6'],
    ['::127.0.0.1', 'IPv4-compatible IPv6'],
    ['64:ff9b::a00:1', 'NAT64'],
    ['100::1', 'discard-only'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
    ['2002:7f00:1::1', '6to4 (embeds an IPv4 address)'],
    ['3fff::1', 'documentation'],
  ])('refuses IPv6 %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toEqual({ public: false, range });
  });

  it.each(['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '[2001:4860:4860::8888]'])(
    'allows global unicast IPv6 %s',
    (address) => {
      expect(classifyAddress(address)).toEqual({ public: true });
    },
  );

  it('refuses what is not an IP address', () => {
    expect(classifyAddress('localhost')).toEqual({ public: false, range: 'not an IP address' });
    expect(classifyAddress('127.1')).toEqual({ public: false, range: 'not an IP address' });
    expect(classifyAddress('')).toEqual({ public: false, range: 'not an IP address' });
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://012.0.0.1/', '10.0.0.1'],
    ['http://0xa9fea9fe/', '169.254.169.254'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://[0:0:0:0:0:ffff:7f00:0001]/', '[::ffff:7f00:1]'],
  ])('refuses %s: the URL parser gives %s', (url, host) => {
    expect(hostOf(url)).toBe(host);
    expect(classifyAddress(hostOf(url)).public).toBe(false);
  });
});

describe('private allow-list (CIDR)', () => {
  it('matches addresses inside the blocks of the same family only', () => {
    expect(isInAnyCidr('127.0.0.2', ['127.0.0.2/32'])).toBe(true);
    expect(isInAnyCidr('127.0.0.1', ['127.0.0.2/32'])).toBe(false);
    expect(isInAnyCidr('127.0.0.1', ['127.0.0.2'])).toBe(false);
    expect(isInAnyCidr('10.9.8.7', ['192.168.0.0/16', '10.0.0.0/8'])).toBe(true);
    expect(isInAnyCidr('::1', ['127.0.0.0/8'])).toBe(false);
    expect(isInAnyCidr('fd00::5', ['fd00::/8'])).toBe(true);
    expect(isInAnyCidr('[fd00::5]', ['fd00::/8'])).toBe(true);
    expect(isInAnyCidr('10.0.0.1', [])).toBe(false);
  });

  it('refuses malformed blocks', () => {
    for (const text of [
      '10.0.0.0/33',
      '10.0.0.0/',
      '10.0.0.0/x',
      'localhost/8',
      'fd00::/129',
      '10.0.0.0/-1',
    ]) {
      expect(parseCidr(text)).toBeNull();
    }
    expect(parseCidr('10.0.0.0/8')).toEqual({ family: 4, first: 10n << 24n, prefix: 8 });
  });
});
