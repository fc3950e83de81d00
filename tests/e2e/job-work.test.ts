/**
 * Job work (issue 45), the outsourced kurta end to end, at both screen sizes: a workshop with 100 m
 * of greige fabric (a material) at ₹80 a metre adds its dyer (a supplier) as a job worker and sends
 * it 50 m to come back as 50 m of dyed fabric (a product in metres, its BOM 1 m of greige) at ₹12 a
 * metre. 40 m come back with 2 m lost, the charge with 5% GST on the dyer's invoice:
 *   used 42 m x ₹80 = ₹3,360.00, charge 40 x ₹12 = ₹480.00 (GST ₹24.00, a bill of ₹504.00),
 *   one dyed metre (3,360 + 480) / 40 = ₹96.00: ₹80 of greige (its BOM) + job work
 *   (2 lost m x ₹80 + ₹480) / 40 = ₹16.00.
 * The order shows 40 m received, 2 m lost, 8 m pending; the dyer's drawer shows 8 m of greige
 * fabric with them and 8 m of dyed fabric due back; its challan (DC/{yy-yy}/1, ₹4,000.00 at cost) is
 * to the dyer in Gujarat, for job work; Raw Materials keeps greige fabric at 50 m (the
 * total at own places) with "8 at job workers" beneath it.
 * Then (panelsToStitcher) the second part: 5 m back, 0.25 m lost: job work (0.25 x ₹80 + 5 x ₹12)
 * / 5 = ₹16.00 a metre, so dyed fabric stays ₹96.00 and 2.75 m stay due. 20 kurta panels are cut
 * in-house, 1.2 m each (24 m): a panel 1.2 x ₹96 = ₹115.20. The 20 panels go to a stitcher
 * (DC/{yy-yy}/2) to come back as 20 kurtas (BOM: one panel set) at ₹45 a piece; 18 come back. A
 * kurta costs 115.20 + 45 = ₹160.20: materials 1.2 x ₹80 = ₹96.00, job work (both charges)
 * 1.2 x ₹16 + ₹45 = ₹64.20.
 * Last, ITC-04 of this half-year: table 4 the two challans (₹4,000.00 and 20 x ₹115.20 = ₹2,304.00,
 * ₹6,304.00 in all), table 5A the three receipts, and the same in the downloaded portal file.
 */
import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  choose,
  dialog,
  dismissNotifications,
  eventually,
  fillProductionOrder,
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

/** The Unit cost row of a product's cost build-up, read from its drawer on Products (left closed). */
async function unitCostOf(page: Page, productName: string): Promise<string | undefined> {
  await page.getByRole('button', { name: productName, exact: true }).click();
  const drawer = dialog(page, productName);
  const buildUp = drawer.getByRole('table', { name: 'Cost build-up' });
  await buildUp.waitFor();
  const cost = (await rowCells(buildUp, 'Unit cost'))[1];
  await drawer.getByRole('button', { name: 'Close' }).click();
  await drawer.waitFor({ state: 'detached' });
  return cost;
}

/**
 * The rest of the dyed fabric back, 20 panels cut from it, sent to the stitcher, 18 kurtas back at
 * ₹45 a piece, and the kurta's cost with both job charges (the file header has the sums).
 */
