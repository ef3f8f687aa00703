import { describe, expect, it } from 'vitest';
import type { Notification, NotificationKind } from '../../../contracts/notifications';
import { billingNotificationKinds } from '../../app/use-billing-refresh';
import { newestNoticeId } from './use-notice-refresh';

const item = (id: string, kind: NotificationKind, createdAt: string): Notification => ({
  id,
  kind,
  title: id,
  body: '',
  link: null,
  postId: null,
  readAt: null,
  createdAt,
});

describe('newestNoticeId', () => {
  it('is undefined before the list loads and null without news of those kinds', () => {
    expect(newestNoticeId(undefined, billingNotificationKinds)).toBeUndefined();
    expect(
      newestNoticeId(
        { notifications: [item('a', 'post_failed', '2026-11-24T10:00:00Z')], unreadCount: 1 },
        billingNotificationKinds,
      ),
    ).toBeNull();
  });

  it('picks the newest notification of those kinds, ignoring the others', () => {
    const list = {
      notifications: [
        item('post', 'post_failed', '2026-11-24T12:00:00Z'),
        item('older', 'trial_ending', '2026-11-22T10:00:00Z'),
        item('newer', 'payment_failed', '2026-11-24T10:00:00Z'),
      ],
      unreadCount: 3,
    };
    expect(newestNoticeId(list, billingNotificationKinds)).toBe('newer');
  });
});
