/// <reference types="vite/client" />
// The browser's field rules (src/lib/form-fields.ts and each feature's api/field-rules.ts) against
// the server's validation: for every rule, the same bad value goes to the operation that saves the
// field (as a signed-in user, in a transaction rolled back) and to the field's zod schema, and the
// two must refuse it with the same sentence; the value at the bound must pass both. A rule the
// server checks differently, a message retyped with other words, or a rule added to the browser
// without a server case here fails.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteRules } from '@/features/catalogue/quantity-rules';
import * as formFields from '@/lib/form-fields';
import {
  MAX_NUMBER,
  numberField,
  optionalDayField,
  optionalNumberField,
  textField,
  type NumberRules,
  type TextRules,
} from '@/lib/form-fields';
import { createUser, openPool, runAs } from './support';

type DayRules = Parameters<typeof optionalDayField>[0];
type FieldRules = NumberRules | TextRules | DayRules;

/** The SQL that saves one field, with the value as $1, and its other parameters. */
type Save = (value: string | null) => [sql: string, params: unknown[]];

interface ServerCase {
  save: Save;
  /** Makes a text of the given length that the field's other checks (format) accept. */
  sample?: (length: number) => string;
  /** The operation's parameter is an integer: a fraction is refused by its type, before any check. */
  integerParameter?: boolean;
  /** The label the form gives the rule where the rule has none of its own. */
  label?: string;
  /** Why an empty field is not sent to the server as none (the form never sends it so). */
  emptyNotSent?: string;
}

interface Fixtures {
  productId: string;
  /** A product counted in metres (issue 45). */
  metresProductId: string;
  materialId: string;
  supplierId: string;
  orderId: string;
  claimId: string;
  purchaseOrderId: string;
  purchaseLineId: string;
  /** A fulfilled website sale nothing has invoiced, for create_invoice. */
  invoiceOrderId: string;
}

const GSTIN = '27AAPFU0939F1ZV';

