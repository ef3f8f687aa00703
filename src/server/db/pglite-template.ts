import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { projectRoot } from '../lib/project-root';

/*
 * The embedded database's template (decision 053). PGlite's initdb, which creates a new cluster,
 * peaks near 800 MB of memory and takes 5 to 12 s on two cores; opening an existing cluster takes
 * about a second and a fifth of that memory. So `npm run build` creates one migrated cluster in
 * dist/pglite-template, and a first start copies it into DATA_DIR instead of running initdb. A
 * template made by another PGlite version is not used (its files may not be readable): the start
 * runs initdb as before. Migrations newer than the template are applied on open, as always.
 */

export const PGLITE_TEMPLATE_DIR = () => join(projectRoot(), 'dist', 'pglite-template');
const ABOUT_FILE = 'kitepost-template.json';

/** The installed PGlite's version: a template is only as readable as the version that wrote it. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Marks a closed, migrated cluster in `dir` as a template of this PGlite version. */
export function markTemplate(dir: string): void {
  writeFileSync(join(dir, ABOUT_FILE), `${JSON.stringify({ pglite: pgliteVersion() })}\n`);
}

function usableTemplate(template: string): boolean {
  try {
    const about = JSON.parse(readFileSync(join(template, ABOUT_FILE), 'utf8')) as { pglite?: string };
    return about.pglite === pgliteVersion() && existsSync(join(template, 'PG_VERSION'));
  } catch {
    return false;
  }
}

/**
 * Fills the empty cluster directory `store` from the template, when there is a usable one; a
 * directory holding anything is left to PGlite as it is. The copy goes to a scratch directory
 * renamed into place, so a start killed mid-copy leaves no half cluster (the next start removes
 * the scratch and copies again). Returns whether it copied.
 */
export function seedFromTemplate(store: string, template = PGLITE_TEMPLATE_DIR()): boolean {
  if (readdirSync(store).length > 0 || !usableTemplate(template)) return false;
  const scratch = `${store}.seeding`;
  rmSync(scratch, { recursive: true, force: true });
  cpSync(template, scratch, { recursive: true, filter: (from) => !from.endsWith(ABOUT_FILE) });
  rmSync(store, { recursive: true });
  renameSync(scratch, store);
  return true;
}
