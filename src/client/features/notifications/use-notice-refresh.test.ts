import { describe, expect, it } from 'vitest';
import type { Notification, NotificationKind } from '../../../contracts/notifications';
import { latestBillingNoticeId } from './use-billing-refresh';

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

describe('latestBillingNoticeId', () => {
  it('is undefined before the list loads and null without billing news', () => {
    expect(latestBillingNoticeId(undefined)).toBeUndefined();
    expect(
      latestBillingNoticeId({
        notifications: [item('a', 'post_failed', '2026-11-24T10:00:00Z')],
        unreadCount: 1,
      }),
    ).toBeNull();
  });

  it('picks the newest billing notification, ignoring the others', () => {
    const list = {
      notifications: [
        item('post', 'post_failed', '2026-11-24T12:00:00Z'),
        item('older', 'trial_ending', '2026-11-22T10:00:00Z'),
        item('newer', 'payment_failed', '2026-11-24T10:00:00Z'),
      ],
      unreadCount: 3,
    };
    expect(latestBillingNoticeId(list)).toBe('newer');
  });
});