/** Every browser rule and the operation that saves its field. */
function serverCases(f: Fixtures): Record<string, ServerCase> {
  // A new product; `field` is the parameter that takes the value, the others are valid.
  const product =
    (field: string): Save =>
    (value) => {
      const args = { sku: `'DRIFT-1'`, product_name: `'Drift kurta'`, selling_price: '499', [field]: '$1' };
      const list = Object.entries(args).map(([name, arg]) => `${name} => ${arg}`);
      return [`select public.create_product(${list.join(', ')})`, [value]];
    };
  // A new product made of the fixture's material or product ($2).
  const bom =
    (line: string, itemId: string): Save =>
    (value) => [
      `select public.create_product(sku => 'DRIFT-2', product_name => 'Drift set', selling_price => 499,
       bom => jsonb_build_array(${line}))`,
      [value, itemId],
    ];
  const costs =
    (args: string): Save =>
    (value) => [
      `select public.set_product_costs(product_id => $2, labour_per_unit => 0, ${args})`,
      [value, f.productId],
    ];
  const material =
    (args: string): Save =>
    (value) => [`select public.create_raw_material(material_name => 'Drift cloth', ${args})`, [value]];
  const fees =
    (args: string): Save =>
    (value) => [
      `select public.set_platform_fees(platform => 'Amazon', commission_percent => 10, fee_per_order => 0,
       shipping_per_order => 0, ${args})`,
      [value],
    ];
  const sale =
    (args: string): Save =>
    (value) => [
      `select public.log_sale(product_id => $2, quantity => 1, platform => 'Amazon', ${args})`,
      [value, f.productId],
    ];
  // One unit comes back in another condition, so that a return of none of the tested one is still a return.
  const returned =
    (args: string): Save =>
    (value) => [`select public.record_return(order_id => $2, kind => 'customer_return', ${args})`, [value, f.orderId]];
  const style =
    (args: string, options = `'[{"name": "Size", "values": ["S"]}]'::jsonb`): Save =>
    (value) => [`select public.create_style(selling_price => 499, options => ${options}, ${args})`, [value]];
  const receipt =
    (args: string): Save =>
    (value) => [`select public.receive_material(material_id => $2, ${args})`, [value, f.materialId]];
  const supplier =
    (args: string): Save =>
    (value) => [`select public.create_supplier(${args})`, [value]];
  const purchaseUnit =
    (args: string): Save =>
    (value) => [
      `select public.set_purchase_unit(material_id => $2, supplier_id => $3, ${args})`,
      [value, f.materialId, f.supplierId],
    ];
  const purchaseOrder =
    (line: string, args = ''): Save =>
    (value) => [
      `select public.create_purchase_order(supplier_id => $2, lines => jsonb_build_array(${line})${args})`,
      [value, f.supplierId, f.materialId],
    ];
  const profile =
    (field: string): Save =>
    (value) => {
      const args = {
        legal_name: `'Drift Textiles'`,
        address: `'Mumbai'`,
        gstin: `'${GSTIN}'`,
        state_code: `'27'`,
        invoice_prefix: `'DR'`,
        [field]: '$1',
      };
      const list = Object.entries(args).map(([name, arg]) => `${name} => ${arg}`);
      return [`select public.set_business_profile(${list.join(', ')})`, [value]];
    };
  const invoice =
    (field: string): Save =>
    (value) => {
      const args = { buyer_name: `'Asha Rao'`, buyer_state_code: `'27'`, [field]: '$1' };
      const list = Object.entries(args).map(([name, arg]) => `${name} => ${arg}`);
      return [
        `select public.create_invoice(order_ids => array[$2::uuid], ${list.join(', ')})`,
        [value, f.invoiceOrderId],
      ];
    };
  const materialLine = `jsonb_build_object('material_id', $3::uuid, 'quantity', 1)`;
  const email = (length: number) => `${'x'.repeat(Math.max(length - 8, 1))}@shop.in`;

  return {
    'productFieldRules.sku': { save: product('sku') },
    'productFieldRules.productName': { save: product('product_name') },
    'productFieldRules.category': { save: product('category') },
    'productFieldRules.sellingPrice': { save: product('selling_price') },
    'productFieldRules.stockOnHand': { save: product('stock_on_hand') },
    'productFieldRules.measuredStockOnHand': {
      save: (value) => [
        `select public.create_product(sku => 'DRIFT-M', product_name => 'Drift fabric', selling_price => 99,
         unit_of_measure => 'm', stock_on_hand => $1)`,
        [value],
      ],
    },
    'productFieldRules.reorderPoint': { save: product('reorder_point') },
    'productFieldRules.bomQuantity': {
      save: bom(`jsonb_build_object('material_id', $2::uuid, 'quantity', $1::numeric)`, f.materialId),
    },
    'productFieldRules.wastagePercent': {
      save: bom(
        `jsonb_build_object('material_id', $2::uuid, 'quantity', 1, 'wastage_percent', $1::numeric)`,
        f.materialId,
      ),
    },
    'productFieldRules.subassemblyQuantity': {
      save: bom(`jsonb_build_object('product_id', $2::uuid, 'quantity', $1::numeric)`, f.productId),
    },
    'productFieldRules.measuredSubassemblyQuantity': {
      save: bom(`jsonb_build_object('product_id', $2::uuid, 'quantity', $1::numeric)`, f.metresProductId),
    },
    'productFieldRules.labourPerUnit': {
      save: (value) => [
        `select public.set_product_costs(product_id => $2, labour_per_unit => $1)`,
        [value, f.productId],
      ],
    },
    'productFieldRules.overheadPerRun': { save: costs('overhead_per_run => $1') },
    'productFieldRules.runSize': { save: costs('run_size => $1') },
    'productFieldRules.purchaseCost': { save: costs('purchase_cost => $1') },

    'rawMaterialFieldRules.materialName': {
      save: (value) => [`select public.create_raw_material(material_name => $1)`, [value]],
    },
    'rawMaterialFieldRules.supplier': { save: material('supplier => $1') },
    'rawMaterialFieldRules.costPerUnit': { save: material('cost_per_unit => $1') },
    'rawMaterialFieldRules.stockLevel': { save: material('stock_level => $1') },
    'rawMaterialFieldRules.unitOfMeasure': { save: material('unit_of_measure => $1') },
    'rawMaterialFieldRules.reorderPoint': { save: material('reorder_point => $1') },

    'platformFeeFieldRules.commissionPercent': {
      save: (value) => [
        `select public.set_platform_fees(platform => 'Amazon', commission_percent => $1, fee_per_order => 0,
           shipping_per_order => 0)`,
        [value],
      ],
    },
    'platformFeeFieldRules.feePerOrder': {
      save: (value) => [
        `select public.set_platform_fees(platform => 'Amazon', commission_percent => 10, fee_per_order => $1,
           shipping_per_order => 0)`,
        [value],
      ],
    },
    'platformFeeFieldRules.shippingPerOrder': {
      save: (value) => [
        `select public.set_platform_fees(platform => 'Amazon', commission_percent => 10, fee_per_order => 0,
           shipping_per_order => $1)`,
        [value],
      ],
    },
    'platformFeeFieldRules.paymentCycleDays': {
      save: fees('payment_cycle_days => $1'),
      emptyNotSent: "the form shows the platform's cycle and asks for one; the API keeps the default for none",
    },

    'saleFieldRules.quantity': {
      save: (value) => [
        `select public.log_sale(product_id => $2, quantity => $1, platform => 'Amazon')`,
        [value, f.productId],
      ],
    },
    'saleFieldRules.unitPrice': { save: sale('unit_price => $1') },
    'saleFieldRules.orderDate': { save: sale('order_date => $1') },
    'saleFieldRules.orderId': { save: sale('order_id => $1') },

    'returnFieldRules.sellable': { save: returned('sellable => $1, damaged => 1') },
    'returnFieldRules.damaged': { save: returned('sellable => 1, damaged => $1') },
    'returnFieldRules.wrongItem': { save: returned('sellable => 1, wrong_item => $1') },
    'returnFieldRules.missing': { save: returned('sellable => 1, missing => $1') },
    'returnFieldRules.returnFees': { save: returned('sellable => 1, return_fees => $1') },
    'returnFieldRules.amountReimbursed': {
      save: (value) => [
        `select public.update_claim(claim_id => $2, status => 'Approved', amount_reimbursed => $1)`,
        [value, f.claimId],
      ],
    },
    'returnFieldRules.claimWindowDays': {
      save: fees('claim_window_days => $1'),
      emptyNotSent: "the form shows the platform's window and asks for one; the API keeps the default for none",
    },

    'productionFieldRules.quantityToProduce': {
      save: (value) => [
        `select public.start_production(product_id => $2, quantity_to_produce => $1)`,
        [value, f.productId],
      ],
    },
    'productionFieldRules.measuredQuantityToProduce': {
      save: (value) => [
        `select public.start_production(product_id => $2, quantity_to_produce => $1)`,
        [value, f.metresProductId],
      ],
    },

    'styleFieldRules.styleName': { save: style(`style_name => $1, category => null, sku_prefix => 'DRS'`) },
    'styleFieldRules.skuPrefix': { save: style(`style_name => 'Drift style', category => null, sku_prefix => $1`) },
    'styleFieldRules.optionName': {
      save: style(
        `style_name => 'Drift style', category => null, sku_prefix => 'DRS'`,
        `jsonb_build_array(jsonb_build_object('name', $1::text, 'values', jsonb_build_array('S')))`,
      ),
    },
    'styleFieldRules.optionValue': {
      label: 'A value of Size',
      save: style(
        `style_name => 'Drift style', category => null, sku_prefix => 'DRS'`,
        `jsonb_build_array(jsonb_build_object('name', 'Size', 'values', jsonb_build_array($1::text)))`,
      ),
    },

    'stockFieldRules.receivedQuantity': { save: receipt('quantity => $1, unit_cost => 1') },
    'stockFieldRules.unitCost': {
      save: receipt('quantity => 1, unit_cost => $1'),
      emptyNotSent: "the form fills in the material's cost and asks for one; the API also takes a receipt without it",
    },
    'stockFieldRules.gstPaid': {
      save: receipt(
        "quantity => 1, unit_cost => 100, gst_rate => 5, gst_paid => $1, supplier_invoice_number => 'D-1', supplier_invoice_date => date '2025-11-01'",
      ),
    },
    "noteRules('Note')": { save: receipt('quantity => 1, unit_cost => 1, note => $1') },
    'stockFieldRules.countedProduct': {
      save: (value) => [
        `select public.adjust_stock(product_id => $2, counted => $1, note => 'Count')`,
        [value, f.productId],
      ],
    },
    'stockFieldRules.countedMaterial': {
      save: (value) => [
        `select public.adjust_stock(material_id => $2, counted => $1, note => 'Count')`,
        [value, f.materialId],
      ],
    },

    'planningFieldRules.leadTimeDays': {
      save: (value) => [
        `select public.set_product_planning($2, lead_time_days => $1, safety_days => null)`,
        [value, f.productId],
      ],
    },
    'planningFieldRules.safetyDays': {
      save: (value) => [
        `select public.set_product_planning($2, lead_time_days => null, safety_days => $1)`,
        [value, f.productId],
      ],
    },

    'supplierFieldRules.supplierName': { save: supplier('supplier_name => $1') },
    'supplierFieldRules.contact': { save: supplier(`supplier_name => 'Drift mills', contact => $1`) },
    // One set of contact checks for customers and suppliers (src/components/party-fields.tsx).
    'contactFieldRules.phone': {
      save: supplier(`supplier_name => 'Drift mills', phone => $1`),
      sample: (length) => '9'.repeat(length),
    },
    'contactFieldRules.email': { save: supplier(`supplier_name => 'Drift mills', email => $1`), sample: email },
    'supplierFieldRules.gstin': {
      save: supplier(`supplier_name => 'Drift mills', gstin => $1`),
      sample: (length) => (length === GSTIN.length ? GSTIN : 'X'.repeat(length)),
    },
    'supplierFieldRules.leadTimeDays': {
      save: supplier(`supplier_name => 'Drift mills', lead_time_days => $1`),
      integerParameter: true,
    },
    'supplierFieldRules.paymentTerms': { save: supplier(`supplier_name => 'Drift mills', payment_terms => $1`) },
    'supplierFieldRules.notes': { save: supplier(`supplier_name => 'Drift mills', notes => $1`) },

    'purchaseFieldRules.purchaseUnit': {
      save: purchaseUnit('purchase_unit => $1, units_per_purchase_unit => 1'),
    },
    'purchaseFieldRules.unitsPerPurchaseUnit': {
      save: purchaseUnit(`purchase_unit => 'Roll', units_per_purchase_unit => $1`),
    },
    'purchaseFieldRules.pricePerPurchaseUnit': {
      save: purchaseUnit(`purchase_unit => 'Roll', units_per_purchase_unit => 1, price_per_purchase_unit => $1`),
    },
    'purchaseFieldRules.minimumOrder': {
      save: purchaseUnit(`purchase_unit => 'Roll', units_per_purchase_unit => 1, minimum_order => $1`),
    },
    'purchaseFieldRules.quantity': {
      save: purchaseOrder(`jsonb_build_object('material_id', $3::uuid, 'quantity', $1::numeric)`),
    },
    'purchaseFieldRules.unitPrice': {
      save: purchaseOrder(`jsonb_build_object('material_id', $3::uuid, 'quantity', 1, 'unit_price', $1::numeric)`),
    },
    'purchaseFieldRules.received': {
      save: (value) => [
        `select public.receive_purchase_order(po_id => $2,
           lines => jsonb_build_array(jsonb_build_object('line_id', $3::uuid, 'quantity', $1::numeric)))`,
        [value, f.purchaseOrderId, f.purchaseLineId],
      ],
      emptyNotSent: 'a line left empty is not received: the form leaves it out of the call',
    },
    'purchaseFieldRules.note': { save: purchaseOrder(materialLine, ', note => $1') },
    'purchaseFieldRules.supplierInvoiceNumber': {
      save: (value) => [
        `select public.receive_purchase_order(po_id => $2,
           lines => jsonb_build_array(jsonb_build_object('line_id', $3::uuid, 'quantity', 1)),
           supplier_invoice_number => $1)`,
        [value, f.purchaseOrderId, f.purchaseLineId],
      ],
    },
    'purchaseFieldRules.supplierInvoiceDate': {
      save: (value) => [
        `select public.receive_purchase_order(po_id => $2,
           lines => jsonb_build_array(jsonb_build_object('line_id', $3::uuid, 'quantity', 1)),
           supplier_invoice_date => $1::date)`,
        [value, f.purchaseOrderId, f.purchaseLineId],
      ],
    },
    'aliasFieldRules.alias': {
      save: (value) => [
        `select public.set_sku_alias(product_id => $2, platform => 'Amazon', alias => $1)`,
        [value, f.productId],
      ],
    },
    'bufferFieldRules.units': {
      save: (value) => [`select public.set_channel_buffer(platform => 'Amazon', buffer_units => $1)`, [value]],
    },
    'bufferFieldRules.percent': {
      save: (value) => [`select public.set_channel_buffer(platform => 'Amazon', buffer_percent => $1)`, [value]],
    },
    componentQuantityRules: {
      save: (value) => [
        `select public.create_combo(sku => 'DRIFT-C', product_name => 'Drift combo', category => null,
           selling_price => 499,
           components => jsonb_build_array(jsonb_build_object('product_id', $2::uuid, 'quantity', $1::numeric)))`,
        [value, f.productId],
      ],
    },
    'businessProfileFieldRules.legalName': { save: profile('legal_name') },
    'businessProfileFieldRules.address': { save: profile('address') },
    'invoiceFieldRules.buyerName': { save: invoice('buyer_name') },
    'invoiceFieldRules.buyerAddress': { save: invoice('buyer_address') },
    'purchaseFieldRules.expectedDate': { save: purchaseOrder(materialLine, ', expected_date => $1::date') },
  };
}

