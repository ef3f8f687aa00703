import { vi } from 'vitest';
import type { TestApp } from './app';

/** How many queries `run` sends to the app's database (a signed-in request's session check is one). */
export async function countQueries<T>(
  t: TestApp,
  run: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const client = (t.ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const spy = vi.spyOn(client, 'query');
  try {
    const result = await run();
    return { result, queries: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

/** A workspace's data version as the triggers keep it (migrations 0004, 0019, 0020). */
export async function workspaceVersion(
  t: TestApp,
  workspaceId: string,
  column: 'posts_version' | 'analytics_version',
): Promise<bigint> {
  const { rows } = await t.ctx.database.executeSql(
    `select ${column}::text as v from workspaces where id = $1`,
    [workspaceId],
  );
  return BigInt((rows[0] as { v: string }).v);
}
