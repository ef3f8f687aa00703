import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markTemplate, pgliteVersion, seedFromTemplate } from './pglite-template';

const root = mkdtempSync(join(tmpdir(), 'kitepost-template-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A stand-in cluster: seeding copies files and never starts PostgreSQL, so files are enough. */
function template(version: string | null = pgliteVersion()) {
  const dir = join(root, `template-${++n}`);
  mkdirSync(join(dir, 'base', '1'), { recursive: true });
  writeFileSync(join(dir, 'PG_VERSION'), '17\n');
  writeFileSync(join(dir, 'base', '1', '1259'), 'pages');
  if (version === pgliteVersion()) markTemplate(dir);
  else if (version) writeFileSync(join(dir, 'kitepost-template.json'), JSON.stringify({ pglite: version }));
  return dir;
}
function emptyStore() {
  const dir = join(root, `store-${++n}`);
  mkdirSync(dir);
  return dir;
}

describe('the embedded database template', () => {
  it('fills an empty cluster directory with the template, without its marker', () => {
    const store = emptyStore();
    expect(seedFromTemplate(store, template())).toBe(true);
    expect(readFileSync(join(store, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(store, 'base', '1', '1259'), 'utf8')).toBe('pages');
    expect(existsSync(join(store, 'kitepost-template.json'))).toBe(false);
    expect(existsSync(`${store}.seeding`)).toBe(false);
  });

  it('leaves a directory that holds anything alone (an existing cluster, or what initdb left)', () => {
    const store = emptyStore();
    writeFileSync(join(store, 'PG_VERSION'), '17\n');
    writeFileSync(join(store, 'postgresql.conf'), 'ours');
    expect(seedFromTemplate(store, template())).toBe(false);
    expect(readdirSync(store).sort()).toEqual(['PG_VERSION', 'postgresql.conf']);
  });

  it('does not use a template another PGlite version wrote, or one that is not marked', () => {
    for (const version of ['0.0.1', null]) {
      const store = emptyStore();
      expect(seedFromTemplate(store, template(version))).toBe(false);
      expect(readdirSync(store)).toEqual([]);
    }
    const store = emptyStore();
    expect(seedFromTemplate(store, join(root, 'no-such-template'))).toBe(false);
  });

  it('replaces a copy a killed start left half done', () => {
    const store = emptyStore();
    mkdirSync(`${store}.seeding`);
    writeFileSync(join(`${store}.seeding`, 'half'), 'x');
    expect(seedFromTemplate(store, template())).toBe(true);
    expect(existsSync(join(store, 'half'))).toBe(false);
    expect(existsSync(join(store, 'PG_VERSION'))).toBe(true);
  });
});
