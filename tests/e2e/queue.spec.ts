import { DateTime } from 'luxon';
import type { QueueSchedule } from '../../src/contracts/queue';
import { expectAccessible } from './axe';
import {
  calendarEvents,
  connectSandboxX,
  dayCell,
  isoDate,
  openCalendar,
  saveScreen,
  showMonthOf,
  ZONE,
} from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test('set posting times, add three posts to the queue from the composer, see them in the next slots', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('queue'));
  const handle = `q${Date.now().toString(36)}`;
  const accountId = await connectSandboxX(page, context, handle);

  // The queue starts from X's general best times; one more time on Sunday, then save.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  await expect(page.getByText(`Times in ${ZONE}`)).toBeVisible();
  await expect(page.getByText('No posts in this queue')).toBeVisible();
  await page.getByLabel('Day', { exact: true }).selectOption('Sunday');
  await page.getByLabel('Time', { exact: true }).fill('07:30');
  await page.getByRole('button', { name: 'Add time' }).click();
  await expect(page.getByRole('button', { name: 'Remove Sunday 7:30 AM' })).toBeVisible();
  await page.getByRole('button', { name: 'Save times' }).click();
  await expectToast(page, 'Posting times saved');
  const schedule = (await (
    await page.request.get(`/api/queue/slots?accountId=${accountId}`)
  ).json()) as QueueSchedule;
  expect(schedule).toMatchObject({ saved: true, timeZone: ZONE });
  expect(schedule.slots).toContainEqual({ weekday: 0, time: '07:30' });

  await openCalendar(page);
  for (const index of [1, 2, 3]) {
    await page.getByRole('button', { name: 'Add Post' }).click();
    const composer = page.getByRole('dialog', { name: 'Add Post' });
    await composer.getByLabel(`@${handle}`).check();
    await composer.getByLabel('Post text').fill(`Queued loaf number ${index}`);
    await composer.getByRole('button', { name: 'Add to queue' }).click();
    await expectToast(page, 'Added to queue');
    await expect(composer).toHaveCount(0);
  }

  // Each took the next free slot, in order, and the calendar shows it on that day.
  const slots = schedule.upcoming.slice(0, 3).map((at) => DateTime.fromISO(at).setZone(ZONE));
  for (const [index, slot] of slots.entries()) {
    await showMonthOf(page, slot);
    const event = calendarEvents(dayCell(page, isoDate(slot))).filter({
      hasText: `Queued loaf number ${index + 1}`,
    });
    await expect(event).toHaveCount(1);
  }

  await page.goto('/queue');
  const rows = page.getByTestId('queue-row');
  await expect(rows).toHaveCount(3);
  for (const [index, slot] of slots.entries()) {
    await expect(rows.nth(index)).toContainText(`Queued loaf number ${index + 1}`);
    await expect(rows.nth(index).locator('time')).toHaveAttribute('dateTime', slot.toUTC().toISO() ?? '');
  }
  await expectAccessible(page, 'queue page with three posts');
  await saveScreen(page, 'queue', 1280);
  await page.setViewportSize({ width: 375, height: 800 });
  await saveScreen(page, 'queue', 375);
});
