/**
 * Two anonymous users on one stack: the second tries every way the API offers to read, filter,
 * change, call and subscribe to the first one's data. Every attempt must be refused (4xx) or come
 * back empty, the first user's rows must be byte-for-byte unchanged, and no realtime event of the
 * first user may reach the second.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import { describeStack, type TestStack } from '../contract/harness';
import {
  countRows,
  createMaterial,
  createProduct,
  LIVE_TABLES,
  RawRealtime,
  rpc,
  rpcOk,
  signIn,
  snapshotOf,
  TABLES,
  type Binding,
  type User,
} from './support';

interface Owner {
  user: User;
  productId: string;
  materialId: string;
  saleId: string;
  openOrderId: string;
  styleId: string;
  /** The style's first variant. */
  variantId: string;
  /** A shipped order one damaged unit came back from, its return and the claim that opened. */
  shippedId: string;
  returnId: string;
  claimId: string;
  supplierId: string;
  purchaseUnitId: string;
  /** A placed purchase order of the cotton, and its line. */
  purchaseOrderId: string;
  purchaseLineId: string;
  /** An Amazon alias of the product, and a combo (pack of 2) of it (issue 34). */
  aliasId: string;
  comboId: string;
  /** GST (issue 31): a website order of the 5% shirt, its invoice and line, a credit note and its line. */
  webOrderId: string;
  invoiceId: string;
  invoiceLineId: string;
  creditNoteId: string;
  creditNoteLineId: string;
  /** Payables and the Tally export (issue 46): a payment to the supplier, an export and one voucher it held. */
  supplierPaymentId: string;
  tallyExportId: string;
  tallyVoucherKey: string;
}

/** A user with rows in every table: a material, a product with a BOM, one platform's fees, a sale, a started and a completed run, a style of two sizes, a return with its claim, a supplier with a purchase unit and a placed purchase order. */
async function populate(stack: TestStack, label: string, feesPlatform: string): Promise<Owner> {
  const user = await signIn(stack);
  await rpcOk(user, 'set_platform_fees', {
    platform: feesPlatform,
    commission_percent: 10,
    fee_per_order: 5,
    shipping_per_order: 40,
  });
  const materialId = await createMaterial(user, `${label} cotton`, 100);
  // Below its reorder point, so the shopping list has a row of this user's.
  await rpcOk(user, 'create_raw_material', {
    material_name: `${label} buttons`,
    cost_per_unit: 2,
    stock_level: 1,
    reorder_point: 20,
  });
  const productId = await createProduct(user, `${label} shirt`, 10, [{ material_id: materialId, quantity: 2 }]);
  const sale = await rpcOk<{ id: string }>(user, 'log_sale', { product_id: productId, quantity: 1 });
  const done = await rpcOk<{ id: string }>(user, 'start_production', { product_id: productId, quantity_to_produce: 1 });
  await rpcOk(user, 'complete_production', { order_id: done.id });
  const open = await rpcOk<{ id: string }>(user, 'start_production', { product_id: productId, quantity_to_produce: 2 });
  const style = await rpcOk<{ style_id: string; products: { product_id: string }[] }>(user, 'create_style', {
    style_name: `${label} kurta`,
    category: null,
    sku_prefix: `${label}-K`,
    selling_price: 500,
    options: [{ name: 'Size', values: ['S', 'M'] }],
    bom: [{ material_id: materialId, by_option: 'Size', quantities: { S: 1, M: 1.5 } }],
  });
  // A marketplace order with its id, paid by a settlement line (issue 30).
  await rpcOk(user, 'log_sale', {
    product_id: productId,
    quantity: 1,
    platform: 'Flipkart',
    order_id: `${label}-MKT-1`,
  });
  await rpcOk(user, 'import_settlement', {
    platform: 'Flipkart',
    lines: [
      {
        settlement_id: 'S-1',
        external_order_id: `${label}-MKT-1`,
        posted_date: '2026-01-05',
        category: 'sale',
        amount: 10,
      },
    ],
  });
  const shipped = await rpcOk<{ id: string }>(user, 'log_sale', { product_id: productId, quantity: 1 });
  await rpcOk(user, 'fulfil_sales_order', { order_id: shipped.id });
  const returned = await rpcOk<{ id: string }>(user, 'record_return', {
    order_id: shipped.id,
    kind: 'rto',
    sellable: 0,
    damaged: 1,
  });
  const { data: claim, error } = await user.client.from('return_claims').select('id').single();
  if (error) throw error;
  const supplier = await rpcOk<{ id: string }>(user, 'create_supplier', { supplier_name: `${label} Mills` });
  const unit = await rpcOk<{ id: string }>(user, 'set_purchase_unit', {
    material_id: materialId,
    supplier_id: supplier.id,
    purchase_unit: 'rolls',
    units_per_purchase_unit: 50,
  });
  const order = await rpcOk<{ purchase_order_id: string; lines: { line_id: string }[] }>(
    user,
    'create_purchase_order',
    {
      supplier_id: supplier.id,
      lines: [{ material_id: materialId, quantity: 2, unit_price: 2500 }],
    },
  );
  await rpcOk(user, 'place_purchase_order', { po_id: order.purchase_order_id });
  // Channels (issue 34): an alias, a combo, a buffer and a downloaded stock file on the fees' platform.
  const alias = await rpcOk<{ id: string }>(user, 'set_sku_alias', {
    product_id: productId,
    platform: 'Amazon',
    alias: `${label}-AMZ`,
  });
  const combo = await rpcOk<{ id: string }>(user, 'create_combo', {
    sku: `${label}-PACK`,
    product_name: `${label} pack of 2`,
    category: null,
    selling_price: 250,
    components: [{ product_id: productId, quantity: 2 }],
  });
  await rpcOk(user, 'set_channel_buffer', { platform: feesPlatform, buffer_units: 1, buffer_percent: 5 });
  await rpcOk(user, 'record_stock_file', { platform: feesPlatform, rows: [{ alias: `${label}-PACK`, quantity: 1 }] });
  // GST (issue 31): a business profile, the product taxed at 5%, a website order invoiced and credited.
  await rpcOk(user, 'set_business_profile', {
    legal_name: `${label} Textiles`,
    address: 'Pune',
    gstin: '27AAPFU0939F1ZV',
    state_code: '27',
    invoice_prefix: label.slice(0, 3).toUpperCase(),
  });
  await rpcOk(user, 'set_item_tax', { product_id: productId, hsn_code: '6205', gst_rate: 5 });
  const web = await rpcOk<{ id: string }>(user, 'log_sale', {
    product_id: productId,
    quantity: 1,
    platform: 'Brand Website',
  });
  const invoice = await rpcOk<{ invoice_id: string }>(user, 'create_invoice', {
    order_ids: [web.id],
    buyer_name: 'Walk-in',
    buyer_state_code: '29',
  });
  const { data: invoiceLine, error: lineError } = await user.client.from('invoice_lines').select('id').single();
  if (lineError) throw lineError;
  const credit = await rpcOk<{ credit_note_id: string }>(user, 'create_credit_note', {
    invoice_id: invoice.invoice_id,
    lines: [{ invoice_line_id: invoiceLine.id, amount: 10 }],
  });
  const { data: creditLine, error: creditLineError } = await user.client
    .from('credit_note_lines')
    .select('id')
    .single();
  if (creditLineError) throw creditLineError;
  // Payables (issue 46): a second order received is the supplier's bill, part paid; then a Tally export.
  const billed = await rpcOk<{ purchase_order_id: string; lines: { line_id: string }[] }>(
    user,
    'create_purchase_order',
    { supplier_id: supplier.id, lines: [{ material_id: materialId, quantity: 1, unit_price: 2500 }] },
  );
  await rpcOk(user, 'place_purchase_order', { po_id: billed.purchase_order_id });
  await rpcOk(user, 'receive_purchase_order', {
    po_id: billed.purchase_order_id,
    lines: [{ line_id: billed.lines[0]!.line_id, quantity: 1 }],
  });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const payment = await rpcOk<{ payment_id: string }>(user, 'record_supplier_payment', {
    supplier_id: supplier.id,
    amount: 100,
    paid_on: today,
    mode: 'UPI',
  });
  await rpcOk(user, 'tally_export', { from_date: today, to_date: today });
  const { data: tallyVoucher, error: tallyError } = await user.client
    .from('tally_exported_vouchers')
    .select('export_id, voucher_key')
    .limit(1)
    .single();
  if (tallyError) throw tallyError;
  return {
    supplierPaymentId: payment.payment_id,
    tallyExportId: tallyVoucher.export_id,
    tallyVoucherKey: tallyVoucher.voucher_key,
    aliasId: alias.id,
    comboId: combo.id,
    webOrderId: web.id,
    invoiceId: invoice.invoice_id,
    invoiceLineId: invoiceLine.id,
    creditNoteId: credit.credit_note_id,
    creditNoteLineId: creditLine.id,
    shippedId: shipped.id,
    returnId: returned.id,
    claimId: claim.id,
    user,
    productId,
    materialId,
    saleId: sale.id,
    openOrderId: open.id,
    styleId: style.style_id,
    variantId: style.products[0]!.product_id,
    supplierId: supplier.id,
    purchaseUnitId: unit.id,
    purchaseOrderId: order.purchase_order_id,
    purchaseLineId: order.lines[0]!.line_id,
  };
}