const isRule = (value: unknown): value is FieldRules =>
  typeof value === 'object' && value !== null && ('decimals' in value || 'maxLength' in value || 'earliest' in value);

/** The modules that hold a feature's form field rules, by the convention src/features/<feature>/api/field-rules.ts. */
const featureRules = import.meta.glob<Record<string, unknown>>('/src/features/*/api/field-rules.ts', { eager: true });

/**
 * Every field rule the browser has, by its export name, or '<rules object>.<field>' for an
 * object of rules (counts such as maxLines are no field).
 */
function browserRules(): Record<string, FieldRules> {
  const rules: Record<string, FieldRules> = { "noteRules('Note')": noteRules('Note') };
  for (const module of [formFields, ...Object.values(featureRules)]) {
    for (const [name, value] of Object.entries(module)) {
      if (isRule(value)) rules[name] = value;
      else if (name.endsWith('FieldRules')) {
        for (const [field, rule] of Object.entries(value as Record<string, unknown>)) {
          if (isRule(rule)) rules[`${name}.${field}`] = rule;
        }
      }
    }
  }
  return rules;
}

const isNumberRule = (rule: FieldRules): rule is NumberRules => 'decimals' in rule;
const isTextRule = (rule: FieldRules): rule is TextRules => 'maxLength' in rule;

