// The short link redirect's target for `npm run bench:api` (issue 29): one workspace and one short
// link put straight into the bench's throw-away PostgreSQL, and afterwards the clicks the app
// wrote for it, to check the batched recorder kept up with the load and flushed.

/** A code of the short-code pattern (contracts/links.ts SHORT_CODE_PATTERN: base58, 10 characters). */
export const BENCH_SHORT_CODE = 'BenchRedir';
/** A phone browser's user agent: the human path (hash, batch insert) is measured, not the bot one. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function withClient(databaseUrl, use) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The workspace and its short link (a post's link on X, the target tagged as publishing tags it). */
export function seedShortLink(databaseUrl) {
  return withClient(databaseUrl, async (client) => {
    const {
      rows: [workspace],
    } = await client.query(
      `insert into workspaces (name, plan) values ('Bench redirect', 'starter') returning id`,
    );
    await client.query(
      `insert into short_links (code, workspace_id, kind, platform, url, target)
       values ($1, $2, 'post', 'twitter', 'https://bakery.example/menu',
               'https://bakery.example/menu?utm_source=twitter&utm_medium=social&utm_content=bench')`,
      [BENCH_SHORT_CODE, workspace.id],
    );
    return `/l/${BENCH_SHORT_CODE}`;
  });
}

/** The human clicks written for the bench's code, once the recorder's last batch (≤ 1 s) is in. */
export async function clicksWritten(databaseUrl) {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      'select count(*)::int as clicks from link_clicks where code = $1 and not is_bot',
      [BENCH_SHORT_CODE],
    );
    return rows[0].clicks;
  });
}
