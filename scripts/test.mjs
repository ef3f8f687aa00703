// `npm test`: every check, in order, stopping at the first failure: types, lint, dead code, import
// rules (decision 050), unit and integration tests (PGlite and PostgreSQL), a production build, its
// JS budget and its start without devDependencies, every bench in its smoke mode, browser tests in
// Chromium.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(
    `The browser tests need Debian's Chromium at ${CHROMIUM}.\n` +
      'Install it with: apt-get update && apt-get install -y chromium   (.ci/run does this itself)',
  );
  process.exit(1);
}

const steps = [
  ['typecheck', 'npm run --silent typecheck'],
  ['lint', 'npm run --silent lint'],
  // Unused files, exports, types and dependencies (knip.jsonc); a stale ignore entry fails too.
  ['dead code (knip)', 'npx knip --no-progress --treat-config-hints-as-errors'],
  ['import rules', 'npm run --silent lint:deps'],
  ['unit and integration tests', 'npx vitest run'],
  ['build', 'npm run --silent build'],
  ['JS budgets (landing first load, each signed-in route)', 'node scripts/check-bundle-budget.mjs'],
  ['production start (a built, pruned copy)', 'node scripts/check-production-start.mjs'],
  // Every bench in its smoke mode (tiny sizes, budgets not asserted): a change that stops one from
  // running fails here, not months later when someone needs its figures (issue 22).
  ['benchmarks (smoke)', 'node scripts/bench-all.mjs --smoke'],
  ['end-to-end tests', 'npx playwright test'],
];
// Each step's time, printed at the end (and on a failure): CI must stay under 30 minutes on two
// cores, so a step that grows shows here first.
const times = [];
const seconds = (since) => Math.round((performance.now() - since) / 1000);
function printTimes() {
  const width = Math.max(...times.map(([name]) => name.length));
  console.log('\nTime per step:');
  for (const [name, took] of times) console.log(`  ${name.padEnd(width)}  ${String(took).padStart(5)} s`);
  const total = times.reduce((sum, [, took]) => sum + took, 0);
  console.log(`  ${'total'.padEnd(width)}  ${String(total).padStart(5)} s (${(total / 60).toFixed(1)} min)`);
}
for (const [name, command] of steps) {
  console.log(`\n=== ${name}: ${command}`);
  const started = performance.now();
  try {
    execSync(command, { stdio: 'inherit' });
    times.push([name, seconds(started)]);
  } catch {
    times.push([`${name} (failed)`, seconds(started)]);
    printTimes();
    console.error(`\n${name} failed.`);
    process.exit(1);
  }
}
printTimes();
console.log('\nAll checks passed.');
