import { z } from 'zod';

export const notificationKinds = [
  'post_failed',
  'post_missed',
  'account_needs_reauth',
  'trial_ending',
  'trial_ended',
  'payment_failed',
  'subscription_changed',
  'approval_requested',
  'approval_overdue',
  'post_approved',
  'changes_requested',
  'post_comment',
  'member_joined',
  'member_role_changed',
  'member_removed',
  /** An RSS or Atom feed failed FEED_FAILURE_LIMIT times in a row and is no longer read. */
  'feed_paused',
  /** A webhook endpoint failed WEBHOOK_DISABLE_AFTER_FAILURES deliveries in a row and was disabled. */
  'webhook_disabled',
] as const;
export const notificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKind>;

export const notification = z.object({
  id: z.string(),
  kind: notificationKind,
  title: z.string(),
  body: z.string(),
  /** An in-app path, e.g. /calendar?post=<id>. */
  link: z.string().nullable(),
  postId: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
  notifications: z.array(notification),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationList>;

/** Marks these as read, or all of the user's when `ids` is absent. */
export const markNotificationsReadBody = z.object({ ids: z.array(z.uuid()).max(100).optional() });
