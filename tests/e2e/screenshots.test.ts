/**
 * Every screen at 1280x800 and 390x844, in one walk per state: a first-time user's (screenshots of
 * the empty states) and a shop with a month of data (docs' screenshots, no serious or critical axe
 * violation, each screen's heading, and on a phone no screen over four phone heights with its lists
 * counted at five rows). One walk does what three did (the shots, the accessibility walk and the
 * phone heights each opened every screen): most of an end-to-end run's CPU is Chromium drawing.
 * React's development-only warnings on every screen: development-warnings.test.ts.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  eventually,
  fillProductionOrder,
  navigationOnScreen,
  openTab,
  screenHeading,
  settle,
  SCREENS,
} from './support/actions';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder, seedMonth } from './support/seed';

const e2e = useE2e();

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const SIZES = [DESKTOP, PHONE];

const fileName = (name: string, size: { width: number; height: number }) =>
  path.join(SCREENSHOT_DIR, `${name.toLowerCase().replace(/ /g, '-')}-${size.width}x${size.height}.png`);

/**
 * The page's height with every list counted at its first five rows: a list (25 rows a page, on a
 * phone as cards) is as long as the rows the owner pages through; the rest of the screen is not.
 */
const heightWithListsOfFive = (page: Page) =>
  page.evaluate(() => {
    let beyondFive = 0;
    for (const body of Array.from(document.querySelectorAll('main table tbody'))) {
      const rows = Array.from(body.children).slice(5);
      for (const row of rows)
        beyondFive += row.getBoundingClientRect().height + parseFloat(getComputedStyle(row).marginTop);
    }
    return document.documentElement.scrollHeight - beyondFive;
  });

/** Opens each screen at each size, waits for it to settle, and hands it to `look`. */
async function walkEveryScreen(
  page: Page,
  look: (screen: (typeof SCREENS)[number], size: { width: number; height: number }) => Promise<void>,
): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const screen of SCREENS) {
      await openTab(page, screen);
      await screenHeading(page, screen).waitFor();
      await settle(page);
      await look(screen, size);
    }
  }
}

describe('every screen at 1280x800 and 390x844', { timeout: 300_000 }, () => {
  it('collapses the navigation behind a burger on a phone', async () => {
    const { page } = await e2e.openApp({ viewport: PHONE });
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    const onScreen = () => navigationOnScreen(page);
    await eventually(onScreen).toBe(false);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await eventually(onScreen).toBe(true);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: fileName('navigation-open', PHONE) });

    await navigation.getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('heading', { name: 'Products Master', level: 2 }).waitFor();
    await eventually(onScreen).toBe(false);
  });

  it('shows a first-time user every screen', async () => {
    const { page } = await e2e.openApp();
    await walkEveryScreen(page, async (screen, size) => {
      await page.screenshot({ path: fileName(`empty-${screen}`, size), fullPage: true });
    });
  });

  it('shows a month of a shop on every screen: accessible, and within four phone heights on a phone', async () => {
    const { page } = await e2e.openApp();
    const client = await e2e.clientOf(page);
    const [kurta] = await seedMonth(client);
    await seeder(client).production(kurta!, 10);

    const violations: string[] = [];
    const tooTall: string[] = [];
    await walkEveryScreen(page, async (screen, size) => {
      await page.screenshot({ path: fileName(screen, size), fullPage: true });
      violations.push(...(await seriousViolations(page, `${screen} ${size.width}x${size.height}`)));
      if (size === PHONE) {
        const height = await heightWithListsOfFive(page);
        if (height > 4 * PHONE.height) tooTall.push(`${screen}: ${height} px`);
      }
    });
    expect(violations).toEqual([]);
    expect(tooTall).toEqual([]);

    for (const size of SIZES) {
      await page.setViewportSize(size);
      const form = await fillProductionOrder(page, { product: 'Silk Dupatta (DUP-02)', quantity: '10' });
      await form.getByRole('table', { name: 'Required materials' }).waitFor();
      await settle(page);
      await page.screenshot({ path: fileName('create-new-order-modal', size) });
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'hidden' });
    }
  });
});
