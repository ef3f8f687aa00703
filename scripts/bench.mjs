// `npm run bench`: the performance budgets of architecture §8 that exist so far.
//   1. Landing page first-load JavaScript, gzipped: <= 100 KB (entry script + its modulepreloads).
//   2. Cold start of the built server to a healthy /api/health on an existing embedded
//      database: <= 3 s (median of 5 starts).
// Exits non-zero when a budget is missed. Run `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJs } from './lib/first-load-js.mjs';

const budgets = { landingJsKb: FIRST_LOAD_JS_BUDGET_KB, coldStartMs: 3000 };
let failed = false;
const report = (name, value, budget, unit) => {
  const ok = value <= budget;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name}: ${value.toFixed(1)} ${unit} (budget ${budget} ${unit})`);
};

// 1. Landing first-load JS
const js = firstLoadJs();
report(`landing first-load JS (${js.files.length} files, gzipped)`, js.kb, budgets.landingJsKb, 'KB');

// 2. Cold start
const dataDir = mkdtempSync(join(tmpdir(), 'kitepost-bench-'));
const port = 5099;
async function startOnce() {
  const began = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  let elapsed;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) {
        elapsed = performance.now() - began;
        break;
      }
    } catch {}
    if (performance.now() - began > 30_000) throw new Error('the server did not become healthy in 30 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return elapsed;
}
try {
  const first = await startOnce(); // creates the embedded database
  console.log(`     first start (creates the database): ${(first / 1000).toFixed(2)} s`);
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await startOnce());
  runs.sort((a, b) => a - b);
  report('cold start to healthy /api/health (median of 5)', runs[2], budgets.coldStartMs, 'ms');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
