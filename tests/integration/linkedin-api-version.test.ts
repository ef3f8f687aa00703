import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../setup/app';
import { databaseKinds } from '../setup/databases';

/** `YYYYMM` of the month `months` before this one (UTC). */
function monthsAgo(months: number): string {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe.each(databaseKinds)('LINKEDIN_API_VERSION on %s', (kind) => {
  let t: TestApp;
  const version = monthsAgo(10);
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      kind,
      { LINKEDIN_API_VERSION: version, LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  it('is the LinkedIn-Version the adapter sends, and /api/health warns once it is 10 months old', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const body = health.json();
    expect(body.checks.linkedinApiVersion).toMatchObject({
      status: 'warning',
      version,
      detail: expect.stringContaining('10 months old'),
    });
    // A warning is not an outage: the version still works for two more months.
    expect(body.status).toBe('ok');
    // Said at start too.
    const warning = lines.map((line) => JSON.parse(line)).find((entry) => entry.linkedinApiVersion);
    expect(warning).toMatchObject({ level: 40, linkedinApiVersion: version, status: 'warning' });
  });
});
