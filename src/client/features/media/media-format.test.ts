import { describe, expect, it } from 'vitest';
import type { MediaUse } from '../../../contracts/media';
import { deleteBlockedReason, formatDuration } from './media-format';

const use = (status: string, holds: boolean): MediaUse => ({
  postId: status,
  platform: 'instagram',
  status,
  scheduledAt: null,
  publishedAt: null,
  inThread: false,
  holds,
});

describe('media library format', () => {
  it('shows durations as a player does', () => {
    expect(formatDuration(3500)).toBe('0:04');
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(3_727_000)).toBe('1:02:07');
  });

  it('says why an item cannot be deleted, naming the first holding post', () => {
    expect(deleteBlockedReason([use('published', false), use('draft', false)])).toBeNull();
    expect(deleteBlockedReason([use('published', false), use('scheduled', true)])).toBe(
      "Can't delete while a post uses it: Instagram, scheduled.",
    );
    expect(deleteBlockedReason([use('pending_approval', true), use('publishing', true)])).toBe(
      "Can't delete while a post uses it: Instagram, waiting for approval (and 1 more).",
    );
  });
});
