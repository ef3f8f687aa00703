// `npm start`: build whatever is missing or older than its sources, then serve (web and worker
// in one process unless --role=web or --role=worker is passed: `npm start -- --role=web`).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
};
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const sources = Math.max(
  newest('src'),
  statSync('index.html').mtimeMs,
  statSync('package-lock.json').mtimeMs,
);
if (builtAt('dist/client/index.html') < sources) {
  console.log('Building the front end...');
  execSync('npm run --silent build:client', { stdio: 'inherit' });
}
if (builtAt('dist/server/main.js') < sources) {
  execSync('npm run --silent build:server', { stdio: 'inherit' });
}
await import('../dist/server/main.js');
