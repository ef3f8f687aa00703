import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

const agents = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  headlessLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.6367.29 Safari/537.36',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('describeUserAgent', () => {
  it.each([
    ['chromeMac', 'Chrome on macOS', false],
    ['safariMac', 'Safari on macOS', false],
    ['safariIphone', 'Safari on iPhone', true],
    ['chromeIphone', 'Chrome on iPhone', true],
    ['firefoxWindows', 'Firefox on Windows', false],
    ['edgeWindows', 'Edge on Windows', false],
    ['chromeAndroid', 'Chrome on Android', true],
    ['samsungAndroid', 'Samsung Internet on Android', true],
    ['headlessLinux', 'Chrome on Linux', false],
    ['operaWindows', 'Opera on Windows', false],
    ['ipad', 'Safari on iPad', true],
    ['chromebook', 'Chrome on ChromeOS', false],
  ] as const)('names %s as %s', (agent, label, mobile) => {
    const device = describeUserAgent(agents[agent]);
    expect(device.label).toBe(label);
    expect(device.mobile).toBe(mobile);
  });

  it('says "Unknown device" when there is no header', () => {
    expect(describeUserAgent(null).label).toBe('Unknown device');
    expect(describeUserAgent('   ').label).toBe('Unknown device');
  });

  it('names a program that is not a browser by its own name', () => {
    expect(describeUserAgent('curl/8.4.0').label).toBe('curl');
    expect(describeUserAgent('node-fetch/1.0 (+https://github.com/bitinn/node-fetch)').label).toBe(
      'node-fetch',
    );
  });

  it('keeps what it knows of a browser it does not', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) SomeBrowser/1.0').label).toBe(
      'A browser on Linux',
    );
    expect(describeUserAgent('Mozilla/5.0 (compatible)').label).toBe('Unknown device');
    expect(describeUserAgent('<script>alert(1)</script>').label).toBe('Unknown device');
  });
});
