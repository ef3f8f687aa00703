// `npm run lint:deps`: the import rules of .dependency-cruiser.cjs (no cycles, a server module is
// entered only through its index.ts, client and server meet only in src/contracts; decision 050).
// dependency-cruiser reads TypeScript through the `typescript` package's JavaScript API, which
// TypeScript 7 (the native compiler we use) no longer has. So this script first turns every
// src/**/*.ts(x) into a .js file of the same path under .tmp/lint-deps with esbuild, keeping every
// import, type-only ones included (a module boundary holds for types too), then cruises that copy
// with the same rules. Paths in the report are the mirror's: read `.js` as the `.ts`/`.tsx` file.
// `--baseline` records today's file-level violations as known (.dependency-cruiser-known-violations.json).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { transformSync } from 'esbuild';

const root = process.cwd();

/**
 * Module cycles that existed when this check came (decision 050), tolerated until broken; each
 * is the sorted list of its members. A new cycle, or one that grows, fails.
 */
const KNOWN_MODULE_CYCLES = [];
const mirror = join(root, '.tmp', 'lint-deps');

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** Type-only imports and re-exports become plain ones, so esbuild keeps them (nothing runs this code). */
function keepTypeImports(code) {
  return code
    .replace(/\bimport\s+type\s+(?=[{\w*])/g, 'import ')
    .replace(/\bexport\s+type\s+(?=\{[^}]*\}\s*from\b)/g, 'export ')
    .replace(/\b(import|export)\s*\{([^}]*)\}\s*from\b/g, (_all, kind, names) => {
      return `${kind} {${names.replace(/(^|,)(\s*)type\s+/g, '$1$2')}} from`;
    });
}

rmSync(mirror, { recursive: true, force: true });
for (const file of sources(join(root, 'src'))) {
  const { code } = transformSync(keepTypeImports(readFileSync(file, 'utf8')), {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    jsx: 'automatic',
    format: 'esm',
    sourcefile: file,
    // verbatimModuleSyntax: no import is dropped for being unused.
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
  });
  const target = join(mirror, relative(root, file)).replace(/\.tsx?$/, '.js');
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, code);
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
const known = join(root, '.dependency-cruiser-known-violations.json');
const result = join(mirror, 'result.json');
if (process.argv.includes('--baseline')) {
  // Records today's file-level violations as known (tolerated); run it only to shrink the list.
  const args = ['src', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'baseline'];
  execFileSync(bin('depcruise'), [...args, '--output-to', known], {
    cwd: mirror,
    stdio: 'inherit',
  });
  process.exit(0);
}
try {
  execFileSync(
    bin('depcruise'),
    [
      'src',
      '--config',
      join(root, '.dependency-cruiser.cjs'),
      '--ignore-known',
      known,
      '--output-type',
      'json',
      '--output-to',
      result,
    ],
    { cwd: mirror, stdio: 'inherit' },
  );
} catch {
  // depcruise exits non-zero on violations; the formatted report below says which.
}
if (!existsSync(result)) process.exit(2); // depcruise itself failed and said why
let failed = false;
try {
  execFileSync(bin('depcruise-fmt'), [result, '--output-type', 'err', '--exit-code'], {
    cwd: mirror,
    stdio: 'inherit',
  });
} catch {
  failed = true;
}

// Whole-module cycles: a server module (src/server/modules/<m>) or a client feature
// (src/client/features/<f>) that reaches itself through others, file by file or not.
const groupOf = (path) => {
  const match = /^src\/(server\/modules|client\/features)\/([^/]+)\//.exec(path);
  return match && `${match[1].split('/')[0]}:${match[2]}`;
};
const edges = new Map();
for (const module of JSON.parse(readFileSync(result, 'utf8')).modules) {
  const from = groupOf(module.source);
  for (const dependency of module.dependencies) {
    const to = groupOf(dependency.resolved);
    if (!from || !to || from === to) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}
const cycles = stronglyConnected(edges).filter((group) => group.length > 1);
for (const cycle of cycles) {
  const names = cycle.map((group) => group.replace(/^.*:/, ''));
  const side = cycle[0].startsWith('server:') ? 'server modules' : 'client features';
  const allowed = KNOWN_MODULE_CYCLES.find((known) => known.join() === cycle.join());
  console.log(
    `${allowed ? 'known' : 'error'} module-cycle: ${side} ${names.join(', ')} depend on each other`,
  );
  if (!allowed) failed = true;
}
process.exit(failed ? 1 : 0);

/** Tarjan's strongly connected components, each sorted. */
function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        group.push(member);
      } while (member !== node);
      found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