async function panelsToStitcher(page: Page, look: (name: string) => Promise<void>, dyeing: string): Promise<void> {
  await openTab(page, 'Job work');
  const orders = page.getByRole('table', { name: 'Job work orders' });
  await orders.getByRole('button', { name: `Receive ${dyeing}` }).click();
  const rest = dialog(page, 'Receive from Rang Dyers');
  await rest.getByRole('textbox', { name: 'Received' }).fill('5');
  await rest.getByRole('textbox', { name: 'Lost or wasted' }).fill('0.25');
  await rest.getByRole('button', { name: 'Receive', exact: true }).click();
  await rest.waitFor({ state: 'detached' });
  await eventually(() => rowCells(orders, dyeing)).toEqual(expect.arrayContaining(['45 m', '2.25 m', '2.75 m']));

  // 20 panels cut in-house: 24 m of dyed fabric.
  const order = await fillProductionOrder(page, { product: 'Kurta panels (KP-1)', quantity: '20' });
  await eventually(() => rowCells(order.getByRole('table', { name: 'Required materials' }), 'Dyed fabric')).toEqual([
    'Dyed fabric (m)',
    '24',
    '45',
    '',
  ]);
  await order.getByRole('button', { name: 'Start Production' }).click();
  await order.waitFor({ state: 'hidden' });
  const run = page.getByRole('row').filter({ hasText: 'Kurta panels' }).filter({ hasText: 'In Progress' });
  await run.getByRole('button', { name: 'Mark as Completed' }).click();
  await dialog(page, 'Complete this production run?').getByRole('button', { name: 'Complete Run' }).click();
  await page.getByRole('row').filter({ hasText: 'Kurta panels' }).filter({ hasText: 'Completed' }).waitFor();

  // The stitcher, a job worker like the dyer (its adding is the dyer's flow above).
  await openTab(page, 'Locations');
  await page.getByRole('button', { name: 'Add location' }).click();
  const add = dialog(page, 'Add location');
  await add.getByText('Job worker', { exact: true }).click();
  await choose(page, add.getByRole('combobox', { name: 'Supplier' }), 'Silai Works');
  await add.getByRole('button', { name: 'Add location' }).click();
  await add.waitFor({ state: 'detached' });

  // The panels (a product) go to the stitcher, to come back as 20 kurtas at ₹45 a piece.
  await openTab(page, 'Job work');
  await page.getByRole('button', { name: 'Send for job work' }).click();
  const send = dialog(page, 'Send for job work');
  await choose(page, send.getByRole('combobox', { name: 'Job worker' }), 'Silai Works');
  await choose(page, send.getByRole('combobox', { name: 'Send item 1' }), 'Kurta panels (20 units here)');
  await send.getByRole('textbox', { name: 'Quantity', exact: true }).fill('20');
  await choose(page, send.getByRole('combobox', { name: 'Comes back as' }), 'Kurta (KUR-1) · Product');
  await send.getByRole('textbox', { name: 'Quantity to come back' }).fill('20');
  await send.getByRole('textbox', { name: 'Charge per unit (₹)' }).fill('45');
  await send.getByRole('textbox', { name: 'Per', exact: true }).fill('piece');
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await send.waitFor({ state: 'detached' });
  const stitching = `DC/${financialYear()}/2`;
  await eventually(() => rowCells(orders, stitching)).toEqual(
    expect.arrayContaining(['Silai Works', '20 units Kurta', '20 units']),
  );

  // 18 kurtas back, 2 still due.
  await orders.getByRole('button', { name: `Receive ${stitching}` }).click();
  const kurtas = dialog(page, 'Receive from Silai Works');
  await kurtas.getByRole('textbox', { name: 'Received' }).fill('18');
  await look('job-work-receive-kurtas');
  await kurtas.getByRole('button', { name: 'Receive', exact: true }).click();
  await kurtas.waitFor({ state: 'detached' });
  await eventually(() => rowCells(orders, stitching)).toEqual(expect.arrayContaining(['18 units', '2 units']));
  await look('job-work-stitcher');

  // The kurta's cost: the panels' (the dyer's charge in them) and the stitcher's ₹45.
  await openTab(page, 'Products');
  await eventually(async () => (await rowCells(page, 'KUR-1'))[4]).toBe('18');
  await page.getByRole('button', { name: 'Kurta', exact: true }).click();
  const drawer = dialog(page, 'Kurta');
  const buildUp = drawer.getByRole('table', { name: 'Cost build-up' });
  await buildUp.waitFor();
  expect(await rowCells(buildUp, 'Materials')).toEqual(['Materials', '₹96.00']);
  expect(await rowCells(buildUp, 'Job work')).toEqual(['Job work', '₹64.20']);
  expect(await rowCells(buildUp, 'Unit cost')).toEqual(['Unit cost', '₹160.20']);
  await look('job-work-kurta-cost');
  await drawer.getByRole('button', { name: 'Close' }).click();
}

const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

