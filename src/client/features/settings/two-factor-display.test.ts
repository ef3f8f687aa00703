import { describe, expect, it } from 'vitest';
import { backupCodesFile, defaultPasskeyName, groupSecret, secretOfTotpUri } from './two-factor-display';

describe('secretOfTotpUri', () => {
  it('reads the secret parameter of an otpauth URI', () => {
    expect(
      secretOfTotpUri('otpauth://totp/Kitepost:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Kitepost'),
    ).toBe('JBSWY3DPEHPK3PXP');
  });

  it('drops padding and spaces and uppercases', () => {
    expect(secretOfTotpUri('otpauth://totp/x?secret=jbsw%20y3dp====')).toBe('JBSWY3DP');
  });

  it('answers null for another scheme, no secret or no URI at all', () => {
    expect(secretOfTotpUri('https://example.com/?secret=ABC')).toBeNull();
    expect(secretOfTotpUri('otpauth://totp/x?issuer=Kitepost')).toBeNull();
    expect(secretOfTotpUri('not a uri')).toBeNull();
  });
});

describe('groupSecret', () => {
  it('groups in fours, the last group shorter', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupSecret('')).toBe('');
  });
});

describe('backupCodesFile', () => {
  it('lists every code on its own line under the account and the date', () => {
    const text = backupCodesFile(
      ['aaaaa-bbbbb', 'ccccc-ddddd'],
      'ana@example.com',
      new Date('2026-11-28T01:00:00Z'),
    );
    expect(text).toContain('Account: ana@example.com');
    expect(text).toContain('Created: 2026-11-28');
    expect(text.split('\n')).toEqual(expect.arrayContaining(['aaaaa-bbbbb', 'ccccc-ddddd']));
  });
});

describe('defaultPasskeyName', () => {
  it('names the passkey after the device, or plainly when the device is unknown', () => {
    expect(defaultPasskeyName('Chrome on macOS')).toBe('Chrome on macOS');
    expect(defaultPasskeyName('Unknown device')).toBe('My passkey');
  });
});
