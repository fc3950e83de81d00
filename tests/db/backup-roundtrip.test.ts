// A backup that restores (issue 44): a workspace that used every feature, seeded through the RPCs,
// is backed up with export_workspace, restored with restore_workspace into a fresh user's
// workspace, and backed up again: the same content but for its ids, each id of the first file
// mapped to one of the second. The restored books add up (stock to ledger, kept totals to orders),
// and the invoice and credit note series continue after the restored numbers.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, discrepancies, openPool, runAs } from './support';

let pool: pg.Pool;
beforeAll(async () => {
  pool = await openPool(2);
});
afterAll(async () => {
  await pool.end();
});

type Row = Record<string, unknown>;
interface Backup {
  format: string;
  version: number;
  exported_at: string;
  tables: Record<string, Row[]>;
}

/** One value from a call made as `user`. */
async function value<T>(user: string, sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await runAs<{ value: T }>(pool, user, `select (${sql}) as value`, params);
  return row!.value;
}

/** A workspace that used every feature, each through its RPC. */
async function seedEveryFeature(user: string) {
  const call = (sql: string, params: unknown[] = []) => runAs(pool, user, `select ${sql}`, params);
  const id = (sql: string, params: unknown[] = []) => value<string>(user, `select (${sql}).id`, params);
  await call("public.set_business_profile('Asha Textiles', 'Pune', '27AAPFU0939F1ZV', '27', 'AT')");
  await call("public.set_platform_fees('Amazon', 12.5, 20, 45, 30, 7)");
  await call("public.set_operator_gstin('Amazon', '27AAICA3918J1CT')");
  await call("public.set_channel_buffer('Amazon', 2, 10)");
  const supplier = await id("public.create_supplier('Arvind Mills', 'Ravi', '9800000000', 'ravi@arvind.example')");
  const cotton = await id("public.create_raw_material('Cotton', 'Arvind Mills', 200, 100, 'metres', 20)");
  const buttons = await id("public.create_raw_material('Buttons', null, 1.25, 1000, 'pcs', 100)");
  await call("public.set_item_tax(material_id => $1, hsn_code => '5208', gst_rate => 5)", [cotton]);
  const collar = await id(
    "public.create_product('COL-1', 'Collar', 'Parts', 50, 10, 2, jsonb_build_array(jsonb_build_object('material_id', $1::uuid, 'quantity', 0.2)))",
    [cotton],
  );
  const shirt = await id(
    `public.create_product('SHIRT-1', 'Shirt', 'Apparel', 1050, 20, 5, jsonb_build_array(
       jsonb_build_object('material_id', $1::uuid, 'quantity', 1.5, 'wastage_percent', 5),
       jsonb_build_object('material_id', $2::uuid, 'quantity', 8),
       jsonb_build_object('product_id', $3::uuid, 'quantity', 1)))`,
    [cotton, buttons, collar],
  );
  await call("public.set_item_tax($1, hsn_code => '6205', gst_rate => 5)", [shirt]);
  // A tax backfill left unfinished (as after the first batch of a tee with more orders than a
  // batch, which would make the file too big for one part): its tax set, two orders waiting.
  const tee = await id("public.create_product('TEE-1', 'Tee', 'Apparel', 525, 0)");
  await pool.query(
    `with orders as (
       insert into public.sales_orders (user_id, product_id, product_name, quantity, unit_price, total_amount,
         taxable_value, order_date)
       select $1, $2, 'Tee', 1, 525, 525, 525, timestamptz '2026-01-01 12:00+05:30' - g * interval '1 hour'
       from generate_series(1, 2) g
     ), taxed as (
       update public.products set hsn_code = '6109', gst_rate = 5 where id = $2
     )
     insert into public.item_tax_backfills (user_id, product_id, orders_total) values ($1, $2, 2)`,
    [user, tee],
  );
  await call('public.set_product_costs($1, 40, 300, 10, null)', [shirt]);
  await call('public.set_product_planning($1, 7, 3)', [shirt]);
  await call(
    `public.create_style('Kurta', 'Ethnic', 'KRT', 799, '[{"name": "Size", "values": ["M", "L"]}]',
       jsonb_build_array(jsonb_build_object('material_id', $1::uuid, 'by_option', 'Size', 'quantities', '{"M": 2, "L": 2.5}'::jsonb),
                         jsonb_build_object('material_id', $2::uuid, 'quantity', 6)))`,
    [cotton, buttons],
  );
  const combo = await id(
    "public.create_combo('GIFT-1', 'Gift set', 'Gifts', 1900, jsonb_build_array(jsonb_build_object('product_id', $1::uuid, 'quantity', 2)))",
    [shirt],
  );
  await call("public.set_sku_alias($1, 'Amazon', 'AMZ-SHIRT', 'asin')", [shirt]);
  await call("public.set_purchase_unit($1, $2, 'roll', 50, 2500, 2)", [cotton, supplier]);
  const order = await value<{ purchase_order_id: string }>(
    user,
    "public.create_purchase_order($1, jsonb_build_array(jsonb_build_object('material_id', $2::uuid, 'quantity', 3, 'unit_price', 2500)), note => 'Monsoon stock')",
    [supplier, cotton],
  );
  await call('public.place_purchase_order($1)', [order.purchase_order_id]);
  const line = await value<string>(user, 'select id from public.purchase_order_lines where purchase_order_id = $1', [
    order.purchase_order_id,
  ]);
  await call(
    "public.receive_purchase_order($1, jsonb_build_array(jsonb_build_object('line_id', $2::uuid, 'quantity', 1)))",
    [order.purchase_order_id, line],
  );
  await call(
    "public.receive_material($1, 200, 1.5, 'Top-up', gst_rate => 18, gst_paid => 54, supplier_invoice_number => 'BT-9', supplier_invoice_date => date '2026-01-05')",
    [buttons],
  );
  await call("public.adjust_stock(material_id => $1, counted => 1190, note => 'Count')", [buttons]);
  // Locations (issue 45): a second place, a transfer with its challan, a run made there.
  const shop = await id("public.create_location('Shop', 'own')");
  const main = await value<string>(user, 'select id from public.locations where is_main');
  await call(
    "public.transfer_stock($1, $2, jsonb_build_array(jsonb_build_object('material_id', $3::uuid, 'quantity', 10)))",
    [main, shop, cotton],
  );
  // Job work (issue 45): cotton sent for 10 collars, 4 back and 1 lost, the charge billed with GST.
  const dyer = await id("public.create_supplier('Silai Works')");
  const jobWorker = await id("public.create_location('Silai Works', 'job_worker', $1)", [dyer]);
  const jobWork = await value<{ job_work_order_id: string }>(
    user,
    "public.send_job_work($1, $2, jsonb_build_array(jsonb_build_object('material_id', $3::uuid, 'quantity', 5)), jsonb_build_object('product_id', $4::uuid, 'quantity', 10), 6)",
    [jobWorker, main, cotton, collar],
  );
  await call(
    "public.receive_job_work($1, 4, 1, gst_rate => 5, supplier_invoice_number => 'SW-1', supplier_invoice_date => date '2026-01-06')",
    [jobWork.job_work_order_id],
  );
  await call('public.start_production($1, 2, location_id => $2)', [collar, shop]);
  const run = await id('public.start_production($1, 4)', [collar]);
  await call('public.complete_production($1)', [run]);
  await call('public.start_production($1, 2)', [shirt]);
  const amazon = await id("public.log_sale($1, 3, 'Amazon', order_id => '408-1')", [shirt]);
  await call('public.fulfil_sales_order($1)', [amazon]);
  const website = await id("public.log_sale($1, 2, 'Brand Website', unit_price => 1000)", [shirt]);
  await call('public.fulfil_sales_order($1)', [website]);
  await call("public.log_sale($1, 1, 'Flipkart')", [combo]);
  const cancelled = await id("public.log_sale($1, 1, 'Myntra')", [shirt]);
  await call('public.cancel_sales_order($1)', [cancelled]);
  await call("public.record_return($1, 'customer_return', 1, damaged => 1, return_fees => 30, note => 'Torn')", [
    amazon,
  ]);
  const claim = await value<string>(user, 'select id from public.return_claims where sales_order_id = $1', [amazon]);
  await call("public.update_claim($1, 'Approved', 500)", [claim]);
  const invoice = await value<{ invoice_id: string }>(
    user,
    "public.create_invoice(array[$1::uuid], 'Ravi Kumar', null, '27', 'Mumbai')",
    [website],
  );
  const invoiceLine = await value<string>(user, 'select id from public.invoice_lines where invoice_id = $1', [
    invoice.invoice_id,
  ]);
  await call(
    "public.create_credit_note($1, jsonb_build_array(jsonb_build_object('invoice_line_id', $2::uuid, 'quantity', 1)), 'Returned')",
    [invoice.invoice_id, invoiceLine],
  );
  const boutique = await id(
    "public.create_customer('Meera Boutique', '27AAPFU0939F1ZV', 'FC Road, Pune', '27', credit_days => 30)",
  );
  const direct = await id("public.log_sale($1, 1, 'Other', customer_id => $2)", [shirt, boutique]);
  const invoiced = await id("public.log_sale($1, 1, 'Other', customer_id => $2)", [shirt, boutique]);
  const boutiqueInvoice = await value<{ invoice_id: string }>(
    user,
    'public.create_invoice(array[$1::uuid], customer_id => $2)',
    [invoiced, boutique],
  );
  await call(
    `public.record_payment($1, 600, rules.india_day(now()), 'upi', 'UPI-1',
       jsonb_build_array(jsonb_build_object('invoice_id', $2::uuid, 'amount', 500),
                         jsonb_build_object('order_id', $3::uuid, 'amount', 100)))`,
    [boutique, boutiqueInvoice.invoice_id, direct],
  );
  await call(
    `public.import_settlement('Amazon', '[{"settlement_id": "S-1", "external_order_id": "408-1", "sku": "AMZ-SHIRT",
       "posted_date": "2026-01-20", "category": "sale", "amount": 2900}]')`,
  );
  await call('public.record_stock_file(\'Amazon\', \'[{"alias": "AMZ-SHIRT", "quantity": 12}]\')');
  await call("public.record_supplier_payment($1, 1000, rules.india_day(now()), 'UPI', 'UTR 9')", [supplier]);
  await call('public.tally_export(rules.india_day(now()) - 7, rules.india_day(now()))');
  await call('public.archive_item(product_id => $1, archived => true)', [combo]);
  // Refusals are written by the website webhook's function, as the service role.
  await pool.query(
    "insert into public.website_order_refusals (user_id, shop_order_id, sku, quantity, reason) values ($1, 'W-7', 'NOPE', 1, 'Unknown SKU')",
    [user],
  );
  await pool.query(
    "insert into public.website_order_shipping (user_id, shop_order_id, amount) values ($1, 'W-7', 99.00)",
    [user],
  );
}

