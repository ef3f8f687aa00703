import { describe, expect, it } from 'vitest';
import { latencyMs } from './simulated-latency';

/** A seeded generator, so the percentiles below are the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the simulator latency', () => {
  it('has the setting as its median and five times it as its 99th percentile', () => {
    const random = seeded(42);
    const draws = Array.from({ length: 20_000 }, () => latencyMs(300, random)).sort((a, b) => a - b);
    const at = (p: number) => draws[Math.floor(p * draws.length)] ?? Number.NaN;
    expect(at(0.5)).toBeGreaterThan(280);
    expect(at(0.5)).toBeLessThan(320);
    expect(at(0.99)).toBeGreaterThan(1_300);
    expect(at(0.99)).toBeLessThan(1_700);
    expect(draws[0]).toBeGreaterThan(0);
  });
});
