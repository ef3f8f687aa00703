// Part of `npm test` after the build: the README's production path (decision 048) on a copy of
// this checkout in a temp folder: its files (git ls-files, so uncommitted edits count), the dist/
// just built, and a node_modules holding only what `npm prune --omit=dev` keeps (every
// package-lock.json entry not marked dev), copied from ours: offline, and a dev-only import of
// the built server fails here as it would in production. Then, with NODE_ENV=production:
//   1. `npm run db:migrate` applies the migrations from dist/;
//   2. `npm start` answers GET /api/health with 200;
//   3. after a source file changes, `npm start` refuses in one line and exits 1 (without
//      NODE_ENV too: the dev dependencies are not there to rebuild);
//   4. without dist/, likewise.
// About 15 s on two cores, most of it the server's start.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkBuild } from './lib/build-stamp.mjs';

const started = Date.now();
class CheckFailed extends Error {}
const fail = (message) => {
  throw new CheckFailed(message);
};

const build = checkBuild();
if (!build.fresh) {
  console.error(`Production start check: dist/ ${build.reason}; run \`npm run build\` first.`);
  process.exit(1);
}

const copy = mkdtempSync(join(tmpdir(), 'kitepost-production-'));
let server;
try {
  // The checkout's files, as a deployment receives them, and the build.
  const files = checkoutFiles().filter((path) => existsSync(path));
  for (const path of files) {
    mkdirSync(join(copy, dirname(path)), { recursive: true });
    cpSync(path, join(copy, path));
  }
  cpSync('dist', join(copy, 'dist'), { recursive: true });

  // The production packages, hard-linked (a copy of ~300 MB takes 20 s here, links under one; nothing
  // in the copy writes into node_modules); nested node_modules folders are entries of their own.
  const { packages } = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  let kept = 0;
  for (const [path, entry] of Object.entries(packages)) {
    if (!path || entry.dev || !existsSync(path)) continue;
    linkTree(path, join(copy, path));
    kept++;
  }
  const { devDependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
  const pruned = Object.keys(devDependencies).filter((name) => !existsSync(join(copy, 'node_modules', name)));
  if (pruned.length === 0) fail('every devDependency was copied: the copy is not pruned.');
  console.log(
    `Copied the checkout, dist/ and ${kept} production packages (${pruned.length} devDependencies left out) in ${seconds(started)} s.`,
  );

  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: join(copy, 'data'),
    SESSION_SECRET: 'production-start-check-session-secret',
    TOKEN_ENCRYPTION_KEY: 'production-start-check-token-encryption-key',
    ADMIN_ACCESS_CODE: 'PRODCHECK1',
  };
  const run = (args, extraEnv = env) =>
    spawnSync('npm', ['run', '--silent', ...args], { cwd: copy, env: extraEnv, encoding: 'utf8' });

  // 1. Migrations from dist/.
  const migrate = run(['db:migrate']);
  if (migrate.status !== 0 || !migrate.stdout.includes('Migrations applied')) {
    fail(`npm run db:migrate exited ${migrate.status}:\n${migrate.stdout}${migrate.stderr}`);
  }
  console.log(
    `npm run db:migrate: applied the migrations from dist/server/migrate.js (${seconds(started)} s).`,
  );

  // 2. The built server answers.
  let output = '';
  // What `npm start` runs, started directly: npm ends itself by the signal it passes on, which
  // would hide the server's exit code.
  server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: copy, env, detached: true });
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, exited, 90_000);
  if (!health) fail(`npm start never answered /api/health:\n${output}`);
  if (health.status !== 200) fail(`/api/health answered ${health.status}: ${health.body}`);
  console.log(
    `npm start: /api/health answered 200 (${JSON.parse(health.body).status}; ${seconds(started)} s).`,
  );
  process.kill(server.pid, 'SIGTERM');
  const code = await exited;
  server = undefined;
  if (code !== 0) fail(`the server exited ${code} on SIGTERM:\n${output}`);

  // 3. A stale build is refused, never rebuilt.
  appendFileSync(join(copy, 'src/server/app.ts'), '\n// changed after the build\n');
  for (const withEnv of [env, { ...env, NODE_ENV: '' }]) {
    expectRefusal(run(['start'], withEnv), /dist\/ is stale: src\/server\/app\.ts changed since the build/);
  }
  // 4. So is a missing one.
  rmSync(join(copy, 'dist'), { recursive: true });
  expectRefusal(run(['start']), /dist\/ is missing/);
  expectRefusal(run(['db:migrate']), /Kitepost could not migrate: dist\/ is missing/);
  console.log('npm start and npm run db:migrate refuse a stale or missing dist/ in one line.');
  console.log(`Production start check passed in ${seconds(started)} s.`);
} catch (error) {
  console.error(
    `Production start check failed: ${error instanceof CheckFailed ? error.message : error.stack}`,
  );
  process.exitCode = 1;
} finally {
  try {
    if (server) process.kill(-server.pid, 'SIGKILL'); // still running after a failed check
  } catch {
    // it had exited already
  }
  rmSync(copy, { recursive: true, force: true });
}

/** The files git tracks or would track (uncommitted edits included); without git, every file but
 * the ignored folders'. */
function checkoutFiles() {
  try {
    return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\0')
      .filter(Boolean);
  } catch {
    const skip = new Set([
      '.git',
      'node_modules',
      'dist',
      'data',
      '.tmp',
      'test-results',
      'playwright-report',
    ]);
    const walk = (dir) =>
      readdirSync(dir || '.', { withFileTypes: true }).flatMap((entry) => {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) return skip.has(path) ? [] : walk(path);
        return entry.isFile() ? [path] : [];
      });
    return walk('');
  }
}

/** `source` into `target` as hard links, leaving out `source`'s own node_modules folder. */
function linkTree(source, target, top = true) {
  const stat = lstatSync(source);
  if (stat.isSymbolicLink()) {
    symlinkSync(readlinkSync(source), target);
  } else if (stat.isDirectory()) {
    mkdirSync(target, { recursive: true });
    for (const name of readdirSync(source)) {
      if (top && name === 'node_modules') continue;
      linkTree(join(source, name), join(target, name), false);
    }
  } else {
    try {
      linkSync(source, target);
    } catch (error) {
      if (error.code !== 'EXDEV') throw error;
      copyFileSync(source, target); // the temp folder is on another file system
    }
  }
}

function expectRefusal(result, pattern) {
  const lines = result.stderr.trim().split('\n');
  if (result.status !== 1 || lines.length !== 1 || !pattern.test(lines[0]) || result.stdout.trim()) {
    fail(
      `expected one line matching ${pattern} and exit 1, got exit ${result.status}:\n${result.stdout}${result.stderr}`,
    );
  }
}

async function waitForHealth(url, exited, timeoutMs) {
  let gone = false;
  exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    try {
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}
