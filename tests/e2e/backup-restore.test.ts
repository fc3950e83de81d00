/**
 * A backup that restores (issue 44): a workspace's Download all my data, restored from Settings into
 * a fresh browser's new anonymous workspace, shows the same products, materials, orders and
 * invoice on its screens; the file, of five parts each over 1 MB as sent (the API's bound on a request body is 2 MB), goes
 * through the stack's gateway. A file of another format version is refused with its message and
 * restores nothing; so is any file into a workspace that has data.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dialog, dismissNotifications, eventually, openTab, rowCells, screenshot, settle } from './support/actions';
import { DESKTOP, PHONE } from './support/environment';
import { useE2e } from './support/fixture';
import { seeder } from './support/seed';

const e2e = useE2e();

async function openYourData(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Settings' }).click();
  const yourData = page.getByRole('region', { name: 'Your data' });
  await yourData.waitFor();
  return yourData;
}

/** Chooses a backup file with Restore from a backup and returns the confirmation dialog. */
async function chooseBackup(page: Page, name: string, text: string) {
  await page
    .getByRole('region', { name: 'Your data' })
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text, 'utf8') });
  const confirm = dialog(page, 'Restore from a backup');
  await confirm.waitFor();
  return confirm;
}

describe('backup and restore', { timeout: 120_000 }, () => {
  it('downloads a backup and restores it into a fresh workspace, refusing another version and a busy workspace', async () => {
    const { page } = await e2e.openApp({ viewport: DESKTOP });
    const client = await e2e.clientOf(page);
    const seed = seeder(client);
    const cotton = await seed.material({ material_name: 'Cotton', unit_of_measure: 'metres', stock_level: 80 });
    const kurta = await seed.product({
      sku: 'KUR-1',
      product_name: 'Kurta',
      selling_price: 1050,
      stock_on_hand: 12,
      bom: [{ material_id: cotton, quantity: 2 }],
    });
    const { error: profileError } = await client.rpc('set_business_profile', {
      legal_name: 'Asha Textiles',
      address: 'Pune',
      gstin: '27AAPFU0939F1ZV',
      state_code: '27',
      invoice_prefix: 'AT',
    });
    expect(profileError).toBeNull();
    const { error: taxError } = await client.rpc('set_item_tax', { product_id: kurta, hsn_code: '6211', gst_rate: 5 });
    expect(taxError).toBeNull();
    const { data: sale, error: saleError } = await client.rpc('log_sale', {
      product_id: kurta,
      quantity: 3,
      platform: 'Brand Website',
    });
    expect(saleError).toBeNull();
    const { data: invoice, error: invoiceError } = await client.rpc('create_invoice', {
      order_ids: [sale!.id],
      buyer_name: 'Ravi Kumar',
      buyer_state_code: '27',
    });
    expect(invoiceError).toBeNull();
    const invoiceNumber = (invoice as { invoice_number: string }).invoice_number;

    const yourData = await openYourData(page);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      yourData.getByRole('button', { name: 'Download all my data' }).click(),
    ]);
    const downloaded = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      version: number;
      tables: Record<string, unknown[]>;
    };
    expect(downloaded.tables.invoices).toHaveLength(1);
    // A file of several parts, each over 1 MB sent (the API takes at most 2 MB a request): 3,000
    // settlement lines whose descriptions are 500 characters of 3 bytes each in UTF-8.
    const backup = {
      ...downloaded,
      tables: {
        ...downloaded.tables,
        settlement_lines: Array.from({ length: 3000 }, (_, line) => ({
          id: randomUUID(),
          platform: 'Amazon',
          settlement_id: 'S-1',
          posted_date: '2026-01-20',
          category: 'sale',
          amount: 10,
          description: 'भुगतान'.repeat(83) + 'भु',
          line_key: String(line),
          created_at: '2026-01-21T10:00:00+05:30',
        })),
      },
    };
    const backupText = JSON.stringify(backup);
    expect(Math.ceil(backupText.length / 500_000)).toBe(5);
    expect(Buffer.byteLength(JSON.stringify(backupText.slice(0, 500_000)))).toBeGreaterThan(1_000_000);

    // This workspace has data: its own backup is refused, and nothing changes.
    e2e.expectRefusal('restore_workspace');
    const busy = await chooseBackup(page, file.suggestedFilename(), backupText);
    await busy.getByRole('button', { name: 'Restore', exact: true }).click();
    await busy
      .getByText(
        'Restore needs an empty workspace, and this one already has data. Open a new workspace (sign out, then start again) and restore there.',
      )
      .waitFor();
    await busy.getByRole('button', { name: 'Cancel' }).click();
    await busy.waitFor({ state: 'detached' });

    // A fresh browser: a new anonymous workspace.
    const { page: fresh } = await e2e.openApp({ viewport: DESKTOP });
    const freshData = await openYourData(fresh);
    for (const size of [DESKTOP, PHONE]) {
      await fresh.setViewportSize(size);
      await freshData.getByRole('button', { name: 'Restore from a backup' }).scrollIntoViewIfNeeded();
      await settle(fresh);
      await screenshot(fresh, 'restore-your-data');
    }
    await fresh.setViewportSize(DESKTOP);

    // A file of the older format version (before customers, payments and locations joined the
    // backup) is refused with its message; nothing is restored.
    const older = await chooseBackup(fresh, 'older.json', JSON.stringify({ ...backup, version: 1 }));
    await older.getByRole('button', { name: 'Restore', exact: true }).click();
    await older.getByText('Nothing was restored').waitFor();
    await older
      .getByText('This backup is of format version 1; this version of FactoryFlow restores version 2.')
      .waitFor();
    for (const size of [DESKTOP, PHONE]) {
      await fresh.setViewportSize(size);
      await settle(fresh);
      await screenshot(fresh, 'restore-refused');
    }
    await fresh.setViewportSize(DESKTOP);
    await older.getByRole('button', { name: 'Cancel' }).click();
    await older.waitFor({ state: 'detached' });

    // The backup itself: confirmed, restored, and on the screens.
    const confirm = await chooseBackup(fresh, file.suggestedFilename(), backupText);
    await confirm.getByText(`Restore ${file.suggestedFilename()} into this workspace?`).waitFor();
    for (const size of [DESKTOP, PHONE]) {
      await fresh.setViewportSize(size);
      await settle(fresh);
      await screenshot(fresh, 'restore-confirm');
    }
    await fresh.setViewportSize(DESKTOP);
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await fresh
      .getByText('Restored 1 product, 1 material, 1 sales order, 1 invoice and everything else in the file.')
      .waitFor();
    await settle(fresh);
    await screenshot(fresh, 'restore-done');
    await dismissNotifications(fresh);

    await openTab(fresh, 'Products');
    await eventually(() => rowCells(fresh, 'KUR-1')).toEqual(['KUR-1', 'Kurta', '—', '₹1,050.00', '9']);
    await openTab(fresh, 'Raw Materials');
    await eventually(() => rowCells(fresh, 'Cotton')).toEqual(['Cotton', '—', '₹0.00', '80', 'metres']);
    await openTab(fresh, 'Sales Orders');
    await eventually(async () => (await rowCells(fresh, 'Kurta')).slice(1, 5)).toEqual([
      'Kurta',
      'Brand Website',
      '3',
      '₹3,150.00',
    ]);

    // The restored invoice keeps its number, and the restored workspace's own data is the backup's.
    const freshClient = await e2e.clientOf(fresh);
    const { data: invoices } = await freshClient.from('invoices').select('invoice_number, total');
    expect(invoices).toEqual([{ invoice_number: invoiceNumber, total: 3150 }]);
    const { count } = await freshClient.from('settlement_lines').select('*', { count: 'exact', head: true });
    expect(count).toBe(3000);
  });
});
