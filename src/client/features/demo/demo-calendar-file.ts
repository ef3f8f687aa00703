import { POST_EVENT_MINUTES, writeIcs } from '../../../contracts/icalendar';
import type { DemoPlatform, ScheduledPost } from './demo-data';

/*
 * The tour's 'Export Calendar': its sample posts as an .ics file, made in the browser (the tour is
 * static and talks to no server). The sample times have no zone: they are written as floating
 * times, which every calendar shows at that clock time wherever it is.
 */

const DEMO_FILE = 'kitepost-demo-calendar.ics';
/** When the sample was written, for DTSTAMP (a fixed tour, a fixed date). */
const SAMPLE_STAMP = new Date('2024-11-30T12:00:00Z');

export function demoCalendarIcs(posts: ScheduledPost[], platformNames: Record<DemoPlatform, string>): string {
  return writeIcs({
    name: 'Kitepost demo: December 2024',
    events: posts.map((post) => ({
      uid: `${post.id}@demo.kitepost`,
      start: post.scheduledAt,
      durationMinutes: POST_EVENT_MINUTES,
      stamp: SAMPLE_STAMP,
      summary: `${platformNames[post.platform]}: ${post.content}`,
      description: `${post.content}\n\nA sample post from the Kitepost tour.`,
      status: 'CONFIRMED',
      categories: ['Kitepost', platformNames[post.platform]],
    })),
  });
}

/** Hands the sample calendar to the browser as a download. */
export function downloadDemoCalendar(
  posts: ScheduledPost[],
  platformNames: Record<DemoPlatform, string>,
): void {
  const text = demoCalendarIcs(posts, platformNames);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = DEMO_FILE;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
