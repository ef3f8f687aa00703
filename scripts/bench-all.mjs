// `npm run bench:all`: every bench, one after the other, then one markdown table of every figure
// (value, budget, verdict, and the 1-minute load average when it was taken) on stdout and in
// .tmp/bench-table.md, to paste into a closing note. Builds once first (`npm run build`, unless
// dist/ is fresh); no bench builds again. Full runs assert budgets: every bench runs even when an
// earlier one missed or broke, and this exits 1 at the end if any did.
//
// `--smoke` (a step of `npm test`): every bench in its smoke mode (scripts/lib/bench-runner.mjs):
// tiny sizes, budgets not asserted, exit 1 only when a bench broke. Two at a time: a smoke run's
// figures mean nothing, and most of its time is waiting (servers starting, a publish lease running
// out, PostgreSQL down on purpose), so pairs overlap their waits; a full run is never shared.
// Each bench's output is printed whole when it ends. Table in .tmp/bench-smoke-table.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { inParallel } from './lib/app-process.mjs';
import { checkBuild } from './lib/build-stamp.mjs';
import { hasPostgres, POSTGRES_BIN } from './lib/pg-cluster.mjs';

const BENCHES = [
  ['bench', 'scripts/bench.mjs'],
  ['bench:web', 'scripts/bench-web.mjs'],
  ['bench:api', 'scripts/bench-api.mjs'],
  ['bench:publish', 'scripts/bench-publish.mjs'],
  ['bench:publish --sustained', 'scripts/bench-publish.mjs', '--sustained'],
  ['bench:chaos', 'scripts/bench-chaos.mjs'],
];
/** These start a throw-away PostgreSQL 15 (scripts/lib/pg-cluster.mjs). */
const NEED_POSTGRES = ['bench:api', 'bench:publish', 'bench:publish --sustained', 'bench:chaos'];
const smoke = process.argv.includes('--smoke');
const width = smoke ? 2 : 1;
const resultsDir = join('.tmp', smoke ? 'bench-smoke-results' : 'bench-results');
const tablePath = join('.tmp', smoke ? 'bench-smoke-table.md' : 'bench-table.md');
const began = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const build = checkBuild();
// A stamp written after `build:server` alone lacks the embedded database's template (decision 053).
if (!build.fresh || !existsSync('dist/pglite-template')) {
  console.log(
    `dist/ ${build.fresh ? 'has no pglite-template' : build.reason}: building once for every bench...`,
  );
  await run('npm', ['run', '--silent', 'build'], { echo: true });
}

/** Runs a command; resolves with its exit code and everything it printed (`echo`: as it comes too). */
function run(command, args, { env = process.env, echo = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      if (echo) process.stderr.write(chunk);
    });
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

// Longest first, so that the two lanes of a smoke run end about together.
const LONGEST_FIRST = [
  'bench:publish',
  'bench:web',
  'bench:publish --sustained',
  'bench:api',
  'bench:chaos',
  'bench',
];
const order = smoke ? LONGEST_FIRST.map((name) => BENCHES.find(([n]) => n === name)) : BENCHES;
const outcomes = [];
// As the database tests do (tests/setup/global-postgres.ts): a developer machine without the
// PostgreSQL binaries skips what needs them in a smoke run and says so; CI never may.
const skipPostgres = smoke && !hasPostgres() && process.env.CI !== 'true';
if (skipPostgres) {
  console.log(
    `No PostgreSQL binaries in ${POSTGRES_BIN}: skipping ${NEED_POSTGRES.join(', ')} (CI never does).`,
  );
  for (const name of NEED_POSTGRES) outcomes.push({ name, code: 0, skipped: true });
}
await inParallel(
  skipPostgres ? order.filter(([name]) => !NEED_POSTGRES.includes(name)) : order,
  width,
  async ([name, file, ...args]) => {
    const resultsFile = join(resultsDir, `${name.replace(/[: ]+/g, '-')}.json`);
    const started = performance.now();
    const command = [file, ...args, ...(smoke ? ['--smoke'] : [])];
    if (width === 1) console.log(`\n=== ${name}: node ${command.join(' ')}`);
    const { code, output } = await run(process.execPath, command, {
      env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
      echo: width === 1,
    });
    if (width > 1) process.stdout.write(`\n=== ${name}: node ${command.join(' ')}\n${output}`);
    console.log(`=== ${name}: exit ${code} after ${seconds(started)} s`);
    const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : null;
    // A bench that could not even load (a bad import) wrote no results: its first error line says why.
    const firstError = (output.split('\n').find((line) => /Error\b/.test(line)) ?? '').trim().slice(0, 240);
    outcomes.push({ name, code, results, firstError });
  },
);

// In the order of BENCHES, whatever order they finished in.
outcomes.sort((a, b) => BENCHES.findIndex(([n]) => n === a.name) - BENCHES.findIndex(([n]) => n === b.name));
const cell = (text) => String(text).replace(/\|/g, '\\|');
const rows = [];
for (const { name, code, results, firstError, skipped } of outcomes) {
  if (skipped) {
    rows.push([
      name,
      'the bench itself',
      '—',
      'runs to the end',
      `skipped: no PostgreSQL binaries in ${POSTGRES_BIN}`,
      '—',
    ]);
    continue;
  }
  for (const f of results?.figures ?? [])
    rows.push([name, f.label, f.shown, f.budget || '—', f.verdict, f.load.toFixed(2)]);
  if (!results)
    rows.push([name, 'the bench itself', '—', 'runs to the end', `BROKE (exit ${code}): ${firstError}`, '—']);
  else if (results.broken)
    rows.push([name, 'the bench itself', '—', 'runs to the end', `BROKE: ${results.broken}`, '—']);
}
const failed = outcomes.filter(({ code }) => code !== 0).map(({ name }) => name);
const table = [
  `Benchmarks${smoke ? ' (smoke mode: tiny sizes, budgets not asserted)' : ''}, ${new Date().toISOString()}, ` +
    `${cpus().length} cores, 1-minute load average ${loadavg()[0].toFixed(2)} at the end, ${seconds(began)} s in all.`,
  '',
  '| Bench | Figure | Value | Budget | Verdict | Load (1 min) |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  '',
  failed.length === 0
    ? `Every bench ${smoke ? 'ran to the end' : 'passed'}.`
    : `${smoke ? 'Broken' : 'Failed or broken'}: ${failed.join(', ')}.`,
].join('\n');
mkdirSync('.tmp', { recursive: true });
writeFileSync(tablePath, `${table}\n`);
console.log(`\n${table}\n\n(written to ${tablePath})`);
process.exit(failed.length === 0 ? 0 : 1);
