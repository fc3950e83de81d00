import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dialog, download, eventually, fieldMessage, openTab, rowCells } from './support/actions';
import { useE2e } from './support/fixture';

const e2e = useE2e();

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');
const COUNT = 1_500;
const pad = (n: number) => String(n).padStart(4, '0');
/** Eleven materials a product: any hundred products together have more BOM lines than one API answer. */
const BOM_LINES = 11;
const bomOf = (index: number) =>
  Array.from({ length: BOM_LINES }, (_, line) => `Fabric ${pad(((index + line) % COUNT) + 1)}: 1`).join('; ');

// Past the API's 1,000-row answer, a form that read whole tables silently lost materials from its
// picker and missed duplicate SKUs, and a list read in one request lost its end. Pickers search the
// server, uniqueness is the server's answer, and lists are read in pages.
describe('a catalogue of 1,500 materials and 1,500 products', { timeout: 180_000 }, () => {
  it('offers the 1,500th material in a BOM, costs the 1,501st product and refuses a duplicate of the 1,400th SKU on its field', async () => {
    const { page } = await e2e.openApp();
    const client = await e2e.clientOf(page);
    const numbers = Array.from({ length: COUNT }, (_, index) => pad(index + 1));
    const imported = await client.rpc('import_raw_materials', {
      rows: numbers.map((n) => ({ material_name: `Fabric ${n}`, unit_of_measure: 'metres', stock_level: '5' })),
    });
    expect(imported.error).toBeNull();
    // In files of 250 (2,750 BOM entries), as a shop would upload them: a file holds at most 5,000
    // BOM entries, so each import is one statement well under the API's timeout.
    const rows = numbers.map((n, index) => ({
      sku: `SKU-${n}`,
      product_name: `Kurta ${n}`,
      selling_price: '999',
      bom: bomOf(index),
    }));
    for (let start = 0; start < COUNT; start += 250) {
      const products = await client.rpc('import_products', { rows: rows.slice(start, start + 250) });
      expect(products.error).toBeNull();
    }

    await openTab(page, 'Products');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const form = dialog(page, 'Add New Product');
    await form.getByLabel('SKU').fill('NEW-01');
    await form.getByLabel('Product Name').fill('Kurta with the last fabric');
    await form.getByLabel('Selling Price').fill('1299');
    await form.getByRole('button', { name: 'Add Material' }).click();
    await form.getByRole('combobox', { name: 'Material 1' }).click();
    await page.keyboard.type(`Fabric ${pad(COUNT)}`);
    await page.getByRole('option', { name: `Fabric ${pad(COUNT)} (metres)`, exact: true }).click();
    await form.getByLabel('Quantity 1').fill('2');
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'large-catalogue-bom-picker.png') });
    await form.getByRole('button', { name: 'Save Product' }).click();
    await form.waitFor({ state: 'hidden' });
    const saved = await client
      .from('products')
      .select('sku, bom_items(quantity, raw_materials(material_name))')
      .eq('sku', 'NEW-01')
      .single();
    expect(saved.data).toEqual({
      sku: 'NEW-01',
      bom_items: [{ quantity: 2, raw_materials: { material_name: `Fabric ${pad(COUNT)}` } }],
    });

    // Its drawer reads its own costing, not a page of everyone's that stops at 1,000 products.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('NEW-01');
    await page.getByRole('button', { name: 'Kurta with the last fabric', exact: true }).click();
    const drawer = dialog(page, 'Kurta with the last fabric');
    await drawer.getByText(`Can build 2 (Fabric ${pad(COUNT)} runs out first)`).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Every material is below its reorder point (5 < 20): What to buy lists all 1,500, the last too.
    await openTab(page, 'Purchasing');
    const toBuy = page.getByRole('region', { name: 'What to buy' });
    await eventually(() => rowCells(toBuy, `Fabric ${pad(COUNT)}`)).toContain('5 / 20 metres');
    await openTab(page, 'Products');

    // Exported, every product carries its whole BOM.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('');
    await page.getByText(`of ${(COUNT + 1).toLocaleString('en-IN')} products`).waitFor();
    const catalogue = await download(page, page.getByRole('button', { name: 'Export CSV' }));
    const boms = new Map(catalogue.lines.slice(1).map((line) => [line[0], line[6]]));
    expect(boms.size).toBe(COUNT + 1);
    // Each BOM's lines by material name (they have no order of their own): the last ten wrap round
    // to Fabric 0001, which then comes first, whatever order the database returned them in.
    const byName = (bom: string) =>
      bom
        .split('; ')
        .sort((a, b) => a.localeCompare(b, 'en-IN'))
        .join('; ');
    expect(numbers.filter((n, index) => boms.get(`SKU-${n}`) !== byName(bomOf(index)))).toEqual([]);

    e2e.expectRefusal('create_product');
    await page.getByRole('button', { name: 'Add New Product' }).click();
    await form.getByLabel('SKU').fill(' sku-1400 ');
    await form.getByLabel('Product Name').fill('A twin');
    await form.getByLabel('Selling Price').fill('10');
    await form.getByRole('button', { name: 'Save Product' }).click();
    await eventually(() => fieldMessage(form.getByLabel('SKU'))).toBe('A product with SKU SKU-1400 already exists.');
    await expect(form.getByRole('alert').count()).resolves.toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'large-catalogue-duplicate-sku.png') });
    const { count } = await client.from('products').select('id', { count: 'exact', head: true });
    expect(count).toBe(COUNT + 1);
  });
});
