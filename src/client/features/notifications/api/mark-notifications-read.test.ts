import { describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '../../../../contracts/notifications';
import { markedRead } from './mark-notifications-read';

const item = (id: string, readAt: string | null = null): Notification => ({
  id,
  kind: 'post_failed',
  title: id,
  body: '',
  link: null,
  postId: null,
  readAt,
  createdAt: '2025-06-15T10:00:00.000Z',
});
const at = new Date('2025-06-15T12:00:00.000Z');

describe('markedRead', () => {
  const list: NotificationList = {
    notifications: [item('a'), item('b'), item('c', '2025-06-14T00:00:00.000Z')],
    unreadCount: 5,
  };

  it('marks the named unread ones and lowers the count by as many', () => {
    const next = markedRead(list, ['a', 'c', 'zzz'], at);
    expect(next.notifications.map((n) => n.readAt)).toEqual([
      at.toISOString(),
      null,
      '2025-06-14T00:00:00.000Z',
    ]);
    expect(next.unreadCount).toBe(4);
  });

  it('marks all and clears the count without ids', () => {
    const next = markedRead(list, undefined, at);
    expect(next.notifications.every((n) => n.readAt !== null)).toBe(true);
    expect(next.unreadCount).toBe(0);
  });
});
