import { NEWSLETTER_THANKS, type NewsletterSubscribeBody } from '../../../contracts/newsletter';
import type { AppContext } from '../../context';
import type { Caller } from '../auth/auth.service';
import { enforceRateLimit, rateRules } from '../rate-limits/rate-limits.service';
import { insertNewsletterSubscriber } from './newsletter.repository';

export async function subscribeToNewsletter(ctx: AppContext, caller: Caller, input: NewsletterSubscribeBody) {
  await enforceRateLimit(ctx.database.db, rateRules.newsletter, caller.ip);
  await insertNewsletterSubscriber(ctx.database.db, { email: input.email, ipAddress: caller.ip });
  return { success: true as const, message: NEWSLETTER_THANKS };
}
