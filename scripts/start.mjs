// `npm start`: runs the built server (web and worker in one process unless --role=web or
// --role=worker is passed: `npm start -- --role=web`). When dist/ is missing or stale it builds
// first on a developer's machine and refuses in production or without the dev dependencies
// (decision 048).
import { ensureBuilt } from './lib/build-stamp.mjs';

ensureBuilt();
await import('../dist/server/main.js');
