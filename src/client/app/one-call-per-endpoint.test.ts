import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const clientDir = join(import.meta.dirname, '..');

/** Every .ts/.tsx file of the client, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * `apiRequest('POST', `/api/posts/${id}/schedule`, …)` and its kin: the method and the path (the
 * first one after a condition, as in `search ? `/api/posts?${search}` : '/api/posts'`).
 */
const call =
  /\b(?:apiRequest|apiFetchJson|apiSend)\(\s*'(GET|POST|PUT|PATCH|DELETE)',\s*(?:[\w.]+\s*\?\s*)?([`'])(\/api\/[^`'?]*)/g;

/**
 * Endpoints still called from two places, each with the reason. GET /api/team: approvals reads it
 * for member names; importing the team feature's query there would close a feature cycle
 * (team → dashboard → approvals → team).
 */
const allowed = new Set(['GET /api/team']);

describe('client API calls', () => {
  it('call each endpoint from one file, so it has one parse of its answer', () => {
    const callers = new Map<string, string[]>();
    for (const file of sourceFiles(clientDir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(call)) {
        const endpoint = `${match[1]} ${(match[3] ?? '').replace(/\$\{[^}]*\}/g, ':param')}`;
        callers.set(endpoint, [...(callers.get(endpoint) ?? []), relative(clientDir, file)]);
      }
    }
    expect(callers.size).toBeGreaterThan(40);
    const duplicated = [...callers].filter(([endpoint, files]) => files.length > 1 && !allowed.has(endpoint));
    expect(duplicated).toEqual([]);
  });
});