function browserMessage(rule: FieldRules, text: string): string | null {
  const schema = isNumberRule(rule)
    ? rule.optional
      ? optionalNumberField({ ...rule, optional: true })
      : numberField(rule)
    : isTextRule(rule)
      ? textField(rule)
      : optionalDayField(rule);
  const result = schema.safeParse(text);
  return result.success ? null : result.error.issues[0]!.message;
}

/** A value written with exactly `decimals` places, as a person would type it. */
const typed = (value: number, decimals: number) => value.toFixed(decimals);

interface Probe {
  name: string;
  /** As typed into the form; the server gets the same text, or null for an empty field. */
  text: string;
  /** Whether both must take it (a bound) or both refuse it. */
  accepted: boolean;
}

/** Values that break one rule each, or sit at a bound. */
function probes(rule: FieldRules, server: ServerCase): Probe[] {
  if (isNumberRule(rule)) {
    const step = 10 ** -rule.decimals;
    const smallest = rule.positive ? step : rule.min;
    const list = [
      { name: 'empty', text: '', accepted: rule.whenEmpty !== undefined || rule.optional === true },
      { name: 'below the minimum', text: typed(smallest - step, rule.decimals), accepted: false },
      { name: 'at the minimum', text: typed(smallest, rule.decimals), accepted: true },
      { name: 'above the maximum', text: String(MAX_NUMBER + 1), accepted: false },
      { name: 'one decimal place too many', text: `1.${'0'.repeat(rule.decimals)}1`, accepted: false },
      ...(rule.atMost
        ? [
            { name: 'at its upper bound', text: String(rule.atMost.value), accepted: true },
            { name: 'above its upper bound', text: typed(rule.atMost.value + step, rule.decimals), accepted: false },
          ]
        : []),
    ];
    return list.filter(
      (probe) =>
        // A fraction cannot reach a check behind an integer parameter: the type refuses it.
        !(server.integerParameter && probe.name === 'one decimal place too many') &&
        !(server.emptyNotSent && probe.name === 'empty'),
    );
  }
  if (isTextRule(rule)) {
    const sample = server.sample ?? ((length: number) => 'x'.repeat(length));
    return [
      { name: 'blank', text: '   ', accepted: !rule.required },
      { name: 'at the length limit', text: sample(rule.maxLength), accepted: true },
      { name: 'one character too long', text: sample(rule.maxLength + 1), accepted: false },
    ];
  }
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [
    { name: 'the day before the earliest', text: '1999-12-31', accepted: false },
    { name: 'the earliest day', text: rule.earliest, accepted: true },
    { name: 'the latest day', text: rule.latest(), accepted: true },
    { name: 'the day after the latest', text: dayAfter(rule.latest()), accepted: false },
  ];
}

