import { z } from 'zod';
import { safeString } from './common';

/*
 * What a Google Business Profile local post asks beyond its summary and photo (issue 28):
 * `PostPlatformOptions.googleBusiness`. FIRST VERSION from the coordinator's scaffolding: the
 * Google Business Profile helper corrects it with cited rules (LocalPost in the v4 API).
 */

export const googleBusinessTopics = ['STANDARD', 'EVENT', 'OFFER'] as const;
export type GoogleBusinessTopic = (typeof googleBusinessTopics)[number];

export const googleBusinessActions = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'] as const;
export type GoogleBusinessAction = (typeof googleBusinessActions)[number];

const webAddress = safeString()
  .trim()
  .max(2048, 'A link can be at most 2,048 characters.')
  .regex(/^https?:\/\/\S+$/i, 'Enter a web address starting with http:// or https://.');

export const googleBusinessOptions = z
  .object({
    /** `topicType`: What's new (STANDARD), an Event or an Offer. */
    topic: z
      .enum(googleBusinessTopics, { error: `Choose one of: ${googleBusinessTopics.join(', ')}` })
      .optional(),
    /** Event and Offer: `event.title`. */
    eventTitle: safeString().trim().max(58).optional(),
    /** Event and Offer: `event.schedule`, ISO date-times. */
    startsAt: z.iso.datetime({ offset: true }).optional(),
    endsAt: z.iso.datetime({ offset: true }).optional(),
    /** Offer: `offer.couponCode`, `offer.redeemOnlineUrl`, `offer.termsConditions`. */
    couponCode: safeString().trim().max(58).optional(),
    redeemUrl: webAddress.optional(),
    terms: safeString().trim().max(5000).optional(),
    /** `callToAction.actionType` and its `url` (CALL uses the profile's phone number). */
    action: z
      .enum(googleBusinessActions, { error: `Choose one of: ${googleBusinessActions.join(', ')}` })
      .optional(),
    actionUrl: webAddress.optional(),
  })
  .strict();
export type GoogleBusinessOptions = z.infer<typeof googleBusinessOptions>;
