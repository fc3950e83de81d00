/**
 * What every file of isolation cases shares: the two users' rows (populate), the shape of an
 * area's cases, and the attempts' bookkeeping. Each other file here holds one area's cases as a
 * default export (IsolationArea); isolation.test.ts runs every file's, so a new feature adds its
 * tables and attacks in a file of its own beside these.
 */
import type { PostgrestError } from '@supabase/supabase-js';
import type { TestStack } from '../../contract/harness';
import { createMaterial, createProduct, rpc, rpcOk, signIn, superuser, type User } from '../support';

export interface Owner {
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
  /** Receivables (issue 46): a customer, a direct order of theirs part paid, the payment and its allocation. */
  customerId: string;
  directOrderId: string;
  customerPaymentId: string;
  allocationId: string;
  /** Locations (issue 45): the main godown, a shop, and the challan of a transfer between them and its line. */
  mainLocationId: string;
  shopLocationId: string;
  challanId: string;
  challanLineId: string;
  /** Job work (issue 45): the supplier as a job worker, an order of 4 of the cotton for 2 shirts, its line and a receipt of 1. */
  jobWorkerLocationId: string;
  jobWorkOrderId: string;
  jobWorkLineId: string;
  jobWorkReceiptId: string;
  /** A tee whose tax backfill is left running (issue 44): 1 of its 1,001 earlier orders still waits. */
  taxBackfillProductId: string;
}

/** A user with rows in every table: a material, a product with a BOM, one platform's fees, a sale, a started and a completed run, a style of two sizes, a return with its claim, a supplier with a purchase unit and a placed purchase order. */
export async function populate(stack: TestStack, label: string, feesPlatform: string): Promise<Owner> {
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
  // A tax backfill left running (issue 44): a taxed tee's row, as set_item_tax leaves it when more of
  // its earlier orders wait than a batch fills (1,001 orders would crowd the other areas' reads).
  const teeId = await createProduct(user, `${label} tee`, 0);
  await rpcOk(user, 'set_item_tax', { product_id: teeId, hsn_code: '6109', gst_rate: 5 });
  await superuser(stack).query(
    'insert into public.item_tax_backfills (user_id, product_id, orders_total, orders_done) values ($1, $2, 1001, 1000)',
    [user.id, teeId],
  );
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
  // Receivables (issue 46): a direct (Other) order of a customer's, Rs 40 of it paid by UPI.
  const customer = await rpcOk<{ id: string }>(user, 'create_customer', {
    name: `${label} Boutique`,
    state_code: '27',
    credit_days: 30,
  });
  const direct = await rpcOk<{ id: string }>(user, 'log_sale', {
    product_id: productId,
    quantity: 1,
    platform: 'Other',
    customer_id: customer.id,
  });
  const received = await rpcOk<{ payment_id: string }>(user, 'record_payment', {
    customer_id: customer.id,
    amount: 40,
    paid_on: today,
    mode: 'upi',
    allocations: [{ order_id: direct.id, amount: 40 }],
  });
  const { data: allocation, error: allocationError } = await user.client
    .from('customer_payment_allocations')
    .select('id')
    .single();
  if (allocationError) throw allocationError;
  // Locations (issue 45): a shop, and 1 m of the cotton moved there from the main godown on a challan.
  const shop = await rpcOk<{ id: string }>(user, 'create_location', { name: `${label} Shop`, kind: 'own' });
  const { data: main, error: mainError } = await user.client
    .from('locations')
    .select('id')
    .eq('is_main', true)
    .single();
  if (mainError) throw mainError;
  const moved = await rpcOk<{ delivery_challan_id: string }>(user, 'transfer_stock', {
    from_location_id: main.id,
    to_location_id: shop.id,
    lines: [{ material_id: materialId, quantity: 1 }],
  });
  const { data: challanLine, error: challanLineError } = await user.client
    .from('delivery_challan_lines')
    .select('id')
    .single();
  if (challanLineError) throw challanLineError;
  // Job work (issue 45): the supplier as a job worker, sent 4 of the cotton for 2 shirts, 1 back.
  const jobWorker = await rpcOk<{ id: string }>(user, 'create_location', {
    name: `${label} Dyers`,
    kind: 'job_worker',
    supplier_id: supplier.id,
  });
  const jobWork = await rpcOk<{ job_work_order_id: string }>(user, 'send_job_work', {
    job_worker_location_id: jobWorker.id,
    from_location_id: main.id,
    lines: [{ material_id: materialId, quantity: 4 }],
    returns: { product_id: productId, quantity: 2 },
    charge_rate: 10,
  });
  const jobReceipt = await rpcOk<{ receipt_id: string }>(user, 'receive_job_work', {
    job_work_order_id: jobWork.job_work_order_id,
    quantity_received: 1,
  });
  const { data: jobLine, error: jobLineError } = await user.client.from('job_work_order_lines').select('id').single();
  if (jobLineError) throw jobLineError;
  return {
    customerId: customer.id,
    directOrderId: direct.id,
    customerPaymentId: received.payment_id,
    allocationId: allocation.id,
    mainLocationId: main.id,
    shopLocationId: shop.id,
    challanId: moved.delivery_challan_id,
    challanLineId: challanLine.id,
    jobWorkerLocationId: jobWorker.id,
    jobWorkOrderId: jobWork.job_work_order_id,
    jobWorkLineId: jobLine.id,
    jobWorkReceiptId: jobReceipt.receipt_id,
    taxBackfillProductId: teeId,
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

/** How the second user attacks one table of the first user's over REST (16 requests, in isolation.test.ts). */
export interface TableCase {
  /** The key the table is filtered on, and the first user's value of it. */
  key: (owner: Owner, snapshot: Record<string, unknown[]>) => [string, string];
  /** A plausible full row for writes aimed at the first user's row of the table. */
  row: (owner: Owner, user_id: string) => Record<string, unknown>;
  /** A change of a descriptive column: owners make it through the operations, never directly. */
  edit: Record<string, unknown>;
}

/** The two users, and the second one's ways in. */
export interface Scene {
  stack: TestStack;
  first: Owner;
  second: Owner;
  /** The second user's client. */
  db: User['client'];
  /** An operation called by the second user. */
  as: (fn: string, args: Record<string, unknown>) => () => ReturnType<typeof rpc>;
}

/** One area's cases: its tables, and its other attempts with the first user's ids. */
export interface IsolationArea {
  /** Every table of the area (each table of the database is in exactly one area). */
  tables: Record<string, TableCase>;
  /** How many attempts `attack` makes (each `attempts.read`, `write`, `call`, or a counted check). */
  attempts: number;
  attack: (scene: Scene, attempts: Attempts) => Promise<void>;
}

type Result = { data: unknown; error: PostgrestError | null; status: number; count?: number | null };

/** Runs attempts and records every one that was neither refused with a 4xx nor empty. */
export class Attempts {
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
