/**
 * Purchasing (issue 32), at both screen sizes: the supplier sells fabric by the roll of 50 m; order
 * 2 rolls, place the order, receive half, then the rest, reading the stock and the moving-average
 * cost on Raw Materials after each receipt; print the order; a late order shows on the dashboard's
 * card and in red in the list on Purchasing.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dialog, dismissNotifications, eventually, openTab, rowCells, screenshot, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { seriousViolations } from './support/axe';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

/** The Raw Materials row of a material: its Supplier, Cost per Unit and Stock Level cells. */
async function materialRow(page: Page, name: string): Promise<string[]> {
  const list = page.getByRole('main');
  return (await rowCells(list, name)).slice(1, 4);
}

/** The order's status badge (the lines' table has Ordered and Received columns too). */
const status = (drawer: Locator, text: string) => drawer.locator('.mantine-Badge-root', { hasText: text });

/** Receives `rolls` of the fabric against PO-0002; with `look`, the filled dialog is looked at first. */
async function receive(page: Page, drawer: Locator, rolls: string, look?: () => Promise<void>) {
  // The first receipt's notification may still show: the one to wait for is this receipt's.
  await dismissNotifications(page);
  await drawer.getByRole('button', { name: 'Receive', exact: true }).click();
  const form = dialog(page, 'Receive PO-0002 from Arvind Mills');
  await form.getByRole('textbox', { name: 'Cotton Fabric received now (rolls)' }).fill(rolls);
  if (look) {
    await form.getByText(/^\+50 m: stock/).waitFor();
    await look();
  }
  // A double click receives once (one request id per submission): the figures below would show two.
  await form.getByRole('button', { name: 'Receive', exact: true }).dblclick();
  await page.getByText('Received against PO-0002.').waitFor();
  await form.waitFor({ state: 'hidden' });
}

