/**
 * Locations (issue 45), at both screen sizes: a workshop with 100 m of cotton fabric at ₹120 a
 * metre and 12 kurtas (2.5 m each: ₹300 a kurta) opens a second godown, moves 30.5 m and 5 kurtas
 * there in one transfer, and prints its delivery challan DC/{yy-yy}/1:
 *   fabric 30.5 x 120 = ₹3,660.00, kurtas 5 x 300 = ₹1,500.00, taxable value ₹5,160.00.
 * Stock by location then shows 69.5 m and 7 at the main godown, 30.5 m and 5 at the second, the
 * totals unchanged (the spec's figures), and nothing at job workers; Raw Materials still lists 100.
 * A transfer of more than is there is refused naming what is there. With two places, Receive stock
 * asks where: 10 m received at the second godown arrive there.
 * E-way bills (Rule 138): that challan of ₹5,160 needs none; a second transfer of 400 m of silk at
 * ₹150 (₹60,000.00) does: its challan says "E-way bill needed", and with a distance and a vehicle
 * number its e-way bill JSON downloads in the portal's bulk layout (1.0.0621), both GSTINs the
 * business's, HSN 5007, 400 MTR, ₹60,000.00. Both challans' consignee boxes name the State.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  choose,
  dialog,
  dismissNotifications,
  eventually,
  openTab,
  rowCells,
  screenshot,
  settle,
} from './support/actions';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

/** The financial year of today in India, as challan numbers write it (25-26). */
function financialYear(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })
    .format(new Date())
    .split('-')
    .map(Number);
  const start = month! >= 4 ? year! : year! - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

