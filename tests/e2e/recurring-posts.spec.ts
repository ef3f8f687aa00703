import { expectAccessible } from './axe';
import {
  calendarEvents,
  dayCell,
  isoDate,
  openCalendar,
  showMonthOf,
  ZONE,
  zonedDay,
} from './calendar-helpers';
import { expect, test } from './fixtures';
import { expectToast, newUser, signUp } from './helpers';

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test('a weekly post from the composer: its occurrences carry the repeat mark, and deleting asks which', async ({
  page,
}) => {
  await signUp(page, newUser('recurring'));
  await openCalendar(page);
  await page.getByRole('button', { name: 'Add Post' }).click();
  const composer = page.getByRole('dialog', { name: 'Add Post' });
  await composer.getByLabel('LinkedIn, no account yet').check();
  await composer.getByLabel('Post text').fill('Fresh sourdough every Saturday.');
  const first = zonedDay(2);
  await composer.getByLabel('Date', { exact: true }).fill(isoDate(first));
  await composer.getByLabel('How often').selectOption('week');
  await composer.getByLabel('Ends').selectOption('after');
  await composer.getByLabel('Posts in all').fill('3');
  await expect(composer.getByText('Repeats every week, each post scheduled on its own.')).toBeVisible();
  await expectAccessible(page, 'composer, repeat');
  await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expectToast(page, 'Post Scheduled');

  const second = first.plus({ weeks: 1 });
  await showMonthOf(page, second);
  const chip = calendarEvents(dayCell(page, isoDate(second))).filter({ hasText: 'sourdough' });
  await expect(chip.getByRole('img', { name: 'Repeats every week' })).toBeVisible();
  await chip.click();
  const panel = page.getByRole('dialog', { name: 'LinkedIn post' });
  await expect(panel.getByTestId('post-repeat')).toHaveText('Repeats every week (post 2)');
  await panel.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await confirm.getByLabel('This and all future posts').check();
  await confirm.getByRole('button', { name: 'Delete post' }).click();
  await expectToast(page, 'Post Deleted', 'every later one of its series');
  await expect(chip).toHaveCount(0);
});