describe('purchasing', { timeout: 240_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: order fabric by the roll, receive it in two parts, print the order`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      // Each screen is saved for looking at and checked with axe (WCAG 2.1 A and AA).
      const violations: string[] = [];
      const look = async (name: string) => {
        await dismissNotifications(page);
        await settle(page);
        await screenshot(page, name);
        violations.push(...(await seriousViolations(page, name)));
      };
      const client = await e2e.clientOf(page);
      const seed = seeder(client);
      // 20 m at ₹40.00 in stock; the supplier typed on the material becomes its record.
      await seed.material({
        material_name: 'Cotton Fabric',
        supplier: 'Arvind Mills',
        cost_per_unit: 40,
        stock_level: 20,
        unit_of_measure: 'm',
        reorder_point: 10,
      });
      const buttonsId = await seed.material({
        material_name: 'Buttons',
        supplier: 'Button House',
        cost_per_unit: 0.5,
        stock_level: 500,
        unit_of_measure: 'pcs',
        reorder_point: 100,
      });
      // None in stock: What to buy suggests 100 m (twice the reorder point).
      await seed.material({
        material_name: 'Lining',
        supplier: 'Arvind Mills',
        cost_per_unit: 30,
        stock_level: 0,
        unit_of_measure: 'm',
        reorder_point: 50,
      });
      const { data: suppliers } = await client.from('suppliers').select('id, supplier_name').order('supplier_name');
      const buttonHouse = suppliers!.find((supplier) => supplier.supplier_name === 'Button House')!.id;
      // A placed order of buttons, due yesterday: late.
      const yesterday = new Date(Date.now() + 5.5 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
      const yesterdayShown = new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${yesterday}T00:00:00Z`));
      const { data: late, error } = await client.rpc('create_purchase_order', {
        supplier_id: buttonHouse,
        lines: [{ material_id: buttonsId, quantity: 1000, unit_price: 0.45 }],
        expected_date: yesterday,
      });
      expect(error).toBeNull();
      await client.rpc('place_purchase_order', { po_id: (late as { purchase_order_id: string }).purchase_order_id });

      // The dashboard names the late order in its own card.
      const lateCard = page.getByRole('region', { name: 'Late purchase orders' });
      await eventually(() => lateCard.innerText()).toContain('PO-0001');
      expect(await lateCard.innerText()).toContain('Button House');
      expect(await lateCard.innerText()).toContain('₹450.00');
      expect(await lateCard.innerText()).toContain(`due ${yesterdayShown}`);
      await lateCard.scrollIntoViewIfNeeded();
      await look('purchasing-late-on-dashboard');

      // Arvind Mills sells the fabric by the roll of 50 m at ₹2,500.00.
      await openTab(page, 'Purchasing');
      const purchasing = page.getByRole('region', { name: 'Purchasing' });
      await purchasing.getByRole('tab', { name: 'Suppliers' }).click();
      await purchasing.getByRole('button', { name: 'Arvind Mills' }).click();
      const supplierDrawer = page.getByRole('dialog', { name: 'Arvind Mills' });
      const unitForm = supplierDrawer.getByRole('form', { name: 'Set a purchase unit' });
      await unitForm.getByRole('combobox', { name: 'Material' }).click();
      await page.getByRole('option', { name: 'Cotton Fabric (m)', exact: true }).click();
      await unitForm.getByLabel('Bought by').fill('rolls');
      await unitForm.getByLabel('Holds (m)').fill('50');
      await unitForm.getByLabel('Price of one').fill('2500');
      await unitForm.getByRole('button', { name: 'Save purchase unit' }).click();
      await eventually(() => rowCells(supplierDrawer, 'Cotton Fabric')).toEqual([
        'Cotton Fabric',
        'roll of 50 m',
        '₹2,500.00',
        '—',
        'Change',
      ]);
      await look('purchasing-supplier-purchase-units');
      await page.keyboard.press('Escape');
      await supplierDrawer.waitFor({ state: 'hidden' });

      // A new order of 2 rolls: the form shows what that is in metres and what it costs.
      await purchasing.getByRole('tab', { name: 'Purchase orders' }).click();
      await eventually(() => rowCells(purchasing, 'PO-0001')).toContain(`${yesterdayShown} (late)`);
      await purchasing.getByRole('button', { name: 'New purchase order' }).click();
      const orderForm = dialog(page, 'New purchase order');
      await orderForm.getByRole('combobox', { name: 'Supplier' }).click();
      await page.getByRole('option', { name: 'Arvind Mills', exact: true }).click();
      await orderForm.getByRole('combobox', { name: 'Material 1' }).click();
      await page.getByRole('option', { name: 'Cotton Fabric (m)', exact: true }).click();
      const quantity = orderForm.getByRole('textbox', { name: 'Quantity (rolls)' });
      await quantity.fill('2');
      await orderForm.getByText('= 100 m into stock, ₹5,000.00 (₹50.00 per m)').waitFor();
      await look('purchasing-order-form');
      // A double click saves one draft: Create purchase orders below would otherwise make PO-0004.
      await orderForm.getByRole('button', { name: 'Save draft' }).dblclick();
      await page.getByText('PO-0002 saved as a draft.').waitFor();

      // The saved draft opens: place it, then receive 1 of the 2 rolls.
      const drawer = page.getByRole('dialog', { name: 'PO-0002: Arvind Mills' });
      await drawer.getByRole('button', { name: 'Place order' }).click();
      await status(drawer, 'Ordered').waitFor();
      await receive(page, drawer, '1', () => look('purchasing-receive-dialog'));
      await eventually(() => rowCells(drawer, 'Cotton Fabric')).toEqual([
        'Cotton Fabric ₹2,500.00 per roll of 50 m',
        '2 rolls',
        '1 roll',
        '1 roll',
        '₹5,000.00',
      ]);
      expect(await status(drawer, 'Partially received').isVisible()).toBe(true);
      await look('purchasing-received-half');

      // Raw Materials: 20 + 50 = 70 m at (20 x 40 + 50 x 50) / 70 = ₹47.1429.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await openTab(page, 'Raw Materials');
      await eventually(() => materialRow(page, 'Cotton Fabric')).toEqual(['Arvind Mills', '₹47.1429', '70']);
      await openTab(page, 'Purchasing');

      // The rest: 120 m at (70 x 47.1429 + 50 x 50) / 120 = ₹48.3334; the order is Received.
      await purchasing.getByRole('button', { name: 'PO-0002' }).click();
      await receive(page, drawer, '1');
      await eventually(() => rowCells(drawer, 'Cotton Fabric')).toEqual([
        'Cotton Fabric ₹2,500.00 per roll of 50 m',
        '2 rolls',
        '2 rolls',
        '0 rolls',
        '₹5,000.00',
      ]);
      expect(await status(drawer, 'Received').isVisible()).toBe(true);
      expect(await drawer.getByRole('button', { name: 'Receive', exact: true }).count()).toBe(0);
      expect(await drawer.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

      // The printable order, as the supplier gets it.
      await drawer.getByRole('button', { name: 'Printable order' }).click();
      const sheet = page.getByRole('article', { name: 'Purchase order PO-0002' });
      await sheet.waitFor();
      const printed = (await sheet.innerText()).replace(/\s+/g, ' ');
      expect(printed).toContain('Purchase order PO-0002');
      expect(printed).toContain('To Arvind Mills');
      expect(printed).toContain('1 Cotton Fabric 50 m per roll: 100 m 2 rolls ₹2,500.00 / roll ₹5,000.00');
      expect(printed).toContain('Total ₹5,000.00');
      await look('purchasing-printable-order');
      // On paper only the order shows (the print stylesheet hides the app and the buttons).
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      await screenshot(page, 'purchasing-printed');
      await page.emulateMedia({ media: 'screen' });
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await openTab(page, 'Raw Materials');
      await eventually(() => materialRow(page, 'Cotton Fabric')).toEqual(['Arvind Mills', '₹48.3334', '120']);
      await openTab(page, 'Purchasing');
      await eventually(() => rowCells(purchasing, 'PO-0002')).toEqual([
        'PO-0002',
        'Arvind Mills',
        'Received',
        '—',
        '₹5,000.00',
      ]);
      await purchasing.scrollIntoViewIfNeeded();
      await look('purchasing-orders');

      // What to buy: 100 m of lining; Create purchase orders drafts it, and then it is on order.
      await openTab(page, 'Purchasing');
      const toBuy = page.getByRole('region', { name: 'What to buy' });
      await eventually(() => rowCells(toBuy, 'Lining')).toEqual([
        'Lining',
        '0 / 50 m',
        '—',
        'm',
        '₹30.00',
        '₹3,000.00',
      ]);
      await toBuy.getByRole('button', { name: 'Create purchase orders' }).click();
      await page.getByText('Draft purchase orders: PO-0003 for Arvind Mills.').waitFor();
      await toBuy
        .getByText('Nothing to buy: every material is at or above its reorder point, or enough is on order.')
        .waitFor();
      await eventually(() => rowCells(purchasing, 'PO-0003')).toEqual([
        'PO-0003',
        'Arvind Mills',
        'Draft',
        '—',
        '₹3,000.00',
      ]);
      expect(violations).toEqual([]);
    });
  }
});
