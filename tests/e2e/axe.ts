import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** No serious or critical WCAG 2 A/AA violation on what the page shows now. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Let entrance transitions finish so colours are measured at rest.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.passes.length, 'axe evaluated no rules').toBeGreaterThan(10);
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target).join(', ')})`,
    );
  expect(serious, `${screen}:\n${serious.join('\n')}`).toEqual([]);
}
