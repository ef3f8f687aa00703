import type { FastifyInstance } from 'fastify';

/*
 * How long the pretend platforms take to answer (SANDBOX_LATENCY_MS). Real platforms answer a
 * call in hundreds of milliseconds, with a long tail, and take longer for uploads; a simulator
 * that answers at once hides what that costs the publishing engine (issue 22, item 4). Each
 * answer waits a time drawn from a log-normal distribution whose median is the setting and whose
 * 99th percentile is five times it; an upload (a request with a body over 64 KB) three times as long.
 */

/** p99 / median of one call's wait: 300 ms median, 1.5 s p99, as the issue measured. */
const TAIL = 5;
/** The standard normal's 99th percentile. */
const Z99 = 2.326;
const SIGMA = Math.log(TAIL) / Z99;
const UPLOAD_FACTOR = 3;
const UPLOAD_BYTES = 64 * 1024;

/** One draw: `median` × e^(σ·N(0,1)) (Box–Muller). `random` is injectable for the tests. */
export function latencyMs(median: number, random: () => number = Math.random): number {
  const u = 1 - random(); // (0, 1]: log(0) is not a number
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return median * Math.exp(SIGMA * normal);
}

/** Every answer of the simulator's routes in `scope` waits, when `medianMs` is above 0. */
export function addSimulatedLatency(scope: FastifyInstance, medianMs: number): void {
  if (medianMs <= 0) return;
  scope.addHook('onRequest', async (request) => {
    const upload = Number(request.headers['content-length'] ?? 0) > UPLOAD_BYTES;
    const wait = latencyMs(medianMs * (upload ? UPLOAD_FACTOR : 1));
    await new Promise((resolve) => setTimeout(resolve, wait));
  });
}