describe('Job work', { timeout: 300_000 }, () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`at ${size.width}x${size.height}: fabric to a dyer, 40 of 50 m back with 2 m lost, the charge in its cost`, async () => {
      const { page } = await e2e.openApp({ viewport: size });
      const look = async (name: string) => {
        await dismissNotifications(page);
        await settle(page);
        await screenshot(page, name, true);
        expect(await seriousViolations(page, name)).toEqual([]);
      };
      const client = await e2e.clientOf(page);
      const seed = seeder(client);
      const greige = await seed.material({
        material_name: 'Greige fabric',
        unit_of_measure: 'metres',
        stock_level: 100,
        cost_per_unit: 80,
      });
      const dyed = await seed.product({
        sku: 'DF-1',
        product_name: 'Dyed fabric',
        selling_price: 150,
        unit_of_measure: 'm',
        bom: [{ material_id: greige, quantity: 1 }],
      });
      const panels = await seed.product({
        sku: 'KP-1',
        product_name: 'Kurta panels',
        selling_price: 200,
        bom: [{ product_id: dyed, quantity: 1.2 }],
      });
      await seed.product({
        sku: 'KUR-1',
        product_name: 'Kurta',
        selling_price: 799,
        bom: [{ product_id: panels, quantity: 1 }],
      });
      for (const [name, args] of [
        [
          'set_business_profile',
          {
            legal_name: 'Asha Textiles',
            address: '12 MG Road, Pune',
            gstin: '27AAPFU0939F1ZV',
            state_code: '27',
            invoice_prefix: 'AT',
          },
        ],
        ['create_supplier', { supplier_name: 'Rang Dyers', gstin: '24AAPFU0939F1Z1' }],
        ['create_supplier', { supplier_name: 'Silai Works' }],
      ] as const) {
        const { error } = await client.rpc(name, args);
        if (error) throw new Error(error.message);
      }

      // The dyer becomes a job worker location: the supplier's GSTIN and state come with it.
      await openTab(page, 'Locations');
      await page.getByRole('button', { name: 'Add location' }).click();
      const add = dialog(page, 'Add location');
      await add.getByText('Job worker', { exact: true }).click();
      await choose(page, add.getByRole('combobox', { name: 'Supplier' }), 'Rang Dyers');
      await add.getByText('GSTIN 24AAPFU0939F1Z1, Gujarat').waitFor();
      await expect(add.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe('Rang Dyers');
      await look('job-work-add-job-worker');
      await add.getByRole('button', { name: 'Add location' }).click();
      await add.waitFor({ state: 'detached' });

      // Send 50 m of greige fabric, to come back as 50 m of dyed fabric at ₹12 a metre.
      await openTab(page, 'Job work');
      await page.getByRole('button', { name: 'Send for job work' }).click();
      const send = dialog(page, 'Send for job work');
      await choose(page, send.getByRole('combobox', { name: 'Send item 1' }), 'Greige fabric (100 metres here)');
      await send.getByRole('textbox', { name: 'Quantity', exact: true }).fill('50');
      await choose(page, send.getByRole('combobox', { name: 'Comes back as' }), 'Dyed fabric (DF-1) · Product');
      await send.getByRole('textbox', { name: 'Quantity to come back' }).fill('50');
      await send.getByRole('textbox', { name: 'Charge per unit (₹)' }).fill('12');
      await send.getByRole('textbox', { name: 'Per', exact: true }).fill('metre');
      await look('job-work-send');
      await send.getByRole('button', { name: 'Send', exact: true }).click();
      await send.waitFor({ state: 'detached' });

      const number = `DC/${financialYear()}/1`;
      const orders = page.getByRole('table', { name: 'Job work orders' });
      await eventually(() => rowCells(orders, number)).toEqual(
        expect.arrayContaining(['Rang Dyers', '50 m Dyed fabric', '0 m', '0 m', '50 m']),
      );

      // Its delivery challan, in the transfers' series: to the dyer, in Gujarat, for job work.
      await openTab(page, 'Locations');
      await page.getByRole('button', { name: `Print ${number}` }).click();
      const challan = page.getByRole('article', { name: `Delivery challan ${number}` });
      await challan.getByText('Purpose: sent for job work (not a supply)').waitFor();
      await challan.getByText('Place of supply: Gujarat (24)').waitFor();
      await challan.getByText('GSTIN: 24AAPFU0939F1Z1').waitFor();
      await challan.getByText('To: Rang Dyers').waitFor();
      expect((await challan.locator('tfoot').innerText()).replace(/\s+/g, ' ').trim()).toBe('Total ₹4,000.00');
      await look('job-work-challan');
      await page
        .getByRole('dialog', { name: `${number}: print` })
        .getByRole('button', { name: 'Close' })
        .last()
        .click();
      await openTab(page, 'Job work');

      // 40 m back, 2 m lost; more than is due is refused first.
      e2e.expectRefusal('receive_job_work');
      await orders.getByRole('button', { name: `Receive ${number}` }).click();
      const receive = dialog(page, 'Receive from Rang Dyers');
      await receive.getByRole('textbox', { name: 'Received' }).fill('49');
      await receive.getByRole('textbox', { name: 'Lost or wasted' }).fill('2');
      await receive.getByRole('button', { name: 'Receive', exact: true }).click();
      await receive.getByText('Only 50 m of Dyed fabric is still due back from Rang Dyers.').waitFor();
      await receive.getByRole('textbox', { name: 'Received' }).fill('40');
      await choose(page, receive.getByRole('combobox', { name: 'GST on the charge' }), '5%');
      await receive.getByRole('textbox', { name: 'Supplier invoice number' }).fill('RD/101');
      await receive.getByLabel('Supplier invoice date').fill(todayInIndia());
      await look('job-work-receive');
      await receive.getByRole('button', { name: 'Receive', exact: true }).click();
      await receive.waitFor({ state: 'detached' });

      await eventually(() => rowCells(orders, number)).toEqual(expect.arrayContaining(['40 m', '2 m', '8 m']));
      const workers = page.getByRole('table', { name: 'Job workers' });
      await eventually(() => rowCells(workers, 'Rang Dyers')).toEqual([
        'Rang Dyers',
        '8 metres Greige fabric',
        '0 days',
        '₹504.00',
      ]);
      await look('job-work');

      // The dyer's drawer: 8 m with them, 8 m due back, the charge.
      await workers.getByRole('button', { name: 'Rang Dyers' }).click();
      const drawer = page.getByRole('dialog', { name: 'Rang Dyers' });
      await drawer.getByText('8 metres Greige fabric', { exact: true }).waitFor();
      await drawer.getByText(`8 m Dyed fabric (${number})`).waitFor();
      await drawer.getByText('Total ₹504.00').waitFor();
      await look('job-work-drawer');
      await drawer.getByRole('button', { name: 'Close job worker' }).click();

      // Dyed fabric's cost per unit is now ₹96; greige fabric stays 50 m at own places, 8 at the dyer.
      await openTab(page, 'Products');
      await eventually(async () => (await rowCells(page, 'DF-1'))[4]).toMatch(/^40\b/);
      expect(await unitCostOf(page, 'Dyed fabric')).toBe('₹96.00');
      await openTab(page, 'Raw Materials');
      const materials = page.getByRole('table').first();
      await eventually(() => rowCells(materials, 'Greige fabric')).toEqual([
        'Greige fabric',
        '—',
        '₹80.00',
        '50 8 at job workers',
        'metres',
      ]);
      await look('job-work-raw-materials');

      await panelsToStitcher(page, look, number);

      // ITC-04 of this half-year: table 4 has both challans (50 m of greige at ₹80 = ₹4,000.00; 20
      // panels at their unit cost, 1.2 m x ₹96 = ₹115.20, = ₹2,304.00), table 5A the three receipts.
      await openTab(page, 'Job work');
      const itc04 = page.getByRole('region', { name: 'ITC-04' });
      await itc04.getByText('Table 4, sent to job workers: ₹6,304.00').waitFor();
      expect(await rowCells(itc04.getByRole('table').first(), number)).toEqual([
        number,
        todayInIndia().split('-').reverse().join('-'),
        'Gujarat',
        'Greige fabric',
        '50 MTR',
        '₹4,000.00',
      ]);
      expect(await rowCells(itc04.getByRole('table').last(), 'RD/101')).toEqual([
        number,
        todayInIndia().split('-').reverse().join('-'),
        'RD/101',
        'Dyed fabric',
        '40 MTR',
        '2 MTR',
      ]);
      await look('job-work-itc04');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        itc04.getByRole('button', { name: 'Download ITC-04 JSON' }).click(),
      ]);
      const filed = JSON.parse(await readFile(await download.path(), 'utf8')) as {
        gstin: string;
        fp: string;
        m2jw: { ctin?: string; jw_stcd: string; chnum: string; itms: { qty: number; uqc: string; txval: number }[] }[];
        table5A: { items: { o_chnum: string; qty: number; lwqty?: number; jw2_chnum?: string }[] }[];
      };
      expect(download.suggestedFilename()).toBe(`ITC-04-27AAPFU0939F1ZV-${filed.fp}.json`);
      expect(filed.fp).toMatch(/^1[78]\d{4}$/);
      expect(filed.m2jw.map((challan) => [challan.ctin, challan.jw_stcd, challan.chnum, challan.itms])).toEqual([
        ['24AAPFU0939F1Z1', '24', number, [expect.objectContaining({ qty: 50, uqc: 'MTR', txval: 4000 })]],
        [undefined, '27', `DC/${financialYear()}/2`, [expect.objectContaining({ qty: 20, uqc: 'NOS', txval: 2304 })]],
      ]);
      expect(filed.table5A.map((receipt) => receipt.items[0])).toEqual([
        expect.objectContaining({ o_chnum: number, qty: 40, lwqty: 2, jw2_chnum: 'RD/101' }),
        expect.objectContaining({ o_chnum: number, qty: 5, lwqty: 0.25 }),
        expect.objectContaining({ o_chnum: `DC/${financialYear()}/2`, qty: 18 }),
      ]);
    });
  }
});
