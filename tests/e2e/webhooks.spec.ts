import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { newUser, signUp } from './helpers';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test('add a webhook, schedule a post, see the signed delivery in the log', async ({ page }) => {
  // A receiver on 127.0.0.1 (the e2e server allows private addresses: WEBHOOKS_ALLOW_PRIVATE).
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kitepost`;

  try {
    await signUp(page, newUser('webhook'));
    await page.goto('/settings');
    await page.getByRole('link', { name: /Webhooks/ }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add a webhook' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByRole('checkbox', { name: /A post was scheduled or queued/ }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const shown = page.getByRole('dialog', { name: 'Webhook added' });
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();

    // Schedule a post through the API: the event goes out.
    const created = await page.request.post('/api/posts', {
      data: { platform: 'linkedin', content: 'Fresh sourdough from 7 am tomorrow.' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const scheduledAt = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
    expect((await page.request.post(`/api/posts/${id}/schedule`, { data: { scheduledAt } })).ok()).toBe(true);

    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const [delivery] = received;
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      type: 'post.scheduled',
      data: { post: { id, status: 'scheduled' } },
    });
    // The documented check: HMAC-SHA256 of "t.body" with the secret, in Kitepost-Signature.
    const signature = String(delivery?.headers['kitepost-signature']);
    const t = /t=(\d+)/.exec(signature)?.[1];
    const expected = createHmac('sha256', secret).update(`${t}.${delivery?.body}`).digest('hex');
    expect(signature.split(',')).toContain(`v1=${expected}`);

    const card = page.getByTestId('webhook-card');
    await card.getByRole('button', { name: 'Show delivery log' }).click();
    const row = card.getByTestId('webhook-delivery');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('post.scheduled');
    await expect(row.getByText('200', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Details' }).click();
    await expect(row.locator('pre')).toContainText('"type": "post.scheduled"');
    await expectAccessible(page, 'webhooks with a delivery');
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
