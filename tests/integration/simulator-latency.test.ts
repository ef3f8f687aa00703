import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../setup/app';

/** SANDBOX_LATENCY_MS: the pretend platforms answer as slowly as real ones when asked to. */
describe('simulator latency', () => {
  let slow: TestApp;
  let instant: TestApp;
  beforeAll(async () => {
    [slow, instant] = await Promise.all([
      buildTestApp('pglite', { SANDBOX_LATENCY_MS: '250' }),
      buildTestApp('pglite'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([slow?.close(), instant?.close()]);
  });

  /** The slowest of five calls to the pretend X's API (unauthenticated: refused, after the wait). */
  async function slowestOfFive(t: TestApp) {
    let slowest = 0;
    for (let i = 0; i < 5; i++) {
      const began = performance.now();
      const answer = await t.app.inject({ method: 'GET', url: '/sandbox/twitter/api/2/users/me' });
      expect(answer.statusCode).toBe(401);
      slowest = Math.max(slowest, performance.now() - began);
    }
    return slowest;
  }

  it('makes each answer wait around the median it is given', async () => {
    // Five draws all under 40% of the median happen about once in 10,000 runs.
    expect(await slowestOfFive(slow)).toBeGreaterThan(100);
    expect(slow.config.simulator.latencyMs).toBe(250);
  });

  it('answers at once by default', () => {
    expect(instant.config.simulator.latencyMs).toBe(0);
  });
});
