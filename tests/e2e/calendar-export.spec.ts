import ICAL from 'ical.js';
import { composeThroughApi, openCalendar, saveScreen, ZONE, zonedDay } from './calendar-helpers';
import { expect, test } from './fixtures';
import { newUser, signUp } from './helpers';

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test('Export › Subscribe: the private URL is copied and answers the posts as iCalendar', async ({
  page,
  context,
  playwright,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, newUser('cal-export'));
  const content = `Subscribed post, with a comma; and a semicolon ${Date.now()}`;
  const at = zonedDay(2, 9, 30);
  const answer = await composeThroughApi(page, { content, scheduledAt: at.toUTC().toISO() });
  const postId = answer.posts[0]?.id;
  await openCalendar(page);

  await page.getByRole('button', { name: 'Export' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Download .ics' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Download CSV' })).toBeVisible();
  if (process.env.SAVE_SCREENS) await saveScreen(page, 'calendar-export-menu', 1280, false);
  await menu.getByRole('menuitem', { name: 'Subscribe in your calendar app…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar app' });
  await dialog.getByRole('button', { name: 'Make my private URL' }).click();
  const field = dialog.getByLabel('Your private calendar URL');
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toBe(await field.inputValue());
  await expect(dialog.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  await expect(dialog.getByText(/Keep this URL private/)).toBeVisible();
  if (process.env.SAVE_SCREENS) await saveScreen(page, 'calendar-feed-dialog', 1280, false);

  // What a calendar app fetches, from a request context without the page's cookies: the secret in
  // the URL is the key.
  const calendarApp = await playwright.request.newContext();
  const response = await calendarApp.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  const event = events.find((one) => one.uid.startsWith(`${postId}@`));
  expect(event?.description.startsWith(content)).toBe(true);
  expect(event?.startDate.toJSDate().getTime()).toBe(at.toMillis());
  await calendarApp.dispose();
});
