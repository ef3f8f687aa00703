import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knownDevices } from '../../db/schema';

/**
 * Records that the user signed in from this browser (its device id's hash). Answers whether the
 * browser is new for the account and, if so, whether the account had been used from others.
 */
export async function recordKnownDevice(
  db: Db,
  input: { userId: string; deviceHash: string; userAgent: string | null },
): Promise<{ isNew: boolean; hadOthers: boolean }> {
  const [row] = await db
    .insert(knownDevices)
    .values(input)
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceHash],
      set: { lastSeenAt: sql`now()`, userAgent: input.userAgent },
    })
    // xmax is 0 on a row this statement inserted, not on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (!row?.inserted) return { isNew: false, hadOthers: true };
  const [other] = await db
    .select({ deviceHash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, input.userId), ne(knownDevices.deviceHash, input.deviceHash)))
    .limit(1);
  return { isNew: true, hadOthers: other !== undefined };
}
