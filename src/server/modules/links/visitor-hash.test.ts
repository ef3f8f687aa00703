import { describe, expect, it } from 'vitest';
import { visitorHash } from './visitor-hash';

const SALT = 'ab'.repeat(32);
const OTHER_SALT = 'cd'.repeat(32);

describe('the visitor hash (issue 29)', () => {
  it('is 16 bytes of hex, the same for the same address, agent and workspace under one salt', () => {
    const hash = visitorHash(SALT, '203.0.113.7', 'Chrome', 'w1');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash(SALT, '203.0.113.7', 'Chrome', 'w1')).toBe(hash);
  });

  it('differs with the day’s salt, the workspace, the agent or the address, and never holds the address', () => {
    const hash = visitorHash(SALT, '203.0.113.7', 'Chrome', 'w1');
    expect(visitorHash(OTHER_SALT, '203.0.113.7', 'Chrome', 'w1')).not.toBe(hash);
    expect(visitorHash(SALT, '203.0.113.7', 'Chrome', 'w2')).not.toBe(hash);
    expect(visitorHash(SALT, '203.0.113.7', 'Firefox', 'w1')).not.toBe(hash);
    expect(visitorHash(SALT, '203.0.113.8', 'Chrome', 'w1')).not.toBe(hash);
    // The separator keeps the parts apart: "1.2.3.4\nA" + "B" is not "1.2.3.4" + "A\nB".
    expect(visitorHash(SALT, '1.2.3.4\nA', 'B', 'w1')).toBe(visitorHash(SALT, '1.2.3.4', 'A\nB', 'w1'));
  });
});
