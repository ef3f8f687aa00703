import { connectSandboxX, isoDate, saveScreen, ZONE, zonedDay } from './calendar-helpers';
import { expect, test } from './fixtures';
import { newUser, signUp } from './helpers';

test.use({ timezoneId: ZONE, viewport: { width: 1280, height: 800 } });

test('imports a CSV from the calendar: the preview reports the bad row, the good rows are imported', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signUp(page, newUser('import'));
  const username = `csv_${Date.now().toString(36)}`;
  await connectSandboxX(page, context, username);

  await page.goto('/calendar');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/calendar\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Posts', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download template' })).toHaveAttribute(
    'href',
    '/api/posts/import/template.csv',
  );

  const day = isoDate(zonedDay(3));
  const csv = [
    'date,time,account,text,hashtags,media URL,first comment',
    `${day},09:30,@${username},"Fresh bread, warm coffee: see you at 7!",#Bakery,,`,
    `${day},25:00,@${username},A time that does not exist,,,`,
    `${day},17:00,@${username},=1+1 is text here,,,`,
  ].join('\n');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByLabel('Dates and times are in')).toHaveValue(ZONE);
  await page.getByRole('button', { name: 'Preview' }).click();

  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report.getByRole('status')).toHaveText('2 of 3 rows can be imported.');
  const rows = report.getByTestId('import-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Line 3');
  await expect(rows.nth(1)).toContainText('"25:00" is not a time');
  await expect(rows.nth(2)).toContainText('=1+1 is text here');
  await saveScreen(page, 'post-import-preview', 1280);
  await page.setViewportSize({ width: 375, height: 800 });
  await saveScreen(page, 'post-import-preview', 375);
  await page.setViewportSize({ width: 1280, height: 800 });

  await report.getByRole('button', { name: 'Import 2 posts' }).click();
  await expect(report.getByRole('status')).toHaveText('Imported 2 of 3 rows.');
  await expect(rows.filter({ hasText: 'Created' })).toHaveCount(2);
  await report.getByRole('link', { name: 'See them on the calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.locator('.kp-event').first()).toBeVisible();
  await saveScreen(page, 'post-import-calendar', 1280, false);
  await page.setViewportSize({ width: 375, height: 800 });
  await saveScreen(page, 'post-import-calendar', 375, false);
  const posts = (await (await page.request.get('/api/posts')).json()) as {
    content: string;
    status: string;
  }[];
  expect(posts.map((post) => [post.content, post.status]).sort()).toEqual([
    ['=1+1 is text here', 'scheduled'],
    ['Fresh bread, warm coffee: see you at 7!', 'scheduled'],
  ]);
});