/** The key each table is filtered on, and the first user's value of it. */
function keysOf(owner: Owner, snapshot: Record<string, unknown[]>): Record<string, [string, string]> {
  const firstMovement = (snapshot.stock_movements![0] as { id: string | number }).id;
  return {
    products: ['id', owner.productId],
    raw_materials: ['id', owner.materialId],
    bom_items: ['product_id', owner.productId],
    sales_orders: ['id', owner.saleId],
    manufacturing_orders: ['id', owner.openOrderId],
    stock_movements: ['id', String(firstMovement)],
    platform_fees: ['platform', 'Flipkart'],
    styles: ['id', owner.styleId],
    style_variants: ['product_id', owner.variantId],
    style_bom_items: ['style_id', owner.styleId],
    sales_returns: ['id', owner.returnId],
    return_claims: ['id', owner.claimId],
    suppliers: ['id', owner.supplierId],
    purchase_units: ['id', owner.purchaseUnitId],
    purchase_orders: ['id', owner.purchaseOrderId],
    purchase_order_lines: ['id', owner.purchaseLineId],
    sku_aliases: ['id', owner.aliasId],
    combo_components: ['combo_id', owner.comboId],
    channel_settings: ['platform', 'Flipkart'],
    channel_stock_files: ['platform', 'Flipkart'],
    business_profiles: ['user_id', owner.user.id],
    invoices: ['id', owner.invoiceId],
    invoice_lines: ['id', owner.invoiceLineId],
    credit_notes: ['id', owner.creditNoteId],
    credit_note_lines: ['id', owner.creditNoteLineId],
    supplier_payments: ['id', owner.supplierPaymentId],
    tally_exports: ['id', owner.tallyExportId],
    tally_exported_vouchers: ['voucher_key', owner.tallyVoucherKey],
  };
}

/** A plausible full row for writes aimed at the first user's row of each table. */
function rowFor(table: string, owner: Owner): Record<string, unknown> {
  const user_id = owner.user.id;
  switch (table) {
    case 'products':
      return {
        id: owner.productId,
        user_id,
        sku: 'PWNED',
        product_name: 'Pwned',
        selling_price: 1,
        stock_on_hand: 999,
      };
    case 'raw_materials':
      return { id: owner.materialId, user_id, material_name: 'Pwned', stock_level: 999 };
    case 'bom_items':
      return { product_id: owner.productId, material_id: owner.materialId, user_id, quantity: 999 };
    case 'sales_orders':
      return {
        id: owner.saleId,
        user_id,
        product_id: owner.productId,
        product_name: 'Pwned',
        quantity: 1,
        unit_price: 0,
        total_amount: 0,
      };
    case 'manufacturing_orders':
      return {
        id: owner.openOrderId,
        user_id,
        product_id: owner.productId,
        product_name: 'Pwned',
        quantity_to_produce: 999,
      };
    case 'platform_fees':
      return { user_id, platform: 'Flipkart', commission_percent: 0, fee_per_order: 0, shipping_per_order: 0 };
    case 'styles':
      return {
        id: owner.styleId,
        user_id,
        style_name: 'Pwned',
        sku_prefix: 'P',
        selling_price: 1,
        options: [{ name: 'Size', values: ['X'] }],
      };
    case 'style_variants':
      return { product_id: owner.variantId, style_id: owner.styleId, user_id, option_values: ['X'] };
    case 'style_bom_items':
      return { style_id: owner.styleId, material_id: owner.materialId, user_id, position: 1, quantity: 999 };
    case 'sales_returns':
      return {
        id: owner.returnId,
        user_id,
        sales_order_id: owner.shippedId,
        kind: 'rto',
        sellable: 999,
        return_date: '2026-01-01',
      };
    case 'return_claims':
      return {
        id: owner.claimId,
        user_id,
        sales_return_id: owner.returnId,
        sales_order_id: owner.shippedId,
        reason: 'damaged',
        units: 999,
        deadline: '2099-01-01',
      };
    case 'suppliers':
      return { id: owner.supplierId, user_id, supplier_name: 'Pwned' };
    case 'purchase_units':
      return {
        id: owner.purchaseUnitId,
        user_id,
        material_id: owner.materialId,
        supplier_id: owner.supplierId,
        purchase_unit: 'Pwned',
        units_per_purchase_unit: 999,
      };
    case 'purchase_orders':
      return { id: owner.purchaseOrderId, user_id, po_number: 999, supplier_id: owner.supplierId, status: 'Received' };
    case 'purchase_order_lines':
      return {
        id: owner.purchaseLineId,
        user_id,
        purchase_order_id: owner.purchaseOrderId,
        line_number: 1,
        material_id: owner.materialId,
        purchase_unit: 'Pwned',
        units_per_purchase_unit: 1,
        quantity: 999,
        unit_price: 0,
        received_quantity: 999,
      };
    case 'sku_aliases':
      return { id: owner.aliasId, user_id, product_id: owner.productId, platform: 'Amazon', alias: 'PWNED' };
    case 'combo_components':
      return { combo_id: owner.comboId, component_id: owner.productId, user_id, quantity: 999 };
    case 'channel_settings':
      return { user_id, platform: 'Flipkart', buffer_units: 999, buffer_percent: 0 };
    case 'channel_stock_files':
      return { user_id, platform: 'Flipkart', alias: 'PWNED', quantity: 999 };
    case 'business_profiles':
      return {
        user_id,
        legal_name: 'Pwned',
        address: 'Pwned',
        gstin: '27AAPFU0939F1ZV',
        state_code: '27',
        invoice_prefix: 'PWN',
      };
    case 'invoices':
      return {
        id: owner.invoiceId,
        user_id,
        invoice_number: 'PWN/1',
        financial_year: '26-27',
        serial: 999,
        invoice_date: '2026-01-01',
        supplier_legal_name: 'Pwned',
        supplier_address: 'Pwned',
        supplier_gstin: '27AAPFU0939F1ZV',
        supplier_state_code: '27',
        buyer_name: 'Pwned',
        buyer_state_code: '27',
        taxable_value: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 0,
      };
    case 'invoice_lines':
      return {
        id: owner.invoiceLineId,
        user_id,
        invoice_id: owner.invoiceId,
        line_number: 2,
        sales_order_id: owner.saleId,
        product_id: owner.productId,
        description: 'Pwned',
        quantity: 999,
        unit_price: 0,
        gst_rate: 0,
        taxable_value: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 0,
      };
    case 'credit_notes':
      return {
        id: owner.creditNoteId,
        user_id,
        invoice_id: owner.invoiceId,
        note_number: 'CN/PWN',
        financial_year: '26-27',
        serial: 999,
        note_date: '2026-01-01',
        taxable_value: 999,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 999,
      };
    case 'credit_note_lines':
      return {
        id: owner.creditNoteLineId,
        user_id,
        credit_note_id: owner.creditNoteId,
        invoice_line_id: owner.invoiceLineId,
        line_number: 2,
        gst_rate: 0,
        taxable_value: 999,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 999,
      };
    case 'supplier_payments':
      return {
        id: owner.supplierPaymentId,
        user_id,
        supplier_id: owner.supplierId,
        amount: 999,
        paid_on: '2026-01-01',
        mode: 'Cash',
      };
    case 'tally_exports':
      return {
        id: owner.tallyExportId,
        user_id,
        from_date: '2026-01-01',
        to_date: '2026-01-31',
        include_exported: true,
        vouchers: 0,
      };
    case 'tally_exported_vouchers':
      return {
        user_id,
        voucher_key: owner.tallyVoucherKey,
        export_id: owner.tallyExportId,
        from_date: '2026-01-01',
        to_date: '2026-01-31',
      };
    default:
      return { user_id, product_id: owner.productId, quantity: 999, balance_after: 999, reason: 'opening_stock' };
  }
}

