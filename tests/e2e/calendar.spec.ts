import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { postMessages } from '../../src/contracts/posts';
import { publishingMessages } from '../../src/contracts/publishing';
import { jpegImage, pngImage } from '../factories/media';
import { expectAccessible } from './axe';
import {
  calendarEvents,
  composeThroughApi,
  connectSandboxX,
  dayCell,
  dragTo,
  fabricatedPost,
  getPost,
  isoDate,
  openCalendar,
  rangeHeading,
  routeFabricatedPosts,
  saveScreen,
  showMonthOf,
  ZONE,
  zonedDay,
} from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp, toast } from './helpers';

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test.describe('Calendar', () => {
  test('month grid: 42 days from Sunday with data-date, previous/next/Today, legend, accessible', async ({
    page,
  }) => {
    await signUp(page, newUser('cal-month'));
    await openCalendar(page);

    const now = DateTime.now().setZone(ZONE).setLocale('en-US');
    await expect(rangeHeading(page)).toHaveText(now.toFormat('LLLL yyyy'));
    const cells = page.locator('td.fc-daygrid-day');
    await expect(cells).toHaveCount(42);
    const dates = await cells.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-date') ?? ''));
    expect(dates.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true);
    // Starts on a Sunday, one day after another, and covers the whole month.
    expect(DateTime.fromISO(dates[0] ?? '').weekday).toBe(7);
    for (let i = 1; i < dates.length; i++) {
      expect(DateTime.fromISO(dates[i] ?? '').diff(DateTime.fromISO(dates[i - 1] ?? ''), 'days').days).toBe(
        1,
      );
    }
    expect(dates).toContain(now.startOf('month').toISODate());
    expect(dates).toContain(now.endOf('month').toISODate());
    await expect(page.locator('th.fc-col-header-cell').first()).toContainText('Sun');

    for (const label of ['Scheduled', 'Published', 'Draft', 'Failed']) {
      await expect(
        page.getByRole('list', { name: 'Legend' }).getByText(label, { exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByText(`Times in ${ZONE}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming Posts' })).toBeVisible();
    await expect(page.getByText('Nothing scheduled yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Next month', exact: true }).click();
    await expect(rangeHeading(page)).toHaveText(now.plus({ months: 1 }).toFormat('LLLL yyyy'));
    await page.getByRole('button', { name: 'Previous month', exact: true }).click();
    await page.getByRole('button', { name: 'Previous month', exact: true }).click();
    await expect(rangeHeading(page)).toHaveText(now.minus({ months: 1 }).toFormat('LLLL yyyy'));
    await expect(cells).toHaveCount(42);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(rangeHeading(page)).toHaveText(now.toFormat('LLLL yyyy'));
    await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await expectAccessible(page, 'calendar, month');
  });
});

test.describe('Calendar with posts', () => {
  test("a day shows 2 posts, then '+N more', which opens that day", async ({ page }) => {
    await signUp(page, newUser('cal-more'));
    const day = zonedDay(9);
    const ids: string[] = [];
    for (const hour of [9, 10, 11, 12]) {
      const answer = await composeThroughApi(page, {
        content: `Market day post at ${hour}`,
        scheduledAt: day.set({ hour }).toUTC().toISO(),
      });
      ids.push(answer.posts[0]?.id ?? '');
    }
    await openCalendar(page);
    await showMonthOf(page, day);
    const cell = dayCell(page, isoDate(day));
    await expect(calendarEvents(cell).filter({ visible: true })).toHaveCount(2);
    const more = cell.getByText('+2 more');
    await expect(more).toBeVisible();
    await expectAccessible(page, 'calendar, month with posts');

    await more.click();
    await expect(rangeHeading(page)).toHaveText(day.setLocale('en-US').toFormat('LLLL d, yyyy'));
    await expect(page.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(calendarEvents(page)).toHaveCount(4);
    for (const hour of [9, 10, 11, 12]) {
      await expect(calendarEvents(page).getByText(`Market day post at ${hour}`)).toBeVisible();
    }

    // A link to one of them (as a notification gives) opens it on the month that holds it.
    await page.goto(`/calendar?post=${ids[3]}`);
    const panel = page.getByRole('dialog', { name: 'LinkedIn post' });
    await expect(panel).toContainText('Market day post at 12');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(dayCell(page, isoDate(day)).getByText('+2 more')).toBeVisible();
  });

  test('a post at 23:45 is on its own day only, not on the next day its half hour runs into', async ({
    page,
  }) => {
    await signUp(page, newUser('cal-midnight'));
    // A Saturday: its next day starts the month grid's next row, where a second box would show.
    const today = zonedDay(0);
    const day = zonedDay(7 + ((6 - today.weekday + 7) % 7), 23, 45);
    await composeThroughApi(page, { content: 'Late-night bake', scheduledAt: day.toUTC().toISO() });
    await openCalendar(page);
    await showMonthOf(page, day);
    await expect(
      calendarEvents(dayCell(page, isoDate(day))).filter({ hasText: 'Late-night bake' }),
    ).toHaveCount(1);
    await expect(calendarEvents(page).filter({ hasText: 'Late-night bake' })).toHaveCount(1);
  });

  test('week and day views show posts at their time in the user’s zone; the zone can be changed', async ({
    page,
  }) => {
    await signUp(page, newUser('cal-week'));
    const at = zonedDay(2, 15, 30);
    await composeThroughApi(page, { content: 'Week view check', scheduledAt: at.toUTC().toISO() });
    await openCalendar(page);

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
    await expect(page.locator('th.fc-col-header-cell')).toHaveCount(7);
    let event = calendarEvents(page).filter({ hasText: 'Week view check' });
    if ((await event.count()) === 0) await page.getByRole('button', { name: 'Next week' }).click();
    event = calendarEvents(page).filter({ hasText: 'Week view check' });
    await expect(event).toContainText('3:30 PM');
    await expect(event).toHaveAttribute(
      'aria-label',
      /^Scheduled LinkedIn post, .*3:30 PM: Week view check$/,
    );
    // In the column of its day.
    const column = page.locator(`td.fc-timegrid-col[data-date="${isoDate(at)}"]`);
    await expect(column.locator('.kp-event')).toHaveCount(1);
    await expectAccessible(page, 'calendar, week');

    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(rangeHeading(page)).toHaveText(
      DateTime.now().setZone(ZONE).setLocale('en-US').toFormat('LLLL d, yyyy'),
    );
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(rangeHeading(page)).toHaveText(at.setLocale('en-US').toFormat('LLLL d, yyyy'));
    await expect(calendarEvents(page).filter({ hasText: 'Week view check' })).toContainText('3:30 PM');

    // Another zone: the same instant is shown at New York's wall time.
    await page.getByRole('button', { name: 'Change time zone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Time zone' });
    await dialog.getByLabel('Time zone').selectOption('America/New_York');
    await dialog.getByRole('button', { name: 'Save time zone' }).click();
    await expectToast(page, 'Time Zone Updated');
    await expect(page.getByText('Times in America/New_York')).toBeVisible();
    const newYork = at.setZone('America/New_York').setLocale('en-US').toFormat('h:mm a');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(calendarEvents(page).filter({ hasText: 'Week view check' })).toContainText(newYork);
    const me = (await (await page.request.get('/api/auth/user')).json()) as { timezone: string | null };
    expect(me.timezone).toBe('America/New_York');

    // Back to the browser's zone.
    await page.getByRole('button', { name: 'Change time zone' }).click();
    await page
      .getByRole('dialog', { name: 'Time zone' })
      .getByRole('button', { name: "Use my browser's zone" })
      .click();
    await expect(page.getByText(`Times in ${ZONE}`)).toBeVisible();
  });

  test('add, edit and delete from the calendar, with live checks in the composer', async ({ page }) => {
    await signUp(page, newUser('cal-crud'));
    await openCalendar(page);
    const at = zonedDay(3, 10, 30);

    await page.getByRole('button', { name: 'Add Post' }).click();
    const composer = page.getByRole('dialog', { name: 'Add Post' });
    await expect(composer).toBeVisible();
    // Default time: tomorrow at 14:00 in the user's zone.
    await expect(composer.getByLabel('Date', { exact: true })).toHaveValue(isoDate(zonedDay(1)));
    await expect(composer.getByLabel('Time', { exact: true })).toHaveValue('14:00');

    await composer.getByLabel('X (Twitter), no account yet').check();
    await composer.getByLabel('LinkedIn, no account yet').check();
    const long = 'Fresh loaves every morning. '.repeat(11).trim();
    await composer.getByLabel('Post text').fill(long);
    const checks = composer.getByRole('list', { name: 'Checks per platform' });
    await expect(checks.locator('[data-platform="twitter"]')).toContainText(`${long.length} / 280`);
    await expect(checks.locator('[data-platform="twitter"]')).toContainText('X (Twitter) allows 280');
    await expect(checks.locator('[data-platform="linkedin"]')).toContainText('Ready to publish');
    await expect(composer.getByRole('button', { name: 'Schedule', exact: true })).toBeDisabled();
    await composer.getByLabel('X (Twitter), no account yet').uncheck();
    await expect(composer.getByRole('button', { name: 'Schedule', exact: true })).toBeEnabled();

    await composer.getByLabel('Post text').fill('Our autumn menu starts this week.');
    await composer.getByLabel('Hashtags').fill('autumn ');
    await expect(composer.getByText('Preview on LinkedIn')).toBeVisible();
    await composer.getByLabel('Date', { exact: true }).fill(isoDate(at));
    await composer.getByLabel('Time', { exact: true }).fill('10:30');
    await expectAccessible(page, 'calendar, composer');
    await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expectToast(page, 'Post Scheduled', 'No LinkedIn account is connected yet');
    await expect(composer).toHaveCount(0);

    await showMonthOf(page, at);
    const event = calendarEvents(dayCell(page, isoDate(at))).filter({ hasText: 'Our autumn menu' });
    await expect(event).toContainText('10:30 AM');
    await expect(page.getByRole('list', { name: 'Upcoming Posts' })).toContainText('Our autumn menu');

    // The panel.
    await event.click();
    let panel = page.getByRole('dialog', { name: 'LinkedIn post' });
    await expect(panel).toContainText('Our autumn menu starts this week. #autumn');
    await expect(panel.getByTestId('post-status')).toHaveText('Scheduled');
    await expect(panel).toContainText(at.setLocale('en-US').toFormat('ccc, LLL d, yyyy, h:mm a'));
    await expect(panel).toContainText('No attempts yet');
    await expect(page).toHaveURL(/\/calendar\?post=/);
    const postId = new URL(page.url()).searchParams.get('post') ?? '';
    await expectAccessible(page, 'calendar, post panel');

    // Edit.
    await panel.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit post' });
    await expect(editor.getByLabel('Post text')).toHaveValue('Our autumn menu starts this week.');
    await editor.getByLabel('Post text').fill('Our winter menu starts this week.');
    await editor.getByLabel('Time', { exact: true }).fill('11:15');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Post Scheduled');
    await expect(editor).toHaveCount(0);
    const edited = calendarEvents(dayCell(page, isoDate(at))).filter({ hasText: 'Our winter menu' });
    await expect(edited).toContainText('11:15 AM');
    const saved = await getPost(page, postId);
    expect(saved.post?.content).toBe('Our winter menu starts this week.');
    expect(saved.post?.scheduledAt && new Date(saved.post.scheduledAt).toISOString()).toBe(
      at.set({ hour: 11, minute: 15 }).toUTC().toISO(),
    );

    // Reschedule from the panel: a new time in the user's zone.
    await edited.click();
    await page
      .getByRole('dialog', { name: 'LinkedIn post' })
      .getByRole('button', { name: 'Reschedule' })
      .click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule post' });
    await expect(reschedule.getByLabel('Time', { exact: true })).toHaveValue('11:15');
    await reschedule.getByLabel('Time', { exact: true }).fill('12:45');
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await expectToast(page, 'Post Scheduled', '12:45 PM');
    await expect(
      calendarEvents(dayCell(page, isoDate(at))).filter({ hasText: 'Our winter menu' }),
    ).toContainText('12:45 PM');

    // A deep link (a notification's) opens the post.
    await page.goto(`/calendar?post=${postId}`);
    panel = page.getByRole('dialog', { name: 'LinkedIn post' });
    await expect(panel).toContainText('Our winter menu');

    // Delete, after confirming.
    await panel.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Delete this post?');
    await confirm.getByRole('button', { name: 'Delete post' }).click();
    await expectToast(page, 'Post Deleted');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(calendarEvents(page).filter({ hasText: 'Our winter menu' })).toHaveCount(0);
    expect((await getPost(page, postId)).status).toBe(404);
  });

  test('Upcoming Posts lists the next 4 scheduled posts, soonest first, with Edit and Cancel', async ({
    page,
  }) => {
    await signUp(page, newUser('cal-upcoming'));
    for (const days of [6, 2, 4, 3, 5]) {
      await composeThroughApi(page, {
        content: `Upcoming in ${days} days`,
        scheduledAt: zonedDay(days).toUTC().toISO(),
      });
    }
    await composeThroughApi(page, {
      content: 'Only a draft',
      scheduledAt: zonedDay(1).toUTC().toISO(),
      asDraft: true,
    });
    await openCalendar(page);
    const list = page.getByRole('list', { name: 'Upcoming Posts' });
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list.getByRole('listitem')).toHaveText([/in 2 days/, /in 3 days/, /in 4 days/, /in 5 days/]);
    await expect(list.getByRole('button', { name: /^Edit/ })).toHaveCount(4);
    await list.getByRole('button', { name: /^Edit/ }).first().click();
    const editor = page.getByRole('dialog', { name: 'Edit post' });
    await expect(editor.getByLabel('Post text')).toHaveValue('Upcoming in 2 days');
    await expect(editor.getByLabel('Date', { exact: true })).toHaveValue(isoDate(zonedDay(2)));
    await expect(editor.getByLabel('Time', { exact: true })).toHaveValue('10:00');
    await editor.getByRole('button', { name: 'Close' }).click();

    await list
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Cancel/ })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Cancel this post?');
    await confirm.getByRole('button', { name: 'Cancel post' }).click();
    await expectToast(page, 'Post Cancelled');
    await expect(list.getByRole('listitem')).toHaveText([/in 3 days/, /in 4 days/, /in 5 days/, /in 6 days/]);
  });

  test('drag a scheduled post to another day or time; never into the past', async ({ page }) => {
    await signUp(page, newUser('cal-drag'));
    const at = zonedDay(3, 10, 0);
    const [post] = (
      await composeThroughApi(page, { content: 'Drag me along', scheduledAt: at.toUTC().toISO() })
    ).posts;
    if (!post) throw new Error('no post');
    await openCalendar(page);
    await showMonthOf(page, at);

    const target = dayCell(page, isoDate(at.plus({ days: 1 })));
    const dropDay = (await target.count()) > 0 ? at.plus({ days: 1 }) : at.minus({ days: 1 });
    const event = calendarEvents(dayCell(page, isoDate(at))).filter({ hasText: 'Drag me along' });
    await expect(event).toHaveClass(/fc-event-draggable/);
    await dragTo(page, event, dayCell(page, isoDate(dropDay)));
    await expectToast(page, 'Post Scheduled');
    await expect(
      calendarEvents(dayCell(page, isoDate(dropDay))).filter({ hasText: 'Drag me along' }),
    ).toContainText('10:00 AM');
    // Same wall time in the zone, on the new day.
    expect(new Date((await getPost(page, post.id)).post?.scheduledAt ?? '').toISOString()).toBe(
      new Date(dropDay.toUTC().toISO() ?? '').toISOString(),
    );

    // Yesterday (when the grid shows it): refused, and the post stays. The toast is closed first:
    // it sits over the bottom right of the grid.
    await toast(page).getByRole('button', { name: 'Close' }).click();
    await expect(toast(page)).toHaveCount(0);
    const yesterday = zonedDay(-1);
    await page.getByRole('button', { name: 'Today' }).click();
    if ((await dayCell(page, isoDate(yesterday)).count()) > 0 && dropDay.month === yesterday.month) {
      const moved = calendarEvents(dayCell(page, isoDate(dropDay))).filter({ hasText: 'Drag me along' });
      await dragTo(page, moved, dayCell(page, isoDate(yesterday)));
      await expectToast(page, 'Scheduling Failed', postMessages.pastTime);
      await expect(
        calendarEvents(dayCell(page, isoDate(dropDay))).filter({ hasText: 'Drag me along' }),
      ).toHaveCount(1);
      expect(new Date((await getPost(page, post.id)).post?.scheduledAt ?? '').toISOString()).toBe(
        new Date(dropDay.toUTC().toISO() ?? '').toISOString(),
      );
    }

    // In the week view, to another time of the day.
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    if ((await page.locator(`td.fc-timegrid-col[data-date="${isoDate(dropDay)}"]`).count()) === 0) {
      await page.getByRole('button', { name: 'Next week' }).click();
    }
    const inWeek = calendarEvents(page).filter({ hasText: 'Drag me along' });
    await expect(inWeek).toContainText('10:00 AM');
    // The week opens scrolled to its first post once its posts are in: measure after that.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const column = await page.locator(`td.fc-timegrid-col[data-date="${isoDate(dropDay)}"]`).boundingBox();
    // 12:00 is mid-screen: near an edge, FullCalendar scrolls while dragging.
    const lane = page.locator('td.fc-timegrid-slot-lane[data-time="12:00:00"]');
    await lane.scrollIntoViewIfNeeded();
    const slot = await lane.boundingBox();
    const grabbed = await inWeek.boundingBox();
    if (!column || !slot || !grabbed) throw new Error('week grid not drawn');
    await page.waitForLoadState('networkidle');
    // Grab the event at its top edge (its start) and put that edge on 12:00.
    await page.mouse.move(grabbed.x + grabbed.width / 2, grabbed.y + 4);
    await page.mouse.down();
    await page.mouse.move(grabbed.x + grabbed.width / 2, grabbed.y + 20, { steps: 4 });
    await page.mouse.move(column.x + column.width / 2, slot.y + 4, { steps: 12 });
    await page.mouse.up();
    await expectToast(page, 'Post Scheduled', '12:00 PM');
    await expect(calendarEvents(page).filter({ hasText: 'Drag me along' })).toContainText('12:00 PM');
    expect(new Date((await getPost(page, post.id)).post?.scheduledAt ?? '').toISOString()).toBe(
      new Date(dropDay.set({ hour: 12 }).toUTC().toISO() ?? '').toISOString(),
    );
  });
});

test('images: upload, checks per platform, remove, and a thumbnail on the calendar', async ({ page }) => {
  await signUp(page, newUser('cal-media'));
  await openCalendar(page);
  await page.getByRole('button', { name: 'Add Post' }).click();
  const composer = page.getByRole('dialog', { name: 'Add Post' });
  await composer.getByLabel('Instagram, no account yet').check();
  await composer.getByLabel('Post text').fill('Our new window display');
  const instagram = composer
    .getByRole('list', { name: 'Checks per platform' })
    .locator('[data-platform="instagram"]');
  await expect(instagram).toContainText('Instagram needs an image');
  await expect(composer.getByRole('button', { name: 'Schedule', exact: true })).toBeDisabled();

  const upload = composer.getByLabel('Upload images');
  await upload.setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: pngImage(400, 400) });
  await expect(composer.getByRole('img', { name: 'window.png' })).toBeVisible();
  await expect(instagram).toContainText('The image is PNG; Instagram accepts JPEG.');
  await composer.getByRole('button', { name: 'Remove image 1' }).click();
  await expect(composer.getByRole('img', { name: 'window.png' })).toHaveCount(0);

  await upload.setInputFiles({ name: 'window.jpg', mimeType: 'image/jpeg', buffer: jpegImage(1080, 1080) });
  await expect(composer.getByRole('img', { name: 'window.jpg' })).toBeVisible();
  await expect(instagram).toContainText('Ready to publish');
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Post Scheduled');

  await showMonthOf(page, zonedDay(1));
  const chip = calendarEvents(dayCell(page, isoDate(zonedDay(1)))).filter({ hasText: 'window display' });
  const thumbnail = chip.locator('img');
  await expect(thumbnail).toHaveAttribute('src', /\/media\/[0-9a-f-]+\.thumb\.webp$/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('schedule a post a few seconds ahead to a sandbox account and see it published with its link', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('cal-publish'));
  const handle = `cal${Date.now().toString(36)}`;
  await connectSandboxX(page, context, handle);
  await openCalendar(page);

  await page.getByRole('button', { name: 'Add Post' }).click();
  const composer = page.getByRole('dialog', { name: 'Add Post' });
  // One text to two places: the sandbox X account, and LinkedIn without an account yet.
  await composer.getByLabel(`@${handle}`).check();
  await composer.getByLabel('LinkedIn, no account yet').check();
  await composer.getByLabel('Post text').fill('Doors open in a few seconds!');
  const soon = DateTime.now().setZone(ZONE).plus({ seconds: 12 });
  await composer.getByLabel('Date', { exact: true }).fill(isoDate(soon));
  await composer.getByLabel('Time', { exact: true }).fill(soon.toFormat('HH:mm:ss'));
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Post Scheduled', '2 posts go out');
  await expect(toast(page)).toContainText('No LinkedIn account is connected yet');

  const event = calendarEvents(page).filter({ hasText: 'Doors open' });
  await expect(event).toHaveCount(2);
  await page.locator('.kp-event[aria-label^="Scheduled X (Twitter) post"]').click();
  const panel = page.getByRole('dialog', { name: 'X (Twitter) post' });
  await expect(panel).toContainText(`To @${handle}`);
  await expect(panel.getByTestId('post-status')).toHaveText('Published', { timeout: 45_000 });
  const link = panel.getByRole('link', { name: 'View on X (Twitter)' });
  await expect(link).toHaveAttribute('href', /^https?:\/\//);
  await expect(panel).toContainText('Attempt 1: Published');
  // The other post of the group has its own state: no LinkedIn account, so it cannot go out.
  const group = panel.getByRole('region', { name: 'Composed together with' });
  await expect(group).toContainText('LinkedIn');
  await expect(group.getByText('Failed')).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.locator('.kp-event--published').filter({ hasText: 'Doors open' })).toHaveCount(1);
  await expect(page.locator('.kp-event--failed').filter({ hasText: 'Doors open' })).toHaveCount(1);
});

test('failed and missed posts say why, list their attempts, and can be retried', async ({ page }) => {
  await signUp(page, newUser('cal-failed'));
  const failedAt = zonedDay(0, 0, 5).toUTC().toISO() ?? '';
  const failed = fabricatedPost({
    content: 'Our spring sale is live',
    status: 'failed',
    scheduledAt: failedAt,
    failureReason: 'Not published after 3 attempts: X (Twitter) is busy (503). Please retry.',
    attemptCount: 3,
  });
  const missed = fabricatedPost({
    platform: 'linkedin',
    content: 'Team lunch photos',
    status: 'missed',
    scheduledAt: failedAt,
    failureReason: publishingMessages.missed(6),
  });
  const attempt = (n: number, outcome: string, errorKind: string | null, message: string | null) => ({
    id: randomUUID(),
    attemptNumber: n,
    startedAt: failedAt,
    finishedAt: failedAt,
    outcome,
    errorKind,
    message,
  });
  await routeFabricatedPosts(page, [failed, missed], {
    [failed.id]: [
      attempt(1, 'retrying', 'server_error', 'Service Unavailable (503)'),
      attempt(2, 'retrying', 'rate_limited', 'Too Many Requests (429)'),
      attempt(3, 'failed', 'server_error', 'Service Unavailable (503)'),
    ],
  });
  let retried = false;
  await page.route(`**/api/posts/${failed.id}/retry`, (route) => {
    retried = true;
    return route.fulfill({ json: { ...failed, status: 'scheduled', scheduledAt: new Date().toISOString() } });
  });
  await openCalendar(page);
  const today = dayCell(page, isoDate(zonedDay(0)));
  const chip = calendarEvents(today).filter({ hasText: 'Our spring sale' });
  await expect(chip).toHaveClass(/kp-event--failed/);
  // Only scheduled posts can be dragged.
  await expect(chip).not.toHaveClass(/fc-event-draggable/);
  await expect(chip).toContainText('Failed');
  await expect(calendarEvents(today).filter({ hasText: 'Team lunch' })).toContainText('Missed');

  await chip.click();
  const panel = page.getByRole('dialog', { name: 'X (Twitter) post' });
  await expect(panel.getByTestId('post-status')).toHaveText('Failed');
  await expect(panel.getByRole('alert')).toContainText('X (Twitter) is busy (503)');
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  await expect(panel.getByRole('listitem').nth(1)).toContainText('Attempt 2: Failed, retrying');
  await expect(panel.getByRole('listitem').nth(1)).toContainText('Rate limited');
  await expect(panel.getByRole('listitem').nth(1)).toContainText('Too Many Requests (429)');
  await expect(panel.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await expectAccessible(page, 'calendar, failed post');
  await panel.getByRole('button', { name: 'Retry now' }).click();
  await expectToast(page, 'Post Scheduled', 'again now');
  expect(retried).toBe(true);
  // Escape would first dismiss the toast (the newest layer): close the panel by its button.
  await panel.getByRole('button', { name: 'Close' }).click();

  await calendarEvents(today).filter({ hasText: 'Team lunch' }).click();
  const missedPanel = page.getByRole('dialog', { name: 'LinkedIn post' });
  await expect(missedPanel.getByTestId('post-status')).toHaveText('Missed');
  await expect(missedPanel.getByRole('alert')).toContainText(
    'Kitepost was not running at the scheduled time',
  );
  await expect(missedPanel.getByRole('button', { name: 'Retry now' })).toBeVisible();
});

for (const width of [1280, 375] as const) {
  test.describe(`calendar screens at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 800 } });

    test('month, week, day, composer, post panel and the time zone setting', async ({ page }) => {
      test.setTimeout(60_000);
      await signUp(page, newUser(`cal-screens${width}`));
      const day = zonedDay(2);
      for (const [hour, text] of [
        [9, 'Fresh sourdough is out of the oven, come early before it is gone'],
        [12, 'Lunch special: tomato soup and a cheese toastie'],
        [16, 'Weekend opening hours change next month'],
      ] as const) {
        await composeThroughApi(page, { content: text, scheduledAt: day.set({ hour }).toUTC().toISO() });
      }
      await composeThroughApi(page, {
        content: 'Draft: behind the scenes at the bakery',
        scheduledAt: zonedDay(4, 11).toUTC().toISO(),
        asDraft: true,
      });
      const published = fabricatedPost({
        platform: 'linkedin',
        content: 'We are hiring a weekend baker',
        status: 'published',
        scheduledAt: zonedDay(0, 0, 10).toUTC().toISO(),
        publishedAt: zonedDay(0, 0, 10).toUTC().toISO(),
        externalUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
        attemptCount: 1,
      });
      const failed = fabricatedPost({
        content: 'Flash sale: 20% off all cakes',
        status: 'failed',
        scheduledAt: zonedDay(0, 0, 20).toUTC().toISO(),
        failureReason: 'Not published after 3 attempts: X (Twitter) is busy (503).',
        attemptCount: 3,
      });
      await routeFabricatedPosts(page, [published, failed], {});

      await openCalendar(page);
      if (width < 600) {
        // Phones start on the day view.
        await expect(page.getByRole('button', { name: 'Day', exact: true })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await saveScreen(page, 'calendar-day-default', width);
        await page.getByRole('button', { name: 'Month', exact: true }).click();
      }
      await showMonthOf(page, day);
      await expect(dayCell(page, isoDate(day)).getByText('+1 more')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreen(page, 'calendar-month', width);
      await expectAccessible(page, `calendar month at ${width}`);

      await page.getByRole('button', { name: 'Week', exact: true }).click();
      await page.getByRole('button', { name: 'Today' }).click();
      await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
      await saveScreen(page, 'calendar-week', width);
      await page.getByRole('button', { name: 'Day', exact: true }).click();
      await saveScreen(page, 'calendar-day', width);

      await page.getByRole('button', { name: 'Add Post' }).click();
      const composer = page.getByRole('dialog', { name: 'Add Post' });
      await composer.getByLabel('X (Twitter), no account yet').check();
      await composer.getByLabel('Instagram, no account yet').check();
      await composer
        .getByLabel('Post text')
        .fill('New seasonal menu: pumpkin bread, apple tarts and spiced coffee. See you soon!');
      await composer.getByLabel('Hashtags').fill('bakery autumn ');
      await expect(composer.getByText('Instagram needs an image')).toBeVisible();
      await saveScreen(page, 'calendar-composer', width, false);
      await expectAccessible(page, `composer at ${width}`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await calendarEvents(page).filter({ hasText: 'Flash sale' }).click();
      await expect(page.getByRole('dialog', { name: 'X (Twitter) post' })).toBeVisible();
      await saveScreen(page, 'calendar-post-failed', width, false);
      await page.keyboard.press('Escape');
      await calendarEvents(page).filter({ hasText: 'hiring' }).click();
      await expect(page.getByRole('link', { name: 'View on LinkedIn' })).toBeVisible();
      await saveScreen(page, 'calendar-post-published', width, false);
      await page.keyboard.press('Escape');

      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Time zone' })).toBeVisible();
      await page.getByRole('heading', { name: 'Time zone' }).scrollIntoViewIfNeeded();
      await saveScreen(page, 'settings-time-zone', width, false);
      await expectAccessible(page, `settings with the time zone at ${width}`);
    });
  });
}
