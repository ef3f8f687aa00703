// Whether dist/ holds a build of the sources beside it (decision 048). `npm run build` ends by
// writing dist/build.json, a hash of every file the build reads; `npm start` and
// `npm run db:migrate` compare it with the files as they are now before running dist/.
// Contents, not modification times: a copy or a checkout that touches files without changing them
// is not stale, and an edit is stale whatever its clock says. Hashing the ~800 inputs takes a few
// tens of milliseconds, once per start. Node built-ins only: this runs where devDependencies were
// pruned.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const STAMP = 'dist/build.json';
/** What the build produces; a stamp without one of them is an interrupted or partial build. */
const OUTPUTS = [
  'dist/client/index.html',
  'dist/pages/index.html',
  'dist/server/main.js',
  'dist/server/migrate.js',
];
/** What the build reads: the client's and the server's sources, its configuration, the locked
 * package versions. Tests are never built, so editing one does not make dist/ stale. */
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/prerender.mjs',
  'scripts/build-server.mjs',
  'package-lock.json',
];
const isTest = (path) => /\.test\.tsx?$/.test(path);

function listFiles(root, path, into) {
  const full = join(root, path);
  if (!existsSync(full)) return into;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) listFiles(root, join(path, name), into);
  } else if (!isTest(path)) {
    into.push(path.split(sep).join('/'));
  }
  return into;
}

/** path → sha1 of its contents, for every build input under `root`. */
export function hashInputs(root = '.') {
  const files = {};
  for (const input of INPUTS) {
    for (const path of listFiles(root, input, [])) {
      files[path] = createHash('sha1')
        .update(readFileSync(join(root, path)))
        .digest('hex');
    }
  }
  return files;
}

/** Run first by `npm run build`: an interrupted build leaves no stamp, so it is never taken for fresh. */
export function clearStamp(root = '.') {
  rmSync(join(root, STAMP), { force: true });
}

/** Run last by `npm run build`, once every output is written, with the inputs hashed before it
 * began (a file edited during the build is then stale, as it should be). */
export function writeStamp(files, root = '.') {
  mkdirSync(join(root, 'dist'), { recursive: true });
  const stamp = { builtAt: new Date().toISOString(), files };
  writeFileSync(join(root, STAMP), `${JSON.stringify(stamp, null, 1)}\n`);
}

/**
 * `{ fresh: true }`, or `{ fresh: false, reason }` with a reason that completes
 * "dist/ ...": "is missing", "is stale: src/server/app.ts changed since the build".
 */
export function checkBuild(root = '.') {
  if (!existsSync(join(root, STAMP))) {
    const anyOutput = OUTPUTS.some((path) => existsSync(join(root, path)));
    return { fresh: false, reason: anyOutput ? 'has no build stamp (dist/build.json)' : 'is missing' };
  }
  const missing = OUTPUTS.find((path) => !existsSync(join(root, path)));
  if (missing) return { fresh: false, reason: `is incomplete: ${relative('dist', missing)} is missing` };
  let built;
  try {
    built = JSON.parse(readFileSync(join(root, STAMP), 'utf8')).files;
  } catch {
    built = undefined;
  }
  if (!built || typeof built !== 'object') return { fresh: false, reason: 'has an unreadable build stamp' };
  const now = hashInputs(root);
  for (const [path, hash] of Object.entries(now)) {
    if (built[path] === undefined)
      return { fresh: false, reason: `is stale: ${path} was added since the build` };
    if (built[path] !== hash) return { fresh: false, reason: `is stale: ${path} changed since the build` };
  }
  const removed = Object.keys(built).find((path) => now[path] === undefined);
  if (removed) return { fresh: false, reason: `is stale: ${removed} was removed since the build` };
  return { fresh: true };
}

/**
 * Whether this is a full install (`npm install`, `npm ci`), which the build needs. Every
 * devDependency, not just Vite: `npm prune --omit=dev` keeps vite, esbuild and tsx, which npm marks
 * devOptional (optional peers of other packages), and removes their plugins.
 */
function devDependenciesInstalled(root) {
  const { devDependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return Object.keys(devDependencies).every((name) =>
    existsSync(join(root, 'node_modules', name, 'package.json')),
  );
}

/**
 * Before running dist/: returns when it is fresh; builds it first on a developer's machine (dev
 * dependencies installed, NODE_ENV not production: `npm install && npm start` on a fresh clone);
 * otherwise says why in one line and exits 1. Production never builds at start: several processes starting
 * at once would each rebuild dist/ under the others, and a pruned install cannot.
 */
export function ensureBuilt({ action = 'start', root = '.', env = process.env } = {}) {
  const state = checkBuild(root);
  if (state.fresh) return;
  const production = env.NODE_ENV === 'production';
  if (!production && devDependenciesInstalled(root)) {
    console.log(`dist/ ${state.reason}; building first (npm run build).`);
    try {
      execSync('npm run --silent build', { stdio: 'inherit', cwd: root });
    } catch {
      console.error(`Kitepost could not ${action}: npm run build failed (see above).`);
      process.exit(1);
    }
    return;
  }
  const why = production
    ? 'production never builds at start (NODE_ENV=production)'
    : 'the dev dependencies that build it are not installed';
  console.error(
    `Kitepost could not ${action}: dist/ ${state.reason}, and ${why}. ` +
      'Build first: npm ci && npm run build (then npm prune --omit=dev).',
  );
  process.exit(1);
}
