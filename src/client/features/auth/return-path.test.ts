import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps paths inside the app, with their query', () => {
    expect(safeReturnPath('/subscribe?plan=starter')).toBe('/subscribe?plan=starter');
    expect(safeReturnPath('/settings#subscription')).toBe('/settings#subscription');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    expect(safeReturnPath('//evil.example/subscribe')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
    expect(safeReturnPath('subscribe')).toBeNull();
  });

  it('refuses empty, over-long and control-character values', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(600)}`)).toBeNull();
    expect(safeReturnPath('/subscribe\n//evil.example')).toBeNull();
    expect(safeReturnPath('/sub\tscribe')).toBeNull();
  });
});