/** A change of a descriptive column: owners make it through update_product/update_raw_material, never directly. */
const EDIT: Record<string, Record<string, unknown>> = {
  products: { product_name: 'Pwned' },
  raw_materials: { material_name: 'Pwned' },
  bom_items: { quantity: 999 },
  sales_orders: { status: 'Fulfilled' },
  manufacturing_orders: { status: 'Completed' },
  stock_movements: { quantity: 999 },
  platform_fees: { commission_percent: 0 },
  styles: { style_name: 'Pwned' },
  style_variants: { option_values: ['Pwned'] },
  style_bom_items: { quantity: 999 },
  sales_returns: { sellable: 999 },
  return_claims: { status: 'Approved', amount_reimbursed: 999 },
  suppliers: { supplier_name: 'Pwned' },
  purchase_units: { units_per_purchase_unit: 999 },
  purchase_orders: { status: 'Received' },
  purchase_order_lines: { received_quantity: 2 },
  sku_aliases: { alias: 'PWNED' },
  combo_components: { quantity: 999 },
  channel_settings: { buffer_units: 999 },
  channel_stock_files: { quantity: 999 },
  business_profiles: { legal_name: 'Pwned' },
  invoices: { total: 0 },
  invoice_lines: { quantity: 999 },
  credit_notes: { total: 999 },
  credit_note_lines: { total: 999 },
  supplier_payments: { amount: 1 },
  tally_exports: { vouchers: 999 },
  tally_exported_vouchers: { from_date: '2000-01-01' },
};

type Result = { data: unknown; error: PostgrestError | null; status: number; count?: number | null };

/** Runs attempts and records every one that was neither refused with a 4xx nor empty. */
class Attempts {
  count = 0;
  readonly violations: string[] = [];

  /** The first user's id and row ids: none may appear anywhere in an answer, embedded rows included. */
  constructor(private readonly victimIds: string[]) {}

  /**
   * A read. 'own': succeeds with the second user's own rows (so the check is not vacuous) and
   * nothing of the first user's; 'none': refused with a 4xx, or empty.
   */
  async read(label: string, run: () => PromiseLike<Result>, expect: 'own' | 'none') {
    this.count++;
    const result = await run();
    if (result.error && expect === 'own') {
      this.violations.push(
        `${label}: ${result.status} ${result.error.code} ${result.error.message} (expected own rows)`,
      );
      return;
    }
    if (result.error) return this.refused(label, result);
    const rows = (result.data ?? []) as unknown[];
    if (expect === 'own' && rows.length === 0) this.violations.push(`${label}: no rows (expected own rows)`);
    if (expect === 'none' && rows.length > 0) this.violations.push(`${label}: ${rows.length} rows`);
    const text = JSON.stringify(rows);
    if (this.victimIds.some((id) => text.includes(id)))
      this.violations.push(`${label}: returned the first user's data`);
    if (result.count != null && result.count !== 0 && expect === 'none')
      this.violations.push(`${label}: count ${result.count}`);
  }

  /** A write: refused, or it touched nothing. */
  async write(label: string, run: () => PromiseLike<Result>) {
    this.count++;
    const result = await run();
    if (result.error) return this.refused(label, result);
    const rows = (result.data ?? []) as unknown[];
    if (rows.length > 0) this.violations.push(`${label}: wrote ${JSON.stringify(rows)}`);
  }

  /** An RPC with the first user's ids: refused with exactly the message a missing row gets. */
  async call(
    label: string,
    run: () => Promise<{ status: number; error: { message: string } | null }>,
    message: string,
  ) {
    this.count++;
    const result = await run();
    if (result.status !== 400 || result.error?.message !== message) {
      this.violations.push(
        `${label}: ${result.status} ${result.error?.message ?? 'succeeded'} (expected 400 ${message})`,
      );
    }
  }

  private refused(label: string, result: Result) {
    if (result.status < 400 || result.status >= 500) {
      this.violations.push(`${label}: ${result.status} ${result.error?.code} ${result.error?.message}`);
    }
  }
}