describe('Locations', { timeout: 300_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: a second godown, a transfer with its delivery challan`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const look = async (name: string) => {
        await dismissNotifications(page);
        // The pointer off the form: where the last chosen option closed decides whether a button
        // below it is hovered, and a hovered subtle button's contrast is its own (open) finding.
        await page.mouse.move(0, 0);
        await settle(page);
        await screenshot(page, name, true);
        expect(await seriousViolations(page, name)).toEqual([]);
      };
      const client = await e2e.clientOf(page);
      const seed = seeder(client);
      const fabric = await seed.material({
        material_name: 'Cotton fabric',
        unit_of_measure: 'metres',
        stock_level: 100,
        cost_per_unit: 120,
      });
      await seed.product({
        sku: 'KUR-1',
        product_name: 'Kurta',
        selling_price: 799,
        stock_on_hand: 12,
        bom: [{ material_id: fabric, quantity: 2.5 }],
      });
      const silk = await seed.material({
        material_name: 'Silk fabric',
        unit_of_measure: 'metres',
        stock_level: 500,
        cost_per_unit: 150,
      });
      const tax = await client.rpc('set_item_tax', { material_id: silk, hsn_code: '5007', gst_rate: 5 });
      if (tax.error) throw new Error(tax.error.message);
      const { error } = await client.rpc('set_business_profile', {
        legal_name: 'Asha Textiles',
        address: '12 MG Road, Pune 411001',
        gstin: '27AAPFU0939F1ZV',
        state_code: '27',
        invoice_prefix: 'AT',
      });
      if (error) throw new Error(error.message);

      await openTab(page, 'Locations');
      const stockTable = page.getByRole('table', { name: 'Stock by location' });
      await eventually(() => rowCells(stockTable, 'Cotton fabric')).toEqual([
        'Cotton fabric',
        '100 metres',
        '100 metres',
        '0 metres',
      ]);
      await expect(page.getByRole('button', { name: 'Transfer stock' }).isDisabled()).resolves.toBe(true);

      // A second godown.
      await page.getByRole('button', { name: 'Add location' }).click();
      const add = dialog(page, 'Add location');
      await add.getByRole('textbox', { name: 'Name' }).fill('Second godown');
      await add.getByRole('textbox', { name: 'Address' }).fill('FC Road, Pune 411004');
      await add.getByRole('button', { name: 'Add location' }).click();
      await add.waitFor({ state: 'detached' });
      await eventually(() => rowCells(stockTable, 'Kurta')).toEqual([
        'Kurta',
        '12 units',
        '0 units',
        '12 units',
        '0 units',
      ]);

      // Too much is refused, naming what is there; then the transfer.
      e2e.expectRefusal('transfer_stock');
      await page.getByRole('button', { name: 'Transfer stock' }).click();
      const transfer = dialog(page, 'Transfer stock');
      await choose(page, transfer.getByRole('combobox', { name: 'Item 1' }), 'Kurta (12 units here)');
      await transfer.getByRole('textbox', { name: 'Quantity' }).fill('13');
      await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
      await transfer.getByText('Not enough Kurta at Main godown: 12 there, 13 to transfer.').waitFor();
      await transfer.getByRole('textbox', { name: 'Quantity' }).fill('5');
      await transfer.getByRole('button', { name: 'Add item' }).click();
      await choose(page, transfer.getByRole('combobox', { name: 'Item 2' }), 'Cotton fabric (100 metres here)');
      await transfer.getByRole('textbox', { name: 'Quantity' }).nth(1).fill('30.5');
      await look('locations-transfer');
      await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();

      // The challan opens to be printed.
      const number = `DC/${financialYear()}/1`;
      const challan = page.getByRole('article', { name: `Delivery challan ${number}` });
      await challan.waitFor();
      await eventually(() => rowCells(challan, 'Cotton fabric')).toEqual([
        '2',
        'Cotton fabric',
        '—',
        '30.5 metres',
        '₹120.00',
        '₹3,660.00',
      ]);
      expect(await rowCells(challan, 'Kurta')).toEqual(['1', 'Kurta', '—', '5 units', '₹300.00', '₹1,500.00']);
      expect((await challan.locator('tfoot').innerText()).replace(/\s+/g, ' ').trim()).toBe('Total ₹5,160.00');
      await challan.getByText('Place of supply: Maharashtra (27)').waitFor();
      expect(await challan.getByText('GSTIN: 27AAPFU0939F1ZV').count()).toBe(2);
      // Consignor and consignee each with their State.
      expect(await challan.getByText('State: Maharashtra (27)').count()).toBe(2);
      await challan.getByText('To: Second godown').waitFor();
      await look('locations-challan');
      await page
        .getByRole('dialog', { name: `${number}: print` })
        .getByRole('button', { name: 'Close' })
        .last()
        .click();

      await eventually(() => rowCells(stockTable, 'Cotton fabric')).toEqual([
        'Cotton fabric',
        '69.5 metres',
        '30.5 metres',
        '100 metres',
        '0 metres',
      ]);
      expect(await rowCells(stockTable, 'Kurta')).toEqual(['Kurta', '7 units', '5 units', '12 units', '0 units']);
      const challans = page.getByRole('table', { name: 'Delivery challans' });
      await eventually(() => rowCells(challans, number)).toEqual(
        expect.arrayContaining([number, 'Main godown', 'Second godown', '₹5,160.00']),
      );
      await look('locations');

      // E-way bills: ₹5,160 needs none; 400 m of silk at ₹150 (₹60,000.00) does.
      const firstRow = challans.getByRole('row', { name: new RegExp(number) });
      expect(await firstRow.getByText('E-way bill needed').count()).toBe(0);
      expect(await firstRow.getByRole('button', { name: /e-way bill/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Transfer stock' }).click();
      const second = dialog(page, 'Transfer stock');
      await choose(page, second.getByRole('combobox', { name: 'Item 1' }), 'Silk fabric (500 metres here)');
      await second.getByRole('textbox', { name: 'Quantity' }).fill('400');
      await second.getByRole('button', { name: 'Transfer', exact: true }).click();
      const secondNumber = `DC/${financialYear()}/2`;
      const secondChallan = page.getByRole('article', { name: `Delivery challan ${secondNumber}` });
      await secondChallan.waitFor();
      expect((await secondChallan.locator('tfoot').innerText()).replace(/\s+/g, ' ').trim()).toBe('Total ₹60,000.00');
      await page
        .getByRole('dialog', { name: `${secondNumber}: print` })
        .getByRole('button', { name: 'Close' })
        .last()
        .click();
      const secondRow = challans.getByRole('row', { name: new RegExp(secondNumber) });
      await secondRow.getByText('E-way bill needed').waitFor();
      await secondRow.getByRole('button', { name: `Download e-way bill JSON of ${secondNumber}` }).click();
      const eway = dialog(page, `E-way bill JSON: ${secondNumber}`);
      await eway.getByRole('textbox', { name: 'Distance (km)' }).fill('4001');
      await eway.getByRole('textbox', { name: 'Vehicle number' }).fill('PUNE');
      await eway.getByRole('button', { name: 'Download JSON' }).click();
      await eway.getByText('Distance must be between 1 and 4000 km.').waitFor();
      await eway.getByText('Vehicle number must look like MH12AB1234.').waitFor();
      await eway.getByRole('textbox', { name: 'Distance (km)' }).fill('12');
      await eway.getByRole('textbox', { name: 'Vehicle number' }).fill('mh 12 ab 1234');
      await look('locations-eway-bill');
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        eway.getByRole('button', { name: 'Download JSON' }).click(),
      ]);
      expect(file.suggestedFilename()).toBe(`e-way-bill-${secondNumber.replaceAll('/', '-')}.json`);
      const written = JSON.parse(await readFile(await file.path(), 'utf8')) as {
        version: string;
        billLists: Record<string, unknown>[];
      };
      expect(written.version).toBe('1.0.0621');
      expect(written.billLists).toHaveLength(1);
      expect(written.billLists[0]).toMatchObject({
        supplyType: 'O',
        subSupplyType: 5,
        docType: 'CHL',
        docNo: secondNumber,
        fromGstin: '27AAPFU0939F1ZV',
        toGstin: '27AAPFU0939F1ZV',
        fromPincode: 411001,
        toPincode: 411004,
        totalValue: 60000,
        transDistance: 12,
        vehicleNo: 'MH12AB1234',
        itemList: [
          { itemNo: 1, productName: 'Silk fabric', hsnCode: 5007, quantity: 400, qtyUnit: 'MTR', taxableAmount: 60000 },
        ],
      });
      await eway.waitFor({ state: 'detached' });

      // The spec's figure stays the total.
      await openTab(page, 'Raw Materials');
      await eventually(() => rowCells(page.getByRole('table').first(), 'Cotton fabric')).toEqual([
        'Cotton fabric',
        '—',
        '₹120.00',
        '100',
        'metres',
      ]);

      // With two places, Receive stock asks where: 10 m arrive at the second godown.
      await page.getByRole('button', { name: 'Actions for Cotton fabric', exact: true }).click();
      await dialog(page, 'Actions for Cotton fabric')
        .getByRole('button', { name: 'Receive stock', exact: true })
        .click();
      const receipt = dialog(page, 'Receive stock: Cotton fabric');
      await receipt.getByLabel('Quantity (metres)').fill('10');
      await choose(page, receipt.getByRole('combobox', { name: 'Receive at' }), 'Second godown');
      await look('locations-receive-at');
      await receipt.getByRole('button', { name: 'Receive Stock' }).click();
      await receipt.waitFor({ state: 'hidden' });
      await openTab(page, 'Locations');
      await eventually(() => rowCells(stockTable, 'Cotton fabric')).toEqual([
        'Cotton fabric',
        '69.5 metres',
        '40.5 metres',
        '110 metres',
        '0 metres',
      ]);
    });
  }
});
