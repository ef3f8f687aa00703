// `npm run db:migrate`: applies the committed migrations with the built command
// (dist/server/migrate.js), under the same rule as `npm start` for a missing or stale dist/.
import { ensureBuilt } from './lib/build-stamp.mjs';

ensureBuilt({ action: 'migrate' });
await import('../dist/server/migrate.js');