describeStack('isolation between two anonymous users', (stack, kind) => {
  const scenes = new WeakMap<TestStack, Promise<{ first: Owner; second: Owner }>>();
  function scene(s: TestStack) {
    let made = scenes.get(s);
    if (!made) {
      // Fees on different platforms, so a filter on the first user's platform matches no own row.
      made = (async () => ({
        first: await populate(s, 'First', 'Flipkart'),
        second: await populate(s, 'Second', 'Myntra'),
      }))();
      scenes.set(s, made);
    }
    return made;
  }

  it("the second user reads, filters, changes and calls nothing of the first user's, over HTTP", async () => {
    const { first, second } = await scene(stack());
    const before = await snapshotOf(stack(), first.user.id);
    const rowsBefore = await countRows(stack());
    const keys = keysOf(first, before);
    const db = second.user.client;
    const anon = stack().newClient();
    const attempts = new Attempts([
      first.user.id,
      first.productId,
      first.materialId,
      first.saleId,
      first.openOrderId,
      first.styleId,
      first.variantId,
      first.shippedId,
      first.returnId,
      first.claimId,
      first.supplierId,
      first.purchaseUnitId,
      first.purchaseOrderId,
      first.purchaseLineId,
      first.aliasId,
      first.comboId,
      first.webOrderId,
      first.invoiceId,
      first.invoiceLineId,
      first.creditNoteId,
      first.creditNoteLineId,
    ]);

    for (const table of TABLES) {
      const [key, value] = keys[table]!;
      await attempts.read(`${table}: select all`, () => db.from(table).select('*'), 'own');
      await attempts.read(`${table}: ${key}=eq`, () => db.from(table).select('*').eq(key, value), 'none');
      await attempts.read(`${table}: ${key}=in`, () => db.from(table).select('*').in(key, [value]), 'none');
      await attempts.read(
        `${table}: user_id=eq`,
        () => db.from(table).select('*').eq('user_id', first.user.id),
        'none',
      );
      await attempts.read(
        `${table}: or(user_id, ${key})`,
        () => db.from(table).select('*').or(`user_id.eq.${first.user.id},${key}.eq.${value}`),
        'none',
      );
      await attempts.read(
        `${table}: not user_id=eq (own)`,
        () => db.from(table).select('*').not('user_id', 'eq', second.user.id),
        'none',
      );
      await attempts.read(
        `${table}: HEAD count`,
        () => db.from(table).select('*', { count: 'exact', head: true }).eq('user_id', first.user.id),
        'none',
      );
      await attempts.read(`${table}: anon select`, () => anon.from(table).select('*'), 'none');
      await attempts.write(`${table}: update by ${key}`, () =>
        db.from(table).update(EDIT[table]!).eq(key, value).select(),
      );
      await attempts.write(`${table}: update by user_id`, () =>
        db.from(table).update(EDIT[table]!).eq('user_id', first.user.id).select(),
      );
      await attempts.write(`${table}: take over (user_id)`, () =>
        db.from(table).update({ user_id: second.user.id }).eq(key, value).select(),
      );
      await attempts.write(`${table}: delete by ${key}`, () => db.from(table).delete().eq(key, value).select());
      await attempts.write(`${table}: delete by user_id`, () =>
        db.from(table).delete().eq('user_id', first.user.id).select(),
      );
      await attempts.write(`${table}: upsert merge`, () => db.from(table).upsert(rowFor(table, first)).select());
      await attempts.write(`${table}: upsert ignore`, () =>
        db.from(table).upsert(rowFor(table, first), { ignoreDuplicates: true }).select(),
      );
      await attempts.write(`${table}: insert as the first user`, () => {
        const { id: _id, ...row } = rowFor(table, first);
        return db.from(table).insert(row).select();
      });
    }

    // Embedded resources follow RLS too: nothing of the first user's comes along with own rows.
    await attempts.read(
      'products with every embedding',
      () => db.from('products').select('*, sales_orders(*), bom_items(*), manufacturing_orders(*)'),
      'own',
    );
    await attempts.read(
      'stock_movements with every embedding',
      () =>
        db.from('stock_movements').select('*, products(*), raw_materials(*), sales_orders(*), manufacturing_orders(*)'),
      'own',
    );
    await attempts.read(
      "sales_orders inner-joined to the first user's product",
      () => db.from('sales_orders').select('*, products!inner(*)').eq('products.id', first.productId),
      'none',
    );
    await attempts.read(
      'purchase_orders with their supplier, lines and materials',
      () =>
        db
          .from('purchase_orders')
          .select('*, suppliers(*), purchase_order_lines(*, raw_materials(*)), stock_movements(*)'),
      'own',
    );
    await attempts.read(
      "bom_items inner-joined to the first user's materials",
      () => db.from('bom_items').select('*, raw_materials!inner(*)').eq('raw_materials.user_id', first.user.id),
      'none',
    );

    const as = (fn: string, args: Record<string, unknown>) => () => rpc(second.user, fn, args);
    await attempts.call('log_sale', as('log_sale', { product_id: first.productId, quantity: 1 }), 'Product not found.');
    await attempts.call(
      'start_production',
      as('start_production', { product_id: first.productId, quantity_to_produce: 1 }),
      'Product not found.',
    );
    await attempts.call(
      'complete_production',
      as('complete_production', { order_id: first.openOrderId }),
      'Manufacturing order not found.',
    );
    await attempts.call(
      'fulfil_sales_order',
      as('fulfil_sales_order', { order_id: first.saleId }),
      'Sales order not found.',
    );
    await attempts.call(
      'fulfil_sales_orders',
      as('fulfil_sales_orders', { order_ids: [first.saleId] }),
      '1 of the 1 orders was not found. Nothing was fulfilled.',
    );
    for (const materialId of [first.materialId, first.materialId.toUpperCase()]) {
      await attempts.call(
        `create_product with the first user's material ${materialId}`,
        as('create_product', {
          sku: `STEAL-${materialId.slice(0, 4)}`,
          product_name: 'Steal',
          selling_price: 1,
          bom: [{ material_id: materialId, quantity: 1 }],
        }),
        'Material not found.',
      );
    }
    // Ids of the wrong kind: an order id where a product goes, and the other way round.
    await attempts.call(
      'log_sale (order id)',
      as('log_sale', { product_id: first.saleId, quantity: 1 }),
      'Product not found.',
    );
    await attempts.call(
      'complete_production (sale id)',
      as('complete_production', { order_id: first.saleId }),
      'Manufacturing order not found.',
    );
    await attempts.call(
      'fulfil_sales_order (run id)',
      as('fulfil_sales_order', { order_id: first.openOrderId }),
      'Sales order not found.',
    );

    // The month's operations: receipts, counts, edits, archiving, cancellations and returns.
    await attempts.call(
      'receive_material',
      as('receive_material', { material_id: first.materialId, quantity: 5 }),
      'Material not found.',
    );
    await attempts.call(
      'adjust_stock (product)',
      as('adjust_stock', { product_id: first.productId, counted: 0, note: 'Mine' }),
      'Product not found.',
    );
    await attempts.call(
      'adjust_stock (material)',
      as('adjust_stock', { material_id: first.materialId, counted: 0, note: 'Mine' }),
      'Material not found.',
    );
    await attempts.call(
      'update_product',
      as('update_product', {
        product_id: first.productId,
        sku: 'PWNED',
        product_name: 'Pwned',
        category: null,
        selling_price: 1,
        reorder_point: 0,
        bom: [],
      }),
      'Product not found.',
    );
    await attempts.call(
      "update_product of an own product with the first user's material",
      as('update_product', {
        product_id: second.productId,
        sku: 'SKU-Second shirt',
        product_name: 'Second shirt',
        category: null,
        selling_price: 100,
        reorder_point: 0,
        bom: [{ material_id: first.materialId, quantity: 1 }],
      }),
      'Material not found.',
    );
    // Sub-assemblies and costs (issue 33): the first user's product is no line of a BOM of the
    // second's, nor are its costs theirs to set.
    await attempts.call(
      "create_product with the first user's product as a sub-assembly",
      as('create_product', {
        sku: 'STEAL-SUB',
        product_name: 'Steal',
        selling_price: 1,
        bom: [{ product_id: first.productId, quantity: 1 }],
      }),
      'Product not found.',
    );
    await attempts.call(
      "update_product of an own product with the first user's product as a sub-assembly",
      as('update_product', {
        product_id: second.productId,
        sku: 'SKU-Second shirt',
        product_name: 'Second shirt',
        category: null,
        selling_price: 100,
        reorder_point: 0,
        bom: [{ product_id: first.productId, quantity: 1 }],
      }),
      'Product not found.',
    );
    await attempts.call(
      'set_product_costs',
      as('set_product_costs', { product_id: first.productId, labour_per_unit: 0, purchase_cost: 1 }),
      'Product not found.',
    );
    await attempts.call(
      'update_raw_material',
      as('update_raw_material', {
        material_id: first.materialId,
        material_name: 'Pwned',
        supplier: null,
        cost_per_unit: 0,
        unit_of_measure: 'units',
        reorder_point: 0,
      }),
      'Material not found.',
    );
    await attempts.call(
      'archive_item (product)',
      as('archive_item', { product_id: first.productId }),
      'Product not found.',
    );
    await attempts.call(
      'archive_item (material)',
      as('archive_item', { material_id: first.materialId }),
      'Material not found.',
    );
    await attempts.call(
      'cancel_sales_order',
      as('cancel_sales_order', { order_id: first.saleId }),
      'Sales order not found.',
    );
    await attempts.call(
      'return_sales_order',
      as('return_sales_order', { order_id: first.saleId, restock: true }),
      'Sales order not found.',
    );
    await attempts.call(
      'cancel_manufacturing_order',
      as('cancel_manufacturing_order', { order_id: first.openOrderId }),
      'Manufacturing order not found.',
    );
    // Returns (issue 29): the first user's orders cannot be returned, their claim not moved, their
    // returns report lines find nothing, and the returns panel counts only own figures.
    for (const [label, orderId] of [
      ['open order', first.saleId],
      ['shipped order', first.shippedId],
    ] as const) {
      await attempts.call(
        `record_return of the first user's ${label}`,
        as('record_return', { order_id: orderId, kind: 'customer_return', sellable: 1 }),
        'Sales order not found.',
      );
    }
    await attempts.call(
      'update_claim',
      as('update_claim', { claim_id: first.claimId, status: 'Approved', amount_reimbursed: 1 }),
      'Claim not found.',
    );
    const stolenReturn = {
      external_order_id: 'STEAL-1',
      sku: 'SKU-First shirt',
      quantity: 1,
      kind: 'rto',
      return_date: '2026-01-05',
    };
    await attempts.call(
      'import_returns',
      as('import_returns', { platform: 'Flipkart', lines: [stolenReturn] }),
      'Line 1: No Flipkart order STEAL-1 has SKU SKU-First shirt.',
    );
    attempts.count++;
    expect(
      await rpcOk(second.user, 'preview_returns_import', { platform: 'Flipkart', lines: [stolenReturn] }),
    ).toMatchObject([{ line_number: 1, outcome: 'unknown_order', product_name: null }]);
    attempts.count++;
    const returnsPanel = await rpcOk<{ most_returned: { product_id: string }[] }>(second.user, 'dashboard_returns', {
      period: 'all_time',
    });
    expect(returnsPanel.most_returned.map((row) => row.product_id)).toEqual([second.productId]);
    expect(JSON.stringify(returnsPanel)).not.toContain(first.claimId);
    // A settlement naming the first user's marketplace order: never matched to it (issue 30), and
    // none of the first user's payments reach the second user's reads.
    attempts.count++;
    const firstOrderId = (
      await first.user.client
        .from('sales_orders')
        .select('external_order_id')
        .not('external_order_id', 'is', null)
        .single()
    ).data!.external_order_id!;
    expect(
      await rpcOk(second.user, 'preview_settlement_import', {
        platform: 'Flipkart',
        lines: [
          {
            settlement_id: 'S-1',
            external_order_id: firstOrderId,
            posted_date: '2026-01-05',
            category: 'sale',
            amount: 10,
          },
        ],
      }),
    ).toMatchObject([{ line_number: 1, outcome: 'unmatched', matched: false }]);
    attempts.count++;
    const reconciliation = await rpcOk<{ rows: { external_order_id: string }[] }>(
      second.user,
      'list_reconciliation',
      {},
    );
    expect(JSON.stringify(reconciliation)).not.toContain(firstOrderId);
    attempts.count++;
    expect(JSON.stringify(await rpcOk(second.user, 'list_unmatched_settlement_lines', {}))).not.toContain(firstOrderId);
    // A marketplace report naming the first user's SKU: unknown to the second user, in the preview too.
    const stolenLine = {
      external_order_id: 'STEAL-1',
      order_date: '2026-01-05',
      sku: 'SKU-First shirt',
      quantity: 1,
      total_amount: 100,
    };
    await attempts.call(
      'import_sales_orders',
      as('import_sales_orders', { platform: 'Amazon', lines: [stolenLine] }),
      'Line 1: No product has SKU SKU-First shirt.',
    );
    attempts.count++;
    expect(
      await rpcOk(second.user, 'preview_sales_orders_import', { platform: 'Amazon', lines: [stolenLine] }),
    ).toEqual([
      {
        line_number: 1,
        outcome: 'unknown_sku',
        message: 'No product has SKU SKU-First shirt.',
        product_name: null,
        status: 'Unfulfilled',
        sku: 'SKU-First shirt',
        product_id: null,
        place_of_supply: null,
      },
    ]);
    // Nor does the first user's Amazon alias (issue 34) resolve for the second user.
    attempts.count++;
    expect(
      await rpcOk(second.user, 'preview_sales_orders_import', {
        platform: 'Amazon',
        lines: [{ ...stolenLine, sku: 'First-AMZ' }],
      }),
    ).toMatchObject([{ outcome: 'unknown_sku', product_id: null, product_name: null, sku: 'First-AMZ' }]);
    // Styles: the first user's style, its variants and its materials are not found.
    await attempts.call(
      'update_style',
      as('update_style', { style_id: first.styleId, style_name: 'Pwned', category: null, bom: [] }),
      'Style not found.',
    );
    await attempts.call(
      'add_style_variants',
      as('add_style_variants', { style_id: first.styleId, options: [{ name: 'Size', values: ['XL'] }] }),
      'Style not found.',
    );
    await attempts.call(
      "create_style with the first user's material",
      as('create_style', {
        style_name: 'Steal',
        category: null,
        sku_prefix: 'STEAL',
        selling_price: 1,
        options: [{ name: 'Size', values: ['S'] }],
        bom: [{ material_id: first.materialId, quantity: 1 }],
      }),
      'Material not found.',
    );
    await attempts.call(
      "update_style of an own style with the first user's material",
      as('update_style', {
        style_id: second.styleId,
        style_name: 'Second kurta',
        category: null,
        bom: [{ material_id: first.materialId, quantity: 1 }],
      }),
      'Material not found.',
    );
    await attempts.call(
      "start_production_batch of the first user's variant",
      as('start_production_batch', { runs: [{ product_id: first.variantId, quantity_to_produce: 1 }] }),
      'Product not found.',
    );
    await attempts.call(
      "start_production_batch of an own variant with the first user's product",
      as('start_production_batch', {
        runs: [
          { product_id: second.variantId, quantity_to_produce: 1 },
          { product_id: first.productId, quantity_to_produce: 1 },
        ],
      }),
      'Product not found.',
    );
    attempts.count++;
    const ownStyles = await rpcOk<{ total: number; rows: { style_id: string }[] }>(second.user, 'list_styles', {});
    expect(ownStyles.rows.map((row) => row.style_id)).toEqual([second.styleId]);
    attempts.count++;
    expect(await rpcOk(second.user, 'list_styles', { style_id: first.styleId })).toEqual({ total: 0, rows: [] });

    // Purchasing: the first user's supplier, order and line are not found, nor usable with own ids.
    await attempts.call(
      'update_supplier',
      as('update_supplier', { supplier_id: first.supplierId, supplier_name: 'Pwned' }),
      'Supplier not found.',
    );
    await attempts.call(
      "set_purchase_unit of the first user's material",
      as('set_purchase_unit', {
        material_id: first.materialId,
        supplier_id: second.supplierId,
        purchase_unit: 'rolls',
        units_per_purchase_unit: 1,
      }),
      'Material not found.',
    );
    await attempts.call(
      "set_purchase_unit with the first user's supplier",
      as('set_purchase_unit', {
        material_id: second.materialId,
        supplier_id: first.supplierId,
        purchase_unit: 'rolls',
        units_per_purchase_unit: 1,
      }),
      'Supplier not found.',
    );
    await attempts.call(
      "create_purchase_order to the first user's supplier",
      as('create_purchase_order', {
        supplier_id: first.supplierId,
        lines: [{ material_id: second.materialId, quantity: 1 }],
      }),
      'Choose a supplier.',
    );
    await attempts.call(
      "create_purchase_order of the first user's material",
      as('create_purchase_order', {
        supplier_id: second.supplierId,
        lines: [{ material_id: first.materialId, quantity: 1 }],
      }),
      'Material not found.',
    );
    await attempts.call(
      'update_purchase_order',
      as('update_purchase_order', {
        po_id: first.purchaseOrderId,
        supplier_id: second.supplierId,
        lines: [{ material_id: second.materialId, quantity: 1 }],
      }),
      'Purchase order not found.',
    );
    await attempts.call(
      'place_purchase_order',
      as('place_purchase_order', { po_id: first.purchaseOrderId }),
      'Purchase order not found.',
    );
    await attempts.call(
      'cancel_purchase_order',
      as('cancel_purchase_order', { po_id: first.purchaseOrderId }),
      'Purchase order not found.',
    );
    await attempts.call(
      'receive_purchase_order',
      as('receive_purchase_order', {
        po_id: first.purchaseOrderId,
        lines: [{ line_id: first.purchaseLineId, quantity: 1 }],
      }),
      'Purchase order not found.',
    );
    await attempts.call(
      "receive_purchase_order of an own order with the first user's line",
      as('receive_purchase_order', {
        po_id: second.purchaseOrderId,
        lines: [{ line_id: first.purchaseLineId, quantity: 1 }],
      }),
      'That line is not on this order.',
    );
    attempts.count++;
    const ownOrders = await rpcOk<{ total: number; rows: { purchase_order_id: string }[] }>(
      second.user,
      'list_purchase_orders',
      {
        search: 'First',
      },
    );
    expect(ownOrders).toEqual({ total: 0, rows: [] });

    // The costing, the profit panels, the shopping list and the unit costs read only the caller's rows.
    await attempts.read('product_unit_costs: select all', () => db.from('product_unit_costs').select('*'), 'own');
    await attempts.read(
      "product_unit_costs: the first user's product",
      () => db.from('product_unit_costs').select('*').eq('product_id', first.productId),
      'none',
    );
    await attempts.read('product_costing', () => db.rpc('product_costing'), 'own');
    await attempts.read(
      "product_costing filtered to the first user's product",
      () => db.rpc('product_costing').eq('product_id', first.productId),
      'none',
    );
    await attempts.read('what_to_buy', () => db.rpc('what_to_buy'), 'own');
    // Planning (issue 33): velocity of the caller's products only; the first user's product is not found.
    await attempts.read('product_planning', () => db.rpc('product_planning'), 'own');
    await attempts.read(
      "product_planning of the first user's product",
      () => db.rpc('product_planning', { product_ids: [first.productId] }),
      'none',
    );
    await attempts.call(
      "plan_production for the first user's product",
      as('plan_production', { targets: [{ product_id: first.productId, quantity: 1 }] }),
      'Product not found.',
    );
    await attempts.call(
      "commit_production_plan of the first user's product",
      as('commit_production_plan', { plan: { runs: [{ product_id: first.productId, quantity_to_produce: 1 }] } }),
      'Product not found.',
    );
    await attempts.call(
      "accept_reorder_point of the first user's product",
      as('accept_reorder_point', { product_id: first.productId }),
      'Product not found.',
    );
    // Channels (issue 34): the first user's product, alias and combo, by id.
    await attempts.call(
      "set_sku_alias on the first user's product",
      as('set_sku_alias', { product_id: first.productId, platform: 'Amazon', alias: 'MINE' }),
      'Product not found.',
    );
    await attempts.call(
      "remove_sku_alias of the first user's alias",
      as('remove_sku_alias', { alias_id: first.aliasId }),
      'Alias not found.',
    );
    await attempts.call(
      "create_combo of the first user's product",
      as('create_combo', {
        sku: 'STEAL',
        product_name: 'Steal',
        category: null,
        selling_price: 1,
        components: [{ product_id: first.productId, quantity: 1 }],
      }),
      'Product not found.',
    );
    await attempts.call(
      "update_combo of the first user's combo, with the second's own product",
      as('update_combo', {
        combo_id: first.comboId,
        sku: 'STEAL',
        product_name: 'Steal',
        category: null,
        selling_price: 1,
        components: [{ product_id: second.productId, quantity: 1 }],
      }),
      'Combo not found.',
    );
    await attempts.call(
      "set_sell_what_i_can_make on the first user's product",
      as('set_sell_what_i_can_make', { product_id: first.productId, sell_what_i_can_make: true }),
      'Product not found.',
    );
    await attempts.call(
      "log_sale of the first user's combo",
      as('log_sale', { product_id: first.comboId, quantity: 1 }),
      'Product not found.',
    );
    await attempts.read('available_to_sell', () => db.rpc('available_to_sell', { platform: 'Amazon' }), 'own');
    await attempts.read(
      'available_to_sell_for_user naming the first user',
      () => db.rpc('available_to_sell_for_user', { user_id: first.user.id, platform: 'Amazon' }),
      'none',
    );
    // GST (issue 31): the first user's orders, invoice and credit note.
    await attempts.call(
      "create_invoice of the first user's website order",
      as('create_invoice', { order_ids: [first.webOrderId], buyer_name: 'Steal', buyer_state_code: '27' }),
      'Sales order not found.',
    );
    await attempts.call(
      "create_invoice of the first user's marketplace order",
      as('create_invoice', { order_ids: [first.saleId], buyer_name: 'Steal', buyer_state_code: '27' }),
      'Sales order not found.',
    );
    await attempts.call(
      "get_invoice of the first user's invoice",
      as('get_invoice', { invoice_id: first.invoiceId }),
      'Invoice not found.',
    );
    await attempts.call(
      "get_credit_note of the first user's credit note",
      as('get_credit_note', { credit_note_id: first.creditNoteId }),
      'Credit note not found.',
    );
    await attempts.call(
      "create_credit_note on the first user's invoice",
      as('create_credit_note', {
        invoice_id: first.invoiceId,
        lines: [{ invoice_line_id: first.invoiceLineId, amount: 1 }],
      }),
      'Invoice not found.',
    );
    await attempts.call(
      "create_credit_note with the first user's invoice line on an own invoice",
      as('create_credit_note', {
        invoice_id: second.invoiceId,
        lines: [{ invoice_line_id: first.invoiceLineId, amount: 1 }],
      }),
      'That line is not on this invoice.',
    );
    await attempts.call(
      "set_item_tax of the first user's product",
      as('set_item_tax', { product_id: first.productId, hsn_code: '6205', gst_rate: 18 }),
      'Product not found.',
    );
    await attempts.call(
      "set_item_tax of the first user's material",
      as('set_item_tax', { material_id: first.materialId, hsn_code: '5208', gst_rate: 5 }),
      'Material not found.',
    );
    await attempts.call(
      "set_item_tax of the first user's style",
      as('set_item_tax', { style_id: first.styleId, hsn_code: '6211', gst_rate: 18 }),
      'Style not found.',
    );
    // The lists and GSTR-1 hold only the caller's documents.
    attempts.count++;
    const ownInvoices = await rpcOk<{ total: number; rows: { invoice_id: string }[] }>(
      second.user,
      'list_invoices',
      {},
    );
    expect(ownInvoices.rows.map((row) => row.invoice_id)).toEqual([second.invoiceId]);
    attempts.count++;
    const ownCreditNotes = await rpcOk<{ total: number; rows: { credit_note_id: string }[] }>(
      second.user,
      'list_credit_notes',
      {},
    );
    expect(ownCreditNotes.rows.map((row) => row.credit_note_id)).toEqual([second.creditNoteId]);
    attempts.count++;
    const gstr1 = await rpcOk<Record<string, unknown>>(second.user, 'gstr1_summary', {
      month: new Date().toISOString().slice(0, 7),
    });
    expect(JSON.stringify(gstr1)).not.toContain(first.user.id);
    expect(JSON.stringify(gstr1)).not.toContain(`${'FIR'}/`);

    attempts.count++;
    const panels = await rpcOk<{ totals: { orders: number; revenue: number; fees: number } }>(
      second.user,
      'dashboard_panels',
      {
        period: 'all_time',
      },
    );
    // What the second user's orders keep after returns: the fully returned one is no order and no revenue.
    const ownFigures = await stack().db!.query<{ orders: number; revenue: string; fees: string }>(
      `select count(*) filter (where status <> 'Returned')::int as orders,
         sum(taxable_value - refunded_taxable_value)::text as revenue,
         sum(fees)::text as fees from public.sales_orders where user_id = $1`,
      [second.user.id],
    );
    expect(panels.totals).toMatchObject({
      orders: ownFigures.rows[0]!.orders,
      revenue: Number(ownFigures.rows[0]!.revenue),
      fees: Number(ownFigures.rows[0]!.fees),
    });

    // The dashboard sums only the caller's rows.
    attempts.count++;
    const summary = await rpcOk<{ total_revenue: number; recent_sales: { id: string }[] }>(
      second.user,
      'dashboard_summary',
      {},
    );
    const ownRevenue = await stack().db!.query<{ revenue: string }>(
      'select sum(taxable_value - refunded_taxable_value)::text as revenue from public.sales_orders where user_id = $1',
      [second.user.id],
    );
    expect(Number(summary.total_revenue)).toBe(Number(ownRevenue.rows[0]!.revenue));
    expect(summary.recent_sales.map((sale) => sale.id)).not.toContain(first.saleId);

    expect(attempts.violations).toEqual([]);
    expect(await snapshotOf(stack(), first.user.id)).toEqual(before);
    expect(await countRows(stack())).toEqual(rowsBefore);
    // 16 requests on each of the 7 tables, 4 embeddings, 9 + 11 operations with the first user's
    // ids, an order import and its preview with the first user's SKU, 5 reads of costs and the
    // shopping list, the panels, the dashboard.
    // The last + 1: fulfil_sales_orders; then 6 style and batch calls and 2 style lists; 3
    // sub-assembly and cost calls; then 2 returns, a claim, a returns import, its preview and the
    // returns panel; then an embedding of purchase orders, 10 purchasing calls and the purchase
    // order list; then a settlement preview naming the first user's order and two settlement reads; 5
    // planning calls; 6 channel calls with the first user's ids, 2 available-to-sell reads and a preview naming the first
    // user's alias; 9 GST calls with the first user's ids (get_credit_note among them, issue 42),
    // the invoice and credit note lists and GSTR-1.
    expect(attempts.count).toBe(
      16 * TABLES.length + 4 + 9 + 11 + 2 + 5 + 1 + 1 + 1 + 6 + 2 + 3 + 6 + 1 + 10 + 1 + 3 + 5 + 9 + 9 + 3,
    );
    console.log(`isolation [${kind}] over HTTP: ${attempts.count} attempts, all refused or empty`);
  });

  it("the second user's realtime subscriptions get none of the first user's changes", async () => {
    const { first, second } = await scene(stack());
    const spy = await RawRealtime.open(stack());
    const owner = await RawRealtime.open(stack());
    try {
      const bindings: Binding[] = [{ event: '*', schema: 'public' }];
      for (const table of LIVE_TABLES) {
        bindings.push({ event: '*', schema: 'public', table });
        bindings.push({ event: '*', schema: 'public', table, filter: `user_id=eq.${first.user.id}` });
      }
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        bindings.push({ event, schema: 'public', table: 'products', filter: `user_id=eq.${first.user.id}` });
      }
      bindings.push(
        { event: '*', schema: 'public', table: 'products', filter: `id=eq.${first.productId}` },
        { event: '*', schema: 'public', table: 'raw_materials', filter: `id=in.(${first.materialId})` },
        { event: '*', schema: 'public', table: 'sales_orders', filter: `product_id=eq.${first.productId}` },
        { event: '*', schema: 'public', table: 'manufacturing_orders', filter: `id=eq.${first.openOrderId}` },
        { event: '*', schema: 'public', table: 'sales_orders', filter: `id=eq.${first.saleId}` },
      );
      // One channel, so the server delivers its events in commit order.
      const joined = await spy.join('spy', bindings, second.user.token);
      expect(joined.status).toBe('ok');
      expect((joined.response.postgres_changes as unknown[]).length).toBe(bindings.length);
      expect(await spy.subscribed('spy')).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });

      // The first user's own subscription: proof that their changes do produce events.
      expect(
        (
          await owner.join(
            'own',
            [{ event: '*', schema: 'public', table: 'products', filter: `user_id=eq.${first.user.id}` }],
            first.user.token,
          )
        ).status,
      ).toBe('ok');
      expect(await owner.subscribed('own')).toMatchObject({ status: 'ok' });

      // The first user changes every live table.
      const materialId = await createMaterial(first.user, 'First linen', 50);
      const productId = await createProduct(first.user, 'First scarf', 4, [{ material_id: materialId, quantity: 1 }]);
      await rpcOk(first.user, 'set_platform_fees', {
        platform: 'Amazon',
        commission_percent: 8,
        fee_per_order: 0,
        shipping_per_order: 0,
      });
      await rpcOk(first.user, 'log_sale', { product_id: first.productId, quantity: 1 });
      await rpcOk(first.user, 'fulfil_sales_order', { order_id: first.saleId });
      const run = await rpcOk<{ id: string }>(first.user, 'start_production', {
        product_id: productId,
        quantity_to_produce: 1,
      });
      await rpcOk(first.user, 'complete_production', { order_id: run.id });
      await rpcOk(first.user, 'complete_production', { order_id: first.openOrderId });
      await rpcOk(first.user, 'receive_material', { material_id: materialId, quantity: 3, unit_cost: 12 });
      await rpcOk(first.user, 'adjust_stock', { product_id: productId, counted: 2, note: 'Count' });
      const cancelled = await rpcOk<{ id: string }>(first.user, 'log_sale', {
        product_id: first.productId,
        quantity: 1,
      });
      await rpcOk(first.user, 'cancel_sales_order', { order_id: cancelled.id });
      await rpcOk(first.user, 'return_sales_order', { order_id: first.saleId, restock: true });
      await rpcOk(first.user, 'update_claim', { claim_id: first.claimId, status: 'Filed' });
      const stopped = await rpcOk<{ id: string }>(first.user, 'start_production', {
        product_id: productId,
        quantity_to_produce: 1,
      });
      await rpcOk(first.user, 'cancel_manufacturing_order', { order_id: stopped.id });
      await rpcOk(first.user, 'update_raw_material', {
        material_id: materialId,
        material_name: 'First linen v2',
        supplier: null,
        cost_per_unit: 11,
        unit_of_measure: 'm',
        reorder_point: 1,
      });
      await rpcOk(first.user, 'archive_item', { material_id: materialId });
      await rpcOk(first.user, 'update_product', {
        product_id: first.productId,
        sku: 'SKU-First shirt',
        product_name: 'First shirt v2',
        category: null,
        selling_price: 100,
        reorder_point: 0,
        bom: [],
      });
      await rpcOk(first.user, 'update_style', {
        style_id: first.styleId,
        style_name: 'First kurta v2',
        category: null,
        bom: [],
      });
      await rpcOk(first.user, 'add_style_variants', {
        style_id: first.styleId,
        options: [{ name: 'Size', values: ['L'] }],
      });
      await rpcOk(first.user, 'start_production_batch', {
        runs: [{ product_id: first.variantId, quantity_to_produce: 1 }],
      });
      await rpcOk(first.user, 'update_supplier', { supplier_id: first.supplierId, supplier_name: 'First Mills v2' });
      await rpcOk(first.user, 'set_purchase_unit', {
        material_id: first.materialId,
        supplier_id: first.supplierId,
        purchase_unit: 'bolts',
        units_per_purchase_unit: 25,
      });
      await rpcOk(first.user, 'receive_purchase_order', {
        po_id: first.purchaseOrderId,
        lines: [{ line_id: first.purchaseLineId, quantity: 1 }],
      });
      await rpcOk(first.user, 'cancel_purchase_order', { po_id: first.purchaseOrderId });
      await owner.nextChange(
        'own',
        (e) => e.data.record?.product_name === 'First shirt v2',
        "the first user's own event",
      );

      // Then the second user changes a row of their own: once its event arrives, any event of the
      // first user's would have arrived before it.
      const sentinel = `Second shirt ${crypto.randomUUID()}`;
      await rpcOk(second.user, 'update_product', {
        product_id: second.productId,
        sku: 'SKU-Second shirt',
        product_name: sentinel,
        category: null,
        selling_price: 100,
        reorder_point: 0,
      });
      await spy.nextChange('spy', (e) => e.data.record?.product_name === sentinel, "the second user's own event");

      const leaked = spy.changes('spy').filter((e) => (e.data.record ?? e.data.old_record)?.user_id !== second.user.id);
      expect(leaked).toEqual([]);
      const attempts = 1 + bindings.length;
      // The join itself, then one attempt per binding: 1 all-tables, 2 per live table, 3 per event, 5 by id.
      expect(attempts).toBe(1 + 1 + 2 * LIVE_TABLES.length + 3 + 5);
      console.log(`isolation [${kind}] over realtime: ${attempts} attempts, all refused or empty`);
    } finally {
      spy.close();
      owner.close();
    }
  });

  it("the sales order list's search and filters return only the caller's rows and take any text literally", async () => {
    const { first, second } = await scene(stack());
    const before = await snapshotOf(stack(), first.user.id);
    // Orders of products whose names and SKUs hold every character LIKE, PostgREST filters and SQL
    // give a meaning to, and decoys that a wildcard would match.
    const names = [
      `50% off_tee *star* "quoted" it's, (paren) back\\slash`,
      '50X offXtee xstarx quoted its paren backslash',
      'Ünïcode 漢字 🧵 kurta',
    ];
    for (const name of names) {
      const productId = await createProduct(second.user, name, 10);
      await rpcOk(second.user, 'log_sale', { product_id: productId, quantity: 1, platform: 'Amazon' });
    }
    const own = await second.user.client.from('sales_orders').select('id, product_name, products(sku)');
    expect(own.error).toBeNull();
    const ownOrders = own.data as unknown as { id: string; product_name: string; products: { sku: string } }[];

    type ListPage = { total: number; rows: { id: string; user_id: string; product_name: string; platform: string }[] };
    const list = async (args: Record<string, unknown>) => {
      const { data, error, status } = await second.user.client.rpc('list_sales_orders', { page_size: 1000, ...args });
      expect({ error, status }, JSON.stringify(args).slice(0, 200)).toEqual({ error: null, status: 200 });
      return data as ListPage;
    };
    const ids = (page: ListPage) => page.rows.map((row) => row.id).sort();

    // Unfiltered, and filtered on what the first user's rows hold: only the caller's rows.
    const all = await list({});
    expect(all.total).toBe(ownOrders.length);
    expect(ids(all)).toEqual(ownOrders.map((order) => order.id).sort());
    for (const args of [
      { search: 'First shirt' },
      { search: 'SKU-First' },
      { search: first.user.id },
      { platform: 'Flipkart' },
      { status: 'Unfulfilled' },
      { date_from: '2000-01-01T00:00:00Z', date_to: '2100-01-01T00:00:00Z' },
    ]) {
      const page = await list(args);
      expect(
        page.rows.every((row) => row.user_id === second.user.id),
        JSON.stringify(args),
      ).toBe(true);
      expect(page.rows.map((row) => row.id)).not.toContain(first.saleId);
      expect(page.total).toBe(page.rows.length);
    }

    // Hostile searches are searched for as typed: exactly the own orders whose product name holds
    // the text or whose SKU starts with it, and never an error. (Only ASCII letters change case
    // here: how a database folds other letters depends on its locale.)
    const hostile = [
      '%',
      '_',
      '*',
      "'",
      '"',
      ',',
      '(',
      ')',
      '\\',
      '50%',
      'off_tee',
      '*star*',
      `it's, (paren)`,
      '"quoted"',
      'back\\slash',
      '%_*,()\'"\\',
      '.or(user_id.neq.0)',
      'nïcode 漢字 🧵',
      '🧵',
      'x'.repeat(10_000),
      `${'%'.repeat(300)}`,
    ];
    for (const search of hostile) {
      const text = search.trim().toLowerCase();
      const expected = ownOrders
        .filter(
          (order) =>
            order.product_name.toLowerCase().includes(text) || order.products.sku.trim().toLowerCase().startsWith(text),
        )
        .map((order) => order.id)
        .sort();
      const page = await list({ search });
      expect(ids(page), `search ${JSON.stringify(search.slice(0, 40))}`).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
    // The products and materials lists the same way: own rows only, any text literally.
    const ownProducts = (await second.user.client.from('products').select('id, sku, product_name')).data!;
    const listItems = async (fn: 'list_products' | 'list_raw_materials', args: Record<string, unknown>) => {
      const { data, error, status } = await second.user.client.rpc(fn, {
        page_size: 1000,
        include_archived: true,
        ...args,
      });
      expect({ error, status }, `${fn} ${JSON.stringify(args).slice(0, 200)}`).toEqual({ error: null, status: 200 });
      return data as { total: number; rows: { id: string }[] };
    };
    expect((await listItems('list_products', {})).rows.map((row) => row.id).sort()).toEqual(
      ownProducts.map((p) => p.id).sort(),
    );
    expect((await listItems('list_products', { search: 'First shirt' })).total).toBe(0);
    expect((await listItems('list_raw_materials', { search: 'First' })).total).toBe(0);
    expect((await listItems('list_raw_materials', {})).rows.map((row) => row.id)).not.toContain(first.materialId);
    for (const search of hostile) {
      const text = search.trim().toLowerCase();
      const expected = ownProducts
        .filter(
          (product) => product.product_name.toLowerCase().includes(text) || product.sku.toLowerCase().includes(text),
        )
        .map((product) => product.id)
        .sort();
      const page = await listItems('list_products', { search });
      expect(page.rows.map((row) => row.id).sort(), `products search ${JSON.stringify(search.slice(0, 40))}`).toEqual(
        expected,
      );
      expect((await listItems('list_raw_materials', { search })).total).toBe(0);
    }

    // The wildcards really were literal: '50%' finds the one order and not its decoy.
    expect((await list({ search: '50%' })).rows.map((row) => row.product_name)).toEqual([names[0]]);

    // Out-of-range pages and sorts are refused with a message, not a 500.
    for (const args of [{ page_size: 0 }, { page_size: 1001 }, { page_offset: -1 }, { sort_by: 'user_id' }]) {
      const { error, status } = await second.user.client.rpc('list_sales_orders', args);
      expect(status, JSON.stringify(args)).toBe(400);
      expect(error?.code).toBe('22023');
    }
    expect(await snapshotOf(stack(), first.user.id)).toEqual(before);
  });
});
