/**
 * Website orders, as the owner sets them up: create the webhook URL and secret on Channels (the
 * secret shown once), let "the shop" post a signed order to that URL, and see the sale in Sales
 * Orders and the line it could not sell on Channels; then paste a Shopify secret and rotate.
 * Screenshots at both sizes land in .test-artifacts/screenshots/.
 */
import { createHmac } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addProduct, eventually, openTab, rowCells, settle } from './support/actions';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

const e2e = useE2e();

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const shot = async (page: Page, name: string, size: { width: number; height: number }) => {
  // From the top, so that the full-page capture does not draw the fixed header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `website-orders-${name}-${size.width}x${size.height}.png`),
    fullPage: true,
  });
};

/** Website orders' settings are on the Channels screen (issue 41). */
async function openChannels(page: Page) {
  await openTab(page, 'Channels');
  await page.getByRole('heading', { name: 'Website orders' }).waitFor();
}

/** What the shop does: POST the order to the webhook URL, signed with the secret. */
function postShopifyOrder(url: string, secret: string, order: unknown) {
  const body = JSON.stringify(order);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
    },
    body,
  });
}

describe('website orders', { timeout: 120_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: webhook URL and secret on Channels, a shop's order in Sales Orders`, async () => {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      const { page } = await e2e.openApp({ viewport: size });
      await addProduct(page, { sku: 'KUR-01', name: 'Cotton Kurta', sellingPrice: '899', stockOnHand: '10' });

      await openChannels(page);
      await page.getByRole('button', { name: 'Create webhook URL' }).click();
      const secretField = page.getByRole('textbox', { name: 'Signing secret', exact: true });
      await secretField.waitFor();
      const url = await page.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
      const secret = await secretField.inputValue();
      expect(url).toMatch(/\/functions\/v1\/website-orders\/[0-9a-f]{32}$/);
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      await expect(page.getByRole('button', { name: 'Copy signing secret' }).isVisible()).resolves.toBe(true);
      expect(await seriousViolations(page, 'Channels, website orders')).toEqual([]);
      await shot(page, 'settings-created', size);

      const response = await postShopifyOrder(url, secret, {
        name: '#1001',
        line_items: [
          { sku: 'KUR-01', quantity: 2, price: '899.00' },
          { sku: 'GIFT-BOX', quantity: 1, price: '99.00' },
        ],
      });
      expect(response.status).toBe(200);

      await openTab(page, 'Sales Orders');
      await eventually(() => rowCells(page.getByRole('table').first(), 'Cotton Kurta')).toEqual(
        // The shop's order number shows under the product, as an imported order's does.
        expect.arrayContaining(['Cotton Kurta Order #1001', 'Brand Website', '2', '₹1,798.00']),
      );
      await openTab(page, 'Channels');
      const attention = page.getByRole('region', { name: 'Website orders that need attention' });
      await eventually(() => rowCells(attention, 'GIFT-BOX')).toEqual(
        expect.arrayContaining(['#1001', 'GIFT-BOX', '1', 'No product has SKU GIFT-BOX.']),
      );
      expect(await seriousViolations(page, 'Channels, website orders that need attention')).toEqual([]);
      await shot(page, 'channels-attention', size);
      await attention.getByRole('button', { name: 'Dismiss' }).click();
      await attention.waitFor({ state: 'detached' });
      // The rest is the same at both sizes: once is enough.
      if (size === PHONE) return;

      // The secret is never shown again; a Shopify key pasted in replaces it.
      await openChannels(page);
      await expect(page.getByRole('textbox', { name: 'Signing secret', exact: true }).count()).resolves.toBe(0);
      await page.getByRole('textbox', { name: 'Shopify signing secret' }).fill('shpss_0123456789abcdef0123');
      await page.getByRole('button', { name: 'Save secret' }).click();
      await page.getByText('Signing secret saved. Orders must now be signed with it.').waitFor();
      await page.getByText(/Signing secret: pasted from Shopify/).waitFor();
      expect((await postShopifyOrder(url, secret, { name: '#1002', line_items: [] })).status).toBe(401);
      expect(
        (await postShopifyOrder(url, 'shpss_0123456789abcdef0123', { name: '#1002', line_items: [] })).status,
      ).toBe(200);
      await settle(page);
      await shot(page, 'settings-pasted', size);

      // Rotating, after a confirmation: a new URL and secret, and the old URL stops working.
      await page.getByRole('button', { name: 'Rotate URL and secret' }).click();
      const confirm = page.getByRole('dialog', { name: 'Rotate the webhook URL and secret?' });
      expect(await seriousViolations(page, 'Rotate the webhook URL and secret?')).toEqual([]);
      await confirm.getByRole('button', { name: 'Rotate', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      const rotatedSecret = await page.getByRole('textbox', { name: 'Signing secret', exact: true }).inputValue();
      const rotatedUrl = await page.getByRole('textbox', { name: 'Webhook URL' }).inputValue();
      expect(rotatedUrl).not.toBe(url);
      expect((await postShopifyOrder(url, rotatedSecret, { name: '#1003', line_items: [] })).status).toBe(404);
      expect((await postShopifyOrder(rotatedUrl, rotatedSecret, { name: '#1003', line_items: [] })).status).toBe(200);
    });
  }
});
