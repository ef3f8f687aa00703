import { z } from 'zod';
import type { WebhookEventType } from './integrations';
import { planId, subscriptionStatus } from './plan-schemas';
import { publishingPlatform } from './platforms';
import { postStatus } from './posts';

/*
 * What a webhook receiver gets in `data` (issue 26), per event type. These shapes are public and
 * stable: a field may be added, none renamed or removed. They are deliberately small; a receiver
 * that wants more reads it through the API with the ids given here.
 */

/** A post as the events tell it: one post goes to one account (Kitepost's words: post, account). */
export const webhookPost = z.object({
  id: z.string(),
  status: postStatus,
  content: z.string(),
  platform: publishingPlatform,
  /** The connected account it goes to; null when none is chosen yet (or it was disconnected). */
  accountId: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Its address on the network once published, when the network gives one. */
  url: z.string().nullable(),
  /** Why it failed or was missed, in words; null otherwise. */
  error: z.string().nullable(),
});
export type WebhookPost = z.infer<typeof webhookPost>;

export const webhookAccount = z.object({
  id: z.string(),
  platform: publishingPlatform,
  displayName: z.string(),
});
export type WebhookAccount = z.infer<typeof webhookAccount>;

export const webhookSubscription = z.object({
  plan: planId,
  status: subscriptionStatus,
});
export type WebhookSubscription = z.infer<typeof webhookSubscription>;

export const webhookPostData = z.object({ post: webhookPost });
export const webhookAccountData = z.object({ account: webhookAccount });
export const webhookSubscriptionData = z.object({ subscription: webhookSubscription });

/** The `data` of each event type. */
export const webhookEventData = {
  'post.scheduled': webhookPostData,
  'post.published': webhookPostData,
  'post.failed': webhookPostData,
  'post.missed': webhookPostData,
  'post.approval_requested': webhookPostData,
  'post.approved': webhookPostData,
  'post.changes_requested': webhookPostData,
  'account.connected': webhookAccountData,
  'account.needs_reauth': webhookAccountData,
  'subscription.changed': webhookSubscriptionData,
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventData)[T]>;
