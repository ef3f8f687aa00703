import type { EventInput } from '@fullcalendar/core';
import type { Post } from '../../../contracts/posts';
import type { SocialAccount } from '../../../contracts/social-accounts';
import { statusTones } from './post-status';

/** '@username' of the account a post goes to, or null when the account is gone. */
export function accountName(post: Pick<Post, 'socialAccountId'>, accounts: SocialAccount[]): string | null {
  const account = accounts.find((item) => item.id === post.socialAccountId);
  return account ? `@${account.username}` : null;
}

/** The instant a post sits at on the calendar: when it went out, else when it is due. */
export function postInstant(post: Post): string | null {
  return post.publishedAt ?? post.scheduledAt;
}

/**
 * Only a scheduled post that is still ahead may be dragged (and it may only land in the future),
 * and only by a role that may change posts (`canMove`: posts.write).
 */
export function isDraggable(post: Post, now: Date, canMove = true): boolean {
  return (
    canMove && post.status === 'scheduled' && post.scheduledAt !== null && new Date(post.scheduledAt) > now
  );
}

/**
 * One calendar event per post that has a time, at that instant (FullCalendar shows it in the
 * calendar's zone). Cancelled posts and drafts without a planned time (every idea the generator
 * saves) are left out: the calendar shows what is planned (spec: only scheduled posts show).
 */
export function postsToEvents(
  posts: Post[],
  _zone: string,
  now: Date = new Date(),
  canMove = true,
): EventInput[] {
  const events: EventInput[] = [];
  for (const post of posts) {
    if (post.status === 'cancelled') continue;
    const instant = postInstant(post);
    const draggable = isDraggable(post, now, canMove);
    const common: EventInput = {
      id: post.id,
      title: post.content,
      startEditable: draggable,
      durationEditable: false,
      classNames: ['kp-event', `kp-event--${statusTones[post.status]}`],
      extendedProps: { post },
    };
    if (instant) events.push({ ...common, start: instant, allDay: false });
  }
  return events;
}

/** The first words of a post, for a chip. */
export function firstWords(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