let pool: pg.Pool;
let userId: string;
let cases: Record<string, ServerCase>;

/** The server's refusal of the call, or null when it saves: in a transaction that is rolled back either way. */
async function serverMessage(save: Save, value: string | null): Promise<string | null> {
  const [sql, params] = save(value);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    await client.query(sql, params);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

beforeAll(async () => {
  pool = await openPool(2);
  userId = await createUser(pool);
  const one = async <Row extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await runAs<Row>(pool, userId, sql, params))[0]!;
  const { id: productId } = await one<{ id: string }>(
    `select (public.create_product(sku => 'DRIFT-0', product_name => 'Drift base', selling_price => 499,
       stock_on_hand => 100)).id`,
  );
  const { id: metresProductId } = await one<{ id: string }>(
    `select (public.create_product(sku => 'DRIFT-0M', product_name => 'Drift dyed fabric', selling_price => 99,
       unit_of_measure => 'm', stock_on_hand => 100)).id`,
  );
  const { id: materialId } = await one<{ id: string }>(
    `select (public.create_raw_material(material_name => 'Drift thread', cost_per_unit => 2, stock_level => 100)).id`,
  );
  const { id: supplierId } = await one<{ id: string }>(`select (public.create_supplier('Drift supplier')).id`);
  const { id: orderId } = await one<{ id: string }>(
    `select (public.log_sale(product_id => $1, quantity => 5, platform => 'Amazon')).id`,
    [productId],
  );
  await one(`select public.fulfil_sales_order($1)`, [orderId]);
  await one(`select public.record_return(order_id => $1, kind => 'customer_return', sellable => 0, damaged => 1)`, [
    orderId,
  ]);
  const { id: claimId } = await one<{ id: string }>(`select id from public.return_claims where sales_order_id = $1`, [
    orderId,
  ]);
  const { po_id: purchaseOrderId, line_id: purchaseLineId } = await one<{ po_id: string; line_id: string }>(
    `select result ->> 'purchase_order_id' as po_id, result #>> '{lines,0,line_id}' as line_id
     from public.create_purchase_order(supplier_id => $1,
       lines => jsonb_build_array(jsonb_build_object('material_id', $2::uuid, 'quantity', 10))) as result`,
    [supplierId, materialId],
  );
  await one(`select public.place_purchase_order($1)`, [purchaseOrderId]);
  await one(
    `select public.set_business_profile(legal_name => 'Drift Textiles', address => 'Mumbai', gstin => $1,
       state_code => '27', invoice_prefix => 'DR')`,
    [GSTIN],
  );
  await one(`select public.set_item_tax(product_id => $1, hsn_code => '6204', gst_rate => 5)`, [productId]);
  const { id: invoiceOrderId } = await one<{ id: string }>(
    `select (public.log_sale(product_id => $1, quantity => 1, platform => 'Brand Website')).id`,
    [productId],
  );
  await one(`select public.fulfil_sales_order($1)`, [invoiceOrderId]);
  cases = serverCases({
    productId,
    metresProductId,
    materialId,
    supplierId,
    orderId,
    claimId,
    purchaseOrderId,
    purchaseLineId,
    invoiceOrderId,
  });
});

afterAll(async () => {
  await pool.end();
});

describe('the browser says what the server says', () => {
  const rules = browserRules();

  it('has a server case for every field rule of the browser', () => {
    const covered = Object.keys(serverCases({} as Fixtures));
    expect(Object.keys(rules).filter((key) => !covered.includes(key))).toEqual([]);
    expect(covered.filter((key) => !(key in rules))).toEqual([]);
  });

  it.each(Object.keys(rules))('%s', async (key) => {
    const server = cases[key]!;
    const rule = server.label ? { ...rules[key]!, label: server.label } : rules[key]!;
    const drift: string[] = [];
    for (const probe of probes(rule, server)) {
      const browser = browserMessage(rule, probe.text);
      const saved = await serverMessage(server.save, probe.text === '' ? null : probe.text);
      if (browser !== saved || (saved === null) !== probe.accepted) {
        drift.push(
          `${probe.name} (${JSON.stringify(probe.text)}, ${probe.accepted ? 'to be taken' : 'to be refused'}): ` +
            `browser ${JSON.stringify(browser)}, server ${JSON.stringify(saved)}`,
        );
      }
    }
    expect(drift.join('\n')).toBe('');
  });
});
