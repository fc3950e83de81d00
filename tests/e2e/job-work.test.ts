/**
 * Job work (issue 45), at both screen sizes: a workshop with 100 m of greige fabric at ₹80 a metre
 * adds its dyer (a supplier) as a job worker and sends it 50 m to come back as 50 m of dyed fabric
 * at ₹12 a metre. 40 m come back with 2 m lost, the charge with 5% GST on the dyer's invoice:
 *   used 42 m x ₹80 = ₹3,360.00, charge 40 x ₹12 = ₹480.00 (GST ₹24.00, a bill of ₹504.00),
 *   one dyed metre (3,360 + 480) / 40 = ₹96.00 (its cost per unit was ₹0.00).
 * The order shows 40 m received, 2 m lost, 8 m pending; the dyer's drawer shows 8 m of greige
 * fabric with them and 8 m of dyed fabric due back; its challan (DC/{yy-yy}/1, ₹4,000.00 at cost) is
 * to the dyer in Gujarat, for job work; Raw Materials keeps greige fabric at 50 m (the
 * total at own places) with "8 at job workers" beneath it.
 */
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
      await seed.material({
        material_name: 'Greige fabric',
        unit_of_measure: 'metres',
        stock_level: 100,
        cost_per_unit: 80,
      });
      await seed.material({
        material_name: 'Dyed fabric',
        unit_of_measure: 'metres',
        stock_level: 0,
        cost_per_unit: 0,
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
      await choose(page, send.getByRole('combobox', { name: 'Comes back as' }), 'Dyed fabric (metres)');
      await send.getByRole('textbox', { name: 'Quantity to come back' }).fill('50');
      await send.getByRole('textbox', { name: 'Charge per unit (₹)' }).fill('12');
      await send.getByRole('textbox', { name: 'Per', exact: true }).fill('metre');
      await look('job-work-send');
      await send.getByRole('button', { name: 'Send', exact: true }).click();
      await send.waitFor({ state: 'detached' });

      const number = `DC/${financialYear()}/1`;
      const orders = page.getByRole('table', { name: 'Job work orders' });
      await eventually(() => rowCells(orders, number)).toEqual(
        expect.arrayContaining(['Rang Dyers', '50 metres Dyed fabric', '0 metres', '0 metres', '50 metres']),
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
      await receive.getByText('Only 50 metres of Dyed fabric is still due back from Rang Dyers.').waitFor();
      await receive.getByRole('textbox', { name: 'Received' }).fill('40');
      await choose(page, receive.getByRole('combobox', { name: 'GST on the charge' }), '5%');
      await receive.getByRole('textbox', { name: 'Supplier invoice number' }).fill('RD/101');
      await receive.getByLabel('Supplier invoice date').fill(todayInIndia());
      await look('job-work-receive');
      await receive.getByRole('button', { name: 'Receive', exact: true }).click();
      await receive.waitFor({ state: 'detached' });

      await eventually(() => rowCells(orders, number)).toEqual(
        expect.arrayContaining(['40 metres', '2 metres', '8 metres']),
      );
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
      await drawer.getByText(`8 metres Dyed fabric (${number})`).waitFor();
      await drawer.getByText('Total ₹504.00').waitFor();
      await look('job-work-drawer');
      await drawer.getByRole('button', { name: 'Close job worker' }).click();

      // Dyed fabric's cost per unit is now ₹96; greige fabric stays 50 m at own places, 8 at the dyer.
      await openTab(page, 'Raw Materials');
      const materials = page.getByRole('table').first();
      await eventually(() => rowCells(materials, 'Dyed fabric')).toEqual([
        'Dyed fabric',
        '—',
        '₹96.00',
        '40',
        'metres',
      ]);
      await eventually(() => rowCells(materials, 'Greige fabric')).toEqual([
        'Greige fabric',
        '—',
        '₹80.00',
        '50 8 at job workers',
        'metres',
      ]);
      await look('job-work-raw-materials');
    });
  }
});
