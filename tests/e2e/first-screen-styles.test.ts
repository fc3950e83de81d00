import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addProduct, logSale, openTab } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';

// Vite's dev server: the test holds back Mantine's full stylesheet, a module of its own there.
const e2e = useE2e({ app: 'dev' });

/** Mantine's component classes (`m_` + hash) that have a rule somewhere in its full CSS. */
const styledMantineClasses = new Set(
  readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css'), 'utf8')
    .match(/\.m_[0-9a-f]+/g)
    ?.map((selector) => selector.slice(1)),
);

/** Classes on the page that Mantine styles, but no stylesheet loaded so far has a rule for. */
async function unstyledClasses(page: Page): Promise<string[]> {
  const { used, styled } = await page.evaluate(() => {
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const classes = Array.from(document.querySelectorAll('*')).flatMap((element) => Array.from(element.classList));
    return {
      used: [...new Set(classes.filter((name) => /^m_[0-9a-f]+$/.test(name)))],
      styled: selectors.join(' ').match(/\.m_[0-9a-f]+/g) ?? [],
    };
  });
  const loaded = new Set(styled.map((selector) => selector.slice(1)));
  return used.filter((name) => styledMantineClasses.has(name) && !loaded.has(name));
}

describe('the first screen', { timeout: 120_000 }, () => {
  it('carries the CSS of every Mantine component it draws, before the rest of Mantine arrives', async () => {
    // Hold back the full Mantine CSS (which the other tabs load) while the dashboard is checked.
    let holding = true;
    let held = 0;
    const waiting: (() => void)[] = [];
    const { page } = await e2e.openApp({
      viewport: PHONE,
      beforeLoad: (page) =>
        page.context().route(
          (url) => url.pathname.endsWith('/@mantine/core/styles.layer.css'),
          async (route) => {
            if (holding) {
              held++;
              await new Promise<void>((resolve) => waiting.push(resolve));
            }
            await route.continue();
          },
        ),
    });
    const release = () => {
      holding = false;
      for (const resume of waiting.splice(0)) resume();
    };
    const checkDashboard = async () => {
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        expect(await unstyledClasses(page), `dashboard at ${size.width}x${size.height}`).toEqual([]);
      }
    };

    // A first-time user's empty dashboard, with the full CSS provably held back.
    await page.getByText('No sales yet').waitFor();
    await expect.poll(() => held).toBeGreaterThan(0);
    await checkDashboard();

    // The same user with sales: cards, the Recent Sales table and its badges.
    release();
    await addProduct(page, { sku: 'CSS-1', name: 'Styled shirt', sellingPrice: '499', stockOnHand: '5' });
    await logSale(page, { product: 'Styled shirt (CSS-1)', quantity: '2' });
    // A reload keeps the screen it shows (issue 41): the dashboard's, to be the first screen again.
    await openTab(page, 'Dashboard');
    holding = true;
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();
    await page.getByRole('cell', { name: 'Unfulfilled' }).waitFor();
    await checkDashboard();
    release();
    await openTab(page, 'Products');
  });
});
