import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ProviderDiscovery, watchProviderDiscovery } from './provider-discovery';

/** A loopback issuer whose discovery answers as `mode` says; counts the requests. */
async function issuerServer() {
  const state = { mode: 'down' as 'up' | 'down' | 'hang', requests: 0 };
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    state.requests++;
    if (state.mode === 'hang') return void hanging.push(res);
    if (state.mode === 'down') return res.writeHead(502).end();
    const issuer = `http://${req.headers.host}`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/a`, token_endpoint: `${issuer}/t` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => {
      for (const res of hanging) res.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const quietLog = { info: () => {}, warn: () => {} };

describe('watchProviderDiscovery', () => {
  let watch: ProviderDiscovery | undefined;
  let server: Awaited<ReturnType<typeof issuerServer>> | undefined;
  afterEach(async () => {
    watch?.stop();
    await server?.close();
  });

  it('retries with growing delays while discovery fails, and stops once it is read', async () => {
    server = await issuerServer();
    watch = watchProviderDiscovery({
      issuer: server.issuer,
      timeoutMs: 1000,
      log: quietLog,
      backoff: { initialMs: 50, maxMs: 400 },
    });
    const first = await watch.settled();
    expect(first).toMatchObject({ status: 'unreachable' });
    expect(first.status === 'unreachable' && first.detail).toMatch(/HTTP 502/);
    // 50 + 100 + 200 + 400 ms: five attempts at most in ~0.8 s (not one per tick, not one per call).
    await new Promise((resolve) => setTimeout(resolve, 800));
    for (let i = 0; i < 20; i++) watch.state();
    expect(server.state.requests).toBeGreaterThanOrEqual(3);
    expect(server.state.requests).toBeLessThanOrEqual(5);

    server.state.mode = 'up';
    // The next attempt is at most 400 ms away.
    for (let i = 0; i < 40 && watch.state().status !== 'ok'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(watch.state()).toEqual({ status: 'ok' });
    expect(watch.endpoints()).toEqual({ tokenEndpoint: `${server.issuer}/t`, userinfoEndpoint: undefined });
    const settledAt = server.state.requests;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.state.requests).toBe(settledAt);
  });

  it('says what failed when nothing listens at the issuer', async () => {
    server = await issuerServer();
    const { issuer } = server;
    await server.close();
    server = undefined;
    watch = watchProviderDiscovery({ issuer, timeoutMs: 1000, log: quietLog });
    const state = await watch.settled();
    expect(state.status === 'unreachable' && state.detail).toMatch(/fetch failed: .*ECONNREFUSED/);
  });

  it('gives up on an attempt that does not answer within the time limit', async () => {
    server = await issuerServer();
    server.state.mode = 'hang';
    watch = watchProviderDiscovery({ issuer: server.issuer, timeoutMs: 200, log: quietLog });
    const started = Date.now();
    const state = await watch.settled();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(state.status === 'unreachable' && state.detail).toMatch(/did not answer within 0.2 s/);
  });
});
