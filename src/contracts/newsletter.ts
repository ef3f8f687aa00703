import { z } from 'zod';
import { safeString } from './common';

export const newsletterSubscribeBody = z.object({
  email: safeString()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
});
export type NewsletterSubscribeBody = z.infer<typeof newsletterSubscribeBody>;

export const newsletterSubscribeResponse = z.object({ success: z.literal(true), message: z.string() });

/** The same answer for a new and a known address: the box never tells who is subscribed. */
export const NEWSLETTER_THANKS = 'Thanks for subscribing! Watch your inbox for tips and product news.';
