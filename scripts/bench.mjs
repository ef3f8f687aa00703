// `npm run bench`: the performance budgets of architecture §8 that need no load.
//   1. Landing page first-load JavaScript, gzipped: <= 100 KB (entry script + its modulepreloads).
//   2. Each signed-in route's own JavaScript on top of the shell, gzipped: <= 80 KB
//      (scripts/lib/route-js.mjs; what it loads later, as parts come into view, is printed).
//   3. Cold start of the built server (production settings) to a healthy /api/health on an
//      existing embedded database: median <= 2 s (of 5 starts; the first start, which creates the
//      database from dist/pglite-template, is printed, not budgeted: bench:api budgets its memory).
//   4. A resumable upload (tus, /api/uploads) of a 200 MB video through the built server: its peak
//      RSS growth < 100 MB (the bytes are never held in memory), and the throughput in MB/s, ingest
//      (probe, poster, storage) included (scripts/lib/upload-bench.mjs; 8 MB in smoke mode).
// Builds first unless dist/ is fresh. Exits non-zero when a budget is missed. `--smoke`: one
// measured start instead of five, budgets not asserted (scripts/lib/bench-runner.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productionEnv, signUp, startServer, stopServer } from './lib/app-process.mjs';
import { createBench, START_TIMEOUT_MS } from './lib/bench-runner.mjs';
import { onCleanUp } from './lib/cleanups.mjs';
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJs } from './lib/first-load-js.mjs';
import { freePort } from './lib/pg-cluster.mjs';
import { ROUTE_JS_BUDGET_KB, routeJs } from './lib/route-js.mjs';
import { paddedVideoPath, uploadThroughTus, writePaddedVideo } from './lib/upload-bench.mjs';

const bench = createBench('bench', {
  sizes: { starts: [5, 1], uploadMb: [200, 8] },
  env: { starts: 'BENCH_STARTS', uploadMb: 'BENCH_UPLOAD_MB' },
});
const COLD_START_BUDGET_MS = 2000;
const UPLOAD_RSS_GROWTH_BUDGET_MB = 100;

await bench.run(async () => {
  bench.build('all');

  // 1. Landing first-load JS
  const js = firstLoadJs();
  bench.figure(`landing first-load JS (${js.files.length} files, gzipped)`, js.kb, {
    unit: 'KB',
    digits: 1,
    budget: ['<=', FIRST_LOAD_JS_BUDGET_KB],
  });

  // 2. Each signed-in route's own JS
  const { shellKb, routes } = routeJs();
  bench.figure('signed-in shell JS (entry + app shell, gzipped)', shellKb, { unit: 'KB', digits: 1 });
  for (const route of routes) {
    bench.figure(`${route.path} own JS on top of the shell (gzipped)`, route.kb, {
      unit: 'KB',
      digits: 1,
      budget: ['<=', ROUTE_JS_BUDGET_KB],
    });
    if (route.laterKb > 0)
      bench.figure(`${route.path} JS loaded as its parts are shown (gzipped)`, route.laterKb, {
        unit: 'KB',
        digits: 1,
      });
  }

  // 3. Cold start
  const dataDir = mkdtempSync(join(tmpdir(), 'kitepost-bench-'));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = productionEnv({ port: await freePort(), dataDir });
  const startOnce = async () => {
    const began = performance.now();
    const child = await startServer('all', env, { timeoutMs: START_TIMEOUT_MS });
    const elapsed = performance.now() - began;
    await stopServer(child);
    return elapsed;
  };
  const first = await startOnce();
  bench.figure('first start, which creates the embedded database', first / 1000, { unit: 's', digits: 2 });
  const runs = [];
  for (let i = 0; i < bench.size.starts; i++) runs.push(await startOnce());
  runs.sort((a, b) => a - b);
  bench.figure(
    `cold start to a healthy /api/health (median of ${runs.length})`,
    runs[Math.floor(runs.length / 2)],
    { unit: 'ms', budget: ['<=', COLD_START_BUDGET_MS] },
  );

  // 4. A large resumable upload
  const uploadSize = bench.size.uploadMb * 1024 * 1024;
  const videoPath = paddedVideoPath(dataDir);
  await writePaddedVideo(videoPath, uploadSize);
  const server = await startServer('all', env, { timeoutMs: START_TIMEOUT_MS });
  try {
    const cookie = await signUp(env.APP_URL, `bench-upload-${Date.now()}@example.com`);
    const result = await uploadThroughTus({
      baseUrl: env.APP_URL,
      cookie,
      pid: server.pid,
      path: videoPath,
      sizeBytes: uploadSize,
    });
    bench.figure(
      `upload of a ${bench.size.uploadMb} MB video: stored as a video of that size`,
      result.media.kind === 'video' && result.media.sizeBytes === uploadSize ? 1 : 0,
      { budget: ['>=', 1], always: true },
    );
    bench.figure(`upload of ${bench.size.uploadMb} MB: server RSS before`, result.beforeMb, {
      unit: 'MB',
      digits: 1,
    });
    bench.figure(`upload of ${bench.size.uploadMb} MB: peak server RSS growth`, result.peakGrowthMb, {
      unit: 'MB',
      digits: 1,
      budget: ['<', UPLOAD_RSS_GROWTH_BUDGET_MB],
    });
    bench.figure(`upload of ${bench.size.uploadMb} MB: throughput, ingest included`, result.mbPerSecond, {
      unit: 'MB/s',
      digits: 1,
    });
  } finally {
    await stopServer(server);
  }
});
