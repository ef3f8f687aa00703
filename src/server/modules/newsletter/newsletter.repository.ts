import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';

/** Adds the address unless it is there already (no error, no change, either way). */
export async function insertNewsletterSubscriber(db: Db, values: { email: string; ipAddress: string }) {
  await db
    .insert(newsletterSubscribers)
    .values(values)
    .onConflictDoNothing({ target: newsletterSubscribers.email });
}
