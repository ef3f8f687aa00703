// `npm test`: every check, in order, stopping at the first failure: types, lint, import rules
// (decision 050), unit and integration tests (PGlite and PostgreSQL), a production build and its
// JS budget, browser tests in Chromium.
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
  ['import rules', 'npm run --silent lint:deps'],
  ['unit and integration tests', 'npx vitest run'],
  ['build', 'npm run --silent build'],
  ['first-load JS budget', 'node scripts/check-bundle-budget.mjs'],
  ['end-to-end tests', 'npx playwright test'],
];
for (const [name, command] of steps) {
  console.log(`\n=== ${name}: ${command}`);
  try {
    execSync(command, { stdio: 'inherit' });
  } catch {
    console.error(`\n${name} failed.`);
    process.exit(1);
  }
}
console.log('\nAll checks passed.');
