import { NEWSLETTER_THANKS, type NewsletterSubscribeBody } from '../../../contracts/newsletter';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { enforceRateLimit, rateRules } from '../rate-limits';
import { insertNewsletterSubscriber } from './newsletter.repository';

export async function subscribeToNewsletter(ctx: AppContext, caller: Caller, input: NewsletterSubscribeBody) {
  await enforceRateLimit(ctx.database.db, rateRules.newsletter, caller.ip);
  await insertNewsletterSubscriber(ctx.database.db, { email: input.email, ipAddress: caller.ip });
  return { success: true as const, message: NEWSLETTER_THANKS };
}
