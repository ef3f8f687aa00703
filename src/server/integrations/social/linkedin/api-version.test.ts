import { describe, expect, it } from 'vitest';
import { isActiveLinkedInVersion, linkedInVersionCheck, versionAgeMonths } from './api-version';

const now = new Date('2026-11-27T12:00:00Z');

describe('LinkedIn API versions', () => {
  it('counts a version’s age in calendar months', () => {
    expect(versionAgeMonths('202611', now)).toBe(0);
    expect(versionAgeMonths('202601', now)).toBe(10);
    expect(versionAgeMonths('202512', now)).toBe(11);
    expect(versionAgeMonths('202512.01', now)).toBe(11);
    expect(versionAgeMonths('202613', now)).toBeNull();
    expect(versionAgeMonths('2026-01', now)).toBeNull();
  });

  it('serves the last twelve monthly versions, as LinkedIn does (202504-202603 in March 2026)', () => {
    const march = new Date('2026-03-15T00:00:00Z');
    expect(isActiveLinkedInVersion('202504', march)).toBe(true);
    expect(isActiveLinkedInVersion('202603', march)).toBe(true);
    expect(isActiveLinkedInVersion('202503', march)).toBe(false);
    expect(isActiveLinkedInVersion('202604', march)).toBe(false);
  });

  it('warns in health from ten months on, and says a sunset version is refused', () => {
    expect(linkedInVersionCheck('202602', now)).toEqual({ status: 'ok', version: '202602' });
    expect(linkedInVersionCheck('202601', now)).toMatchObject({
      status: 'warning',
      detail: expect.stringContaining('10 months old'),
    });
    expect(linkedInVersionCheck('202512', now).status).toBe('warning');
    expect(linkedInVersionCheck('202511', now)).toMatchObject({
      status: 'expired',
      detail: expect.stringContaining('426 NONEXISTENT_VERSION'),
    });
    expect(linkedInVersionCheck('202612', now)).toMatchObject({
      status: 'expired',
      detail: expect.stringContaining('not released yet'),
    });
  });
});
