import { describe, expect, it } from 'vitest';
import { checkPublicUrl, publicUrlProblem } from './public-url';

describe('publicUrlProblem', () => {
  it('takes an https URL on a public name or address', () => {
    for (const url of [
      'https://kitepost.example.com',
      'https://app.kitepost.io:8443',
      'https://8.8.8.8',
      'https://[2001:db8::1]',
    ]) {
      expect(publicUrlProblem(url), url).toBeNull();
    }
    expect(checkPublicUrl('https://kitepost.io')).toEqual({ status: 'ok' });
  });

  it('refuses loopback, private, link-local and carrier-grade NAT addresses, v4 and v6', () => {
    for (const url of [
      'https://127.0.0.1',
      'https://10.1.2.3',
      'https://172.16.0.1',
      'https://172.31.255.255',
      'https://192.168.1.20:5000',
      'https://169.254.169.254',
      'https://100.64.0.1',
      'https://0.0.0.0',
      'https://[::1]',
      'https://[fd00::1]',
      'https://[fe80::1]',
      'https://[::ffff:10.0.0.1]',
    ]) {
      expect(publicUrlProblem(url), url).toMatch(/private, loopback or link-local/);
    }
    // Just outside the ranges.
    expect(publicUrlProblem('https://172.32.0.1')).toBeNull();
    expect(publicUrlProblem('https://100.128.0.1')).toBeNull();
  });

  it('refuses local names and plain http', () => {
    for (const url of [
      'https://localhost:5000',
      'https://app.localhost',
      'https://kitepost.local',
      'https://kitepost',
      'https://kitepost.test',
      'https://box.internal',
    ]) {
      expect(publicUrlProblem(url), url).toMatch(/local name/);
    }
    expect(publicUrlProblem('http://kitepost.io')).toBe('http://kitepost.io is not https.');
    expect(checkPublicUrl('http://localhost:5000')).toEqual({
      status: 'unreachable',
      detail: 'localhost:5000 is a local name, not one the internet can resolve.',
    });
  });
});
