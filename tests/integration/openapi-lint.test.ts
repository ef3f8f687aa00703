import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../../src/server/plugins/permissions';
import { buildTestApp, type TestApp } from '../setup/app';

/*
 * The OpenAPI document passes Redocly's `recommended` ruleset (decision 079) with no error and no
 * warning. What the linter finds is fixed where the document is made (src/server/modules/api-docs,
 * the routes' schemas), not here; only what cannot apply to Kitepost is turned off or excused,
 * each with its reason.
 */

/** Rules turned off for the whole document. */
const rulesOff: Record<string, string> = {
  'info-license':
    'Kitepost is a hosted product: its API comes with the terms of service, not a licence to name.',
  'info-license-strict': 'As info-license.',
  'no-ambiguous-paths':
    'Only /api/media/{id}/fit against /api/media/fits/{fitId}: the router prefers the static "fits", and a media id is a UUID, never "fits".',
  'operation-4xx-response':
    'A public read that takes no input (health, the sign-in methods) has nothing to refuse; a declared 4xx it never answers would be false.',
};

/** Single operations excused from one rule: `rule pointer` → reason. */
const excused: Record<string, string> = {
  'operation-2xx-response #/paths/~1api~1login/get/responses':
    'A browser navigation: it answers a redirect (302) to the identity provider, never a 2xx.',
  'operation-2xx-response #/paths/~1api~1identity~1callback~1{providerId}/get/responses':
    'The identity provider sends the browser back here; it answers a redirect into the app.',
};

const describeProblem = (problem: NormalizedProblem) =>
  `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Record<string, unknown>;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    document = (await t.app.inject({ url: '/api/openapi.json' })).json();
  }, 60_000);
  afterAll(() => t.close());

  it('passes Redocly’s recommended ruleset', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: Object.fromEntries(Object.keys(rulesOff).map((rule) => [rule, 'off'])),
    });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
    const left = problems.filter(
      (problem) => !(`${problem.ruleId} ${problem.location[0]?.pointer}` in excused),
    );
    expect(left.map(describeProblem)).toEqual([]);
  });

  it('has a written summary for every operation (src/server/modules/api-docs/operation-summaries.ts)', () => {
    const paths = document.paths as Record<string, Record<string, { summary?: string }>>;
    // Without one, the document falls back to the route itself, e.g. "GET /api/posts/:id".
    const fallbacks = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .map(([method, operation]) => ({
          key: routeKey(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1')),
          summary: operation.summary,
        }))
        .filter(({ key, summary }) => !summary || summary === key)
        .map(({ key }) => key),
    );
    expect(fallbacks).toEqual([]);
  });
});
