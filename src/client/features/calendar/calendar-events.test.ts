import { describe, expect, it } from 'vitest';
import type { Post } from '../../../contracts/posts';
import { samplePost } from '../../test-support/sample-post';
import { firstWords, isDraggable, postsToEvents } from './calendar-events';

const now = new Date('2026-12-10T12:00:00Z');

function post(overrides: Partial<Post>): Post {
  return samplePost({
    platform: 'twitter',
    content: 'Fresh sourdough every morning',
    status: 'scheduled',
    scheduledAt: '2026-12-12T13:00:00Z',
    createdAt: '2026-12-01T23:30:00Z',
    updatedAt: '2026-12-01T23:30:00Z',
    ...overrides,
  });
}

describe('postsToEvents', () => {
  it('places a scheduled post at its instant, draggable while it is ahead', () => {
    const [event] = postsToEvents([post({})], 'Europe/Berlin', now);
    expect(event).toMatchObject({
      id: 'p1',
      start: '2026-12-12T13:00:00Z',
      allDay: false,
      startEditable: true,
      durationEditable: false,
      classNames: ['kp-event', 'kp-event--scheduled'],
    });
    const [past] = postsToEvents([post({ scheduledAt: '2026-12-10T11:59:00Z' })], 'UTC', now);
    expect(past?.startEditable).toBe(false);
  });

  it('places a published post when it went out, and never lets it move', () => {
    const [event] = postsToEvents(
      [post({ status: 'published', publishedAt: '2026-12-12T13:00:04Z', externalUrl: 'https://x.test/1' })],
      'UTC',
      new Date('2026-12-01T00:00:00Z'),
    );
    expect(event).toMatchObject({ start: '2026-12-12T13:00:04Z', startEditable: false });
    expect(event?.classNames).toContain('kp-event--published');
  });

  it('colours failed and missed posts alike, and leaves cancelled ones out', () => {
    const events = postsToEvents(
      [
        post({ id: 'f', status: 'failed' }),
        post({ id: 'm', status: 'missed' }),
        post({ id: 'c', status: 'cancelled' }),
      ],
      'UTC',
      now,
    );
    expect(events.map((event) => event.id)).toEqual(['f', 'm']);
    expect(events.every((event) => (event.classNames as string[]).includes('kp-event--failed'))).toBe(true);
    expect(events.every((event) => event.startEditable === false)).toBe(true);
  });

  it('leaves out drafts without a planned time (every saved idea would crowd its day), keeps planned ones', () => {
    const idea = post({ id: 'idea', status: 'draft', scheduledAt: null });
    const planned = post({ id: 'planned', status: 'draft', scheduledAt: '2026-12-03T13:00:00Z' });
    const events = postsToEvents([idea, planned], 'Europe/Berlin', now);
    expect(events.map((event) => event.id)).toEqual(['planned']);
    expect(events[0]).toMatchObject({
      allDay: false,
      startEditable: false,
      classNames: ['kp-event', 'kp-event--draft'],
    });
  });
});

describe('postsToEvents for teams', () => {
  it('colours a post waiting for approval amber, at its planned time, and never lets it move', () => {
    const [event] = postsToEvents([post({ status: 'pending_approval' })], 'UTC', now);
    expect(event).toMatchObject({
      start: '2026-12-12T13:00:00Z',
      startEditable: false,
      classNames: ['kp-event', 'kp-event--pending'],
    });
  });

  it('keeps every post still for a viewer or an approver', () => {
    const events = postsToEvents([post({ id: 'a' }), post({ id: 'b' })], 'UTC', now, false);
    expect(events.map((event) => event.startEditable)).toEqual([false, false]);
  });
});

describe('isDraggable', () => {
  it('only for scheduled posts still ahead', () => {
    expect(isDraggable(post({}), now)).toBe(true);
    expect(isDraggable(post({ status: 'draft' }), now)).toBe(false);
    expect(isDraggable(post({ status: 'failed' }), now)).toBe(false);
  });

  it('never for a role that cannot change posts, nor for a post waiting for approval', () => {
    expect(isDraggable(post({}), now, false)).toBe(false);
    expect(isDraggable(post({ status: 'pending_approval' }), now)).toBe(false);
  });
});

describe('firstWords', () => {
  it('keeps short text, cuts long text at a word', () => {
    expect(firstWords('  Hello\n world ')).toBe('Hello world');
    expect(firstWords('Fresh sourdough every morning at the corner bakery', 24)).toBe(
      'Fresh sourdough every…',
    );
  });
});
