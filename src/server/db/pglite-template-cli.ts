// Run by `npm run build` (dist/server/pglite-template.js): writes dist/pglite-template, a migrated
// embedded cluster that a first start copies instead of running initdb (pglite-template.ts).
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from './client';
import { markTemplate, PGLITE_TEMPLATE_DIR } from './pglite-template';

const target = PGLITE_TEMPLATE_DIR();
const work = `${target}.build`;
rmSync(target, { recursive: true, force: true });
rmSync(work, { recursive: true, force: true });
const database = await openPglite(work);
await database.close();
const store = join(work, 'pglite');
markTemplate(store);
renameSync(store, target);
rmSync(work, { recursive: true, force: true });
console.log(`Embedded database template written to ${target}.`);
