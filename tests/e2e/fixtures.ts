import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Each test browses from its own client address. The e2e server trusts X-Forwarded-For
 * (TRUST_PROXY=true, as behind a load balancer), so the sign-in rate limits, which count per
 * address, hold for every test without one test's sign-ups counting against another's.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.setExtraHTTPHeaders({
      'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
    await use(page);
  },
});
