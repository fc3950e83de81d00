/**
 * Channels → Shopify, as the owner uses it: connect the shop with its Admin API token (never shown
 * again: only when it was set and its last four characters), then Push stock now, which sets the
 * variant's quantity in "Shopify" (a local server playing its documented responses) and shows what
 * was updated and which SKU the shop lacks. Screenshots at both sizes land in
 * .test-artifacts/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify';
import { addProduct, openTab } from './support/actions';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

let shopify: FakeShopify;
// Before the fixture's own beforeAll: the stack it starts lets the function reach this server.
beforeAll(async () => {
  shopify = await startFakeShopify();
});
afterAll(async () => {
  await shopify?.close();
});
const e2e = useE2e({
  functions: () => ({
    env: { SHOPIFY_API_ORIGIN: shopify.origin },
    netHosts: { 'shopify-inventory': [shopify.host] },
  }),
});

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const shot = async (page: Page, name: string, size: { width: number; height: number }) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `shopify-${name}-${size.width}x${size.height}.png`),
    fullPage: true,
  });
};

/** Shopify's connection is on the Channels screen (issue 41). */
async function openChannels(page: Page) {
  await openTab(page, 'Channels');
  await page.getByRole('heading', { name: 'Shopify' }).waitFor();
}

describe('Shopify stock push', { timeout: 120_000 }, () => {
  for (const [size, token, item] of [
    [DESKTOP, 'shpat_desktop00000000000000000000000a1b2', 'gid://shopify/InventoryItem/101'],
    [PHONE, 'shpat_phone0000000000000000000000000c3d4', 'gid://shopify/InventoryItem/201'],
  ] as const) {
    it(`at ${size.width}x${size.height}: connect the shop, push stock, read the summary`, async () => {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      shopify.addShop({ token, variants: { 'KUR-01': item } });
      const { page } = await e2e.openApp({ viewport: size });
      await addProduct(page, { sku: 'KUR-01', name: 'Cotton Kurta', sellingPrice: '899', stockOnHand: '10' });
      await addProduct(page, { sku: 'GIFT-1', name: 'Gift Box', sellingPrice: '99', stockOnHand: '2' });

      await openChannels(page);
      const card = page.getByRole('region', { name: 'Shopify' });
      await card.getByRole('textbox', { name: 'Shop domain' }).fill('my-shop.myshopify.com');
      await card.getByLabel('Admin API access token').fill(token);
      await card.getByRole('button', { name: 'Connect Shopify' }).click();
      await card.getByText(/Connected to my-shop\.myshopify\.com\. Token set on .*, ends …/).waitFor();
      await expect(card.getByText(`ends …${token.slice(-4)}.`, { exact: false }).isVisible()).resolves.toBe(true);
      // The token is never shown again, not even in the form.
      await expect(card.getByLabel('Admin API access token').inputValue()).resolves.toBe('');
      expect(await page.content()).not.toContain(token);
      expect(await seriousViolations(page, 'Channels, Shopify')).toEqual([]);
      await shot(page, 'connected', size);

      const start = shopify.requests.length;
      await card.getByRole('button', { name: 'Push stock now' }).click();
      await card.getByText('1 SKU updated on Shopify').waitFor();
      await card.getByText('Not on Shopify (no variant has this SKU): GIFT-1').waitFor();
      expect(shopify.levels.get(item)).toBe(10);
      expect(new Set(shopify.requests.slice(start).map((r) => r.token))).toEqual(new Set([token]));
      expect(await seriousViolations(page, 'Channels, Shopify, after a push')).toEqual([]);
      await card.getByRole('button', { name: 'Push stock now' }).scrollIntoViewIfNeeded();
      await shot(page, 'pushed', size);
    });
  }
});