/**
 * The file with every uuid replaced by a label its row's content decides, table by table in restore
 * order (a row refers only to rows of earlier tables): rows that refer to labelled rows compare
 * equal across two files whose ids differ. Ledger rows keep their order, without their numbers.
 */
function withoutIds(backup: Backup, order: string[]): Record<string, string[]> {
  const labels = new Map<string, string>();
  const relabel = (value: unknown): unknown => {
    if (typeof value === 'string') return labels.get(value) ?? value;
    if (Array.isArray(value)) return value.map(relabel);
    return value;
  };
  const result: Record<string, string[]> = {};
  for (const table of order) {
    const rows = backup.tables[table]!.map((row) => {
      const { id, ...rest } = row;
      const content = JSON.stringify(Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, relabel(v)])));
      return { id, content };
    });
    if (table !== 'stock_movements') rows.sort((a, b) => a.content.localeCompare(b.content));
    rows.forEach((row, index) => {
      if (typeof row.id === 'string') labels.set(row.id, `${table}#${index}`);
    });
    result[table] = rows.map((row) => row.content);
  }
  return result;
}

describe('backup and restore', { timeout: 60_000 }, () => {
  it('restores a workspace of every feature into a fresh one, which backs up to the same content', async () => {
    const owner = await createUser(pool);
    await seedEveryFeature(owner);
    const original = await value<Backup>(owner, 'select public.export_workspace()');
    expect(original.format).toBe('factoryflow-backup');
    expect(original.version).toBe(2);
    const order = (
      await pool.query<{ table_name: string }>('select table_name from rules.backup_tables() order by restore_order')
    ).rows.map((row) => row.table_name);
    // Every table has rows, so every table's restore is exercised.
    expect(order.filter((table) => original.tables[table]!.length === 0)).toEqual([]);

    const fresh = await createUser(pool);
    const restored = await value<Record<string, number>>(fresh, 'select public.restore_workspace(0, 1, $1)', [
      JSON.stringify(original),
    ]);
    expect(restored).toEqual(Object.fromEntries(order.map((table) => [table, original.tables[table]!.length])));
    const again = await value<Backup>(fresh, 'select public.export_workspace()');
    expect(withoutIds(again, order)).toEqual(withoutIds(original, order));
    // Not a copy of the ids: every uuid of the restored file is new.
    const idsOf = (backup: Backup) =>
      new Set(
        Object.values(backup.tables).flatMap((rows) =>
          rows.map((row) => row.id).filter((id) => typeof id === 'string'),
        ),
      );
    const originalIds = idsOf(original);
    expect([...idsOf(again)].filter((id) => originalIds.has(id))).toEqual([]);
    expect(await discrepancies(pool, fresh)).toEqual([]);
    // The unfinished tax backfill goes on in the restored workspace.
    expect(await value<number>(fresh, 'select public.continue_item_tax_backfill()')).toBe(0);
    expect(
      await value<number>(
        fresh,
        "select count(*)::int from public.sales_orders o join public.products p on p.id = o.product_id where p.sku = 'TEE-1' and o.gst_rate = 5",
      ),
    ).toBe(2);

    // The series continue: the next invoice and credit note take the numbers after the restored ones.
    const shirt = await value<string>(fresh, "select id from public.products where sku = 'SHIRT-1'");
    const sale = await value<string>(fresh, "select (public.log_sale($1, 1, 'Brand Website')).id", [shirt]);
    const invoice = await value<{ invoice_number: string; invoice_id: string }>(
      fresh,
      "public.create_invoice(array[$1::uuid], 'Meera', null, '27')",
      [sale],
    );
    const restoredSerials = original.tables.invoices!.map((row) => Number(row.serial));
    expect(Number(invoice.invoice_number.split('/').at(-1))).toBe(Math.max(...restoredSerials) + 1);

    // A second restore into the now busy workspace is refused and writes nothing.
    await expect(
      runAs(pool, fresh, 'select public.restore_workspace(0, 1, $1)', [JSON.stringify(original)]),
    ).rejects.toThrow(
      'Restore needs an empty workspace, and this one already has data. Open a new workspace (sign out, then start again) and restore there.',
    );
  });
});
