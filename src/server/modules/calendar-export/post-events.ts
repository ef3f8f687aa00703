import { type IcsEvent, POST_EVENT_MINUTES } from '../../../contracts/icalendar';
import { platformLabels } from '../../../contracts/platforms';
import type { PostStatus } from '../../../contracts/posts';
import type { CalendarPostRow } from './calendar-export.repository';

/*
 * A post as a calendar event (pure). The summary says the network and the first words; a post
 * that will not go out as planned says so in it too, since most calendar apps show no STATUS.
 */

const SUMMARY_WORDS = 60;

/** Said after the network in the summary, for posts not (yet) certain to go out. */
const statusNotes: Partial<Record<PostStatus, string>> = {
  draft: 'draft',
  pending_approval: 'waiting for approval',
  failed: 'failed',
  missed: 'missed',
  cancelled: 'cancelled',
};

const statusWords: Record<PostStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Waiting for approval',
  approved: 'Approved',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

/** The first words of `text` on one line, cut at a word near `max` characters. */
export function firstWords(text: string, max = SUMMARY_WORDS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Where the post opens in the app: the calendar with its panel open. */
export function postAppUrl(appUrl: string, postId: string): string {
  return `${appUrl}/calendar?post=${encodeURIComponent(postId)}`;
}

export function hashtagLine(hashtags: string[]): string {
  return hashtags.map((tag) => (tag.startsWith('#') ? tag : `#${tag}`)).join(' ');
}

function icsStatus(status: PostStatus): IcsEvent['status'] {
  if (status === 'cancelled') return 'CANCELLED';
  if (status === 'draft' || status === 'pending_approval') return 'TENTATIVE';
  return 'CONFIRMED';
}

/** One post as a VEVENT; `uidDomain` makes its UID globally unique (the app's host). */
export function postEvent(post: CalendarPostRow, options: { appUrl: string; uidDomain: string }): IcsEvent {
  const network = platformLabels[post.platform];
  const note = statusNotes[post.status];
  const url = postAppUrl(options.appUrl, post.id);
  const account =
    post.accountDisplayName !== null && post.accountUsername !== null
      ? `${post.accountDisplayName} (@${post.accountUsername})`
      : null;
  const description = [
    post.content,
    post.hashtags.length > 0 ? hashtagLine(post.hashtags) : null,
    post.firstComment ? `First comment: ${post.firstComment}` : null,
    [
      account ? `Account: ${account}` : `Network: ${network}`,
      `Status: ${statusWords[post.status]}`,
      `Open in Kitepost: ${url}`,
    ].join('\n'),
  ]
    .filter((part): part is string => part !== null)
    .join('\n\n');
  return {
    uid: `${post.id}@${options.uidDomain}`,
    start: post.time,
    durationMinutes: POST_EVENT_MINUTES,
    stamp: post.updatedAt,
    summary: `${network}${note ? ` (${note})` : ''}: ${firstWords(post.content)}`,
    description,
    url,
    status: icsStatus(post.status),
    categories: ['Kitepost', network],
    sequence: post.publishVersion,
  };
}
