import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Addresses from the landing page's 'Stay Updated' box; one row per address. */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  ipAddress: text('ip_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
