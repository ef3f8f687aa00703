/*
 * Advanced scheduling's shared words (issue 25): the values the database stores for recurring
 * series and RSS feeds. Each feature's request and answer schemas live in its own contract file
 * (queue.ts, recurring.ts, post-import.ts, feeds.ts, calendar-export.ts).
 */

import type { PostPlatformOptions } from './platform-options';
import type { PostType } from './post-types';
import type { ThreadItem } from './posts';

/** How a recurring post repeats: every N days, weeks or months. */
export const recurrenceUnits = ['day', 'week', 'month'] as const;
export type RecurrenceUnit = (typeof recurrenceUnits)[number];

/** What a feed's new item becomes: a draft to review, or a post in the accounts' queues. */
export const feedModes = ['draft', 'queue'] as const;
export type FeedMode = (typeof feedModes)[number];

/** What every future occurrence of a series is made from ('all future ones' edits it). */
export interface SeriesTemplate {
  content: string;
  hashtags: string[];
  mediaIds: string[];
  postType: PostType;
  title: string | null;
  /** Absent in series made before issue 27. */
  platformOptions?: PostPlatformOptions;
  altTexts: Record<string, string>;
  firstComment: string | null;
  thread: Pick<ThreadItem, 'content' | 'mediaIds'>[];
}
