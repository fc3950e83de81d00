import { z } from 'zod';
import { todayInIndia } from './csv';

/*
 * The one set of form field rules of the app. Each mirrors what the database keeps and what its
 * operations accept (private.require_text, private.require_number, private.require_decimals,
 * private.require_positive_quantity in supabase/schemas/01_validation.sql), checked in the same
 * order and worded with the same sentences, so that a form says on the field, before a round trip,
 * exactly what the server would refuse. The server stays the authority:
 * tests/db/field-rules-drift.test.ts sends every rule's bad values to the operation that saves the
 * field and fails when the two answers differ.
 *
 * Numbers are typed into plain text inputs and read here exactly as typed: nothing is clamped,
 * rounded or stripped. Input that is not a number, has more decimal places than its column keeps,
 * or is out of range gets a message and is not saved.
 */

/** The largest number the stock operations accept (private.require_number). */
export const MAX_NUMBER = 1_000_000_000;

export interface NumberRules {
  /** The field as messages name it: 'Quantity' in 'Quantity must be a whole number.' */
  label: string;
  /** Decimal places the column keeps: 0 for whole numbers, 2 for paise. */
  decimals: number;
  min: number;
  /** More than zero, checked before anything else: 'X must be greater than 0.' (private.require_positive_quantity). */
  positive?: true;
  /** A bound below 1000000000 that the operation sets, with its sentence, checked last as it is there. */
  atMost?: { value: number; message: string };
  /** Instead of 'X is required.', where the server words it for a row of a list. */
  requiredMessage?: string;
  /** The value an empty field stands for (shown as its placeholder); without it, it is required. */
  whenEmpty?: number;
  /** Empty is allowed and left out of the call: the server fills in a value of its own (optionalNumberField). */
  optional?: boolean;
}

export interface TextRules {
  label: string;
  /** The column's length limit, counted in characters after trimming, as the server does. */
  maxLength: number;
  required: boolean;
}

// A number as a person writes it: optional sign, digits with optional thousands (1,000,000) or
// lakh (10,00,000) grouping, optional decimal part. Not '1e3', not '1,2', not '12abc'.
const NUMBER_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?$/;
const GROUPED_THOUSANDS = /^\d{1,3}(,\d{3})+$/;
const GROUPED_LAKHS = /^\d{1,2}(,\d{2})*,\d{3}$/;

interface TypedNumber {
  value: number;
  /** Decimal places that matter: '2.50' has 1. */
  decimals: number;
}

/** Reads a number as typed into a field, or null when the text is not a number. */
export function readTypedNumber(text: string): TypedNumber | null {
  const trimmed = text.trim();
  const grouped = /^([+-]?)([\d,]+)((?:\.\d*)?)$/.exec(trimmed);
  let plain = trimmed;
  if (grouped && grouped[2]!.includes(',')) {
    const digits = grouped[2]!;
    if (!GROUPED_THOUSANDS.test(digits) && !GROUPED_LAKHS.test(digits)) return null;
    plain = grouped[1]! + digits.replaceAll(',', '') + grouped[3]!;
  }
  const match = NUMBER_PATTERN.exec(plain);
  if (!match) return null;
  const [, , whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const value = Number(plain);
  if (!Number.isFinite(value)) return null;
  return { value, decimals: fraction.replace(/0+$/, '').length };
}

/**
 * The message for a typed number that breaks the rules, or null when it may be saved: the checks of
 * private.require_number (whole, at least, at most) and then private.require_decimals, in their order.
 */
export function numberProblem(text: string, rules: NumberRules): string | null {
  if (text.trim() === '') {
    if (rules.whenEmpty !== undefined || rules.optional) return null;
    return rules.requiredMessage ?? `${rules.label} is required.`;
  }
  const typed = readTypedNumber(text);
  if (!typed) return `${rules.label} must be a number.`;
  if (rules.positive && typed.value <= 0) return `${rules.label} must be greater than 0.`;
  if (rules.decimals === 0 && typed.decimals > 0) return `${rules.label} must be a whole number.`;
  if (typed.value < rules.min) return `${rules.label} must be at least ${rules.min}.`;
  if (typed.value > MAX_NUMBER) return `${rules.label} must be at most ${MAX_NUMBER}.`;
  if (typed.decimals > rules.decimals) return `${rules.label} can have at most ${rules.decimals} decimal places.`;
  if (rules.atMost && typed.value > rules.atMost.value) return rules.atMost.message;
  return null;
}

/** The value of a field that passes its rules, or null: for live totals and previews. */
export function validNumber(text: string | number, rules: NumberRules): number | null {
  const typed = String(text);
  if (numberProblem(typed, rules) !== null) return null;
  return typed.trim() === '' ? (rules.whenEmpty ?? null) : readTypedNumber(typed)!.value;
}

function checkedNumberField<Empty>(rules: NumberRules, empty: Empty) {
  return z.union([z.string(), z.number()]).transform((input, ctx) => {
    const text = String(input);
    const problem = numberProblem(text, rules);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return text.trim() === '' ? empty : readTypedNumber(text)!.value;
  });
}

/**
 * A number field: the text as typed (a number is accepted too, e.g. from a default), checked
 * against its rules and turned into a number, or refused with the message for the first broken rule.
 */
export function numberField(rules: NumberRules) {
  return checkedNumberField(rules, rules.whenEmpty!);
}

/** The same for a field that may stay empty (rules.optional): undefined then, left out of the call for the server's default. */
export function optionalNumberField(rules: NumberRules & { optional: true }) {
  return checkedNumberField(rules, undefined);
}

/** A day typed into a date input (YYYY-MM-DD), or undefined when left empty (the server's default). */
export function optionalDayField(rules: { earliest: string; latest: () => string; message: string }) {
  return z.string().transform((input, ctx) => {
    const day = input.trim();
    if (day === '') return undefined;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < rules.earliest || day > rules.latest()) {
      ctx.addIssue({ code: 'custom', message: rules.message });
      return z.NEVER;
    }
    return day;
  });
}

/** A number from the database as a field shows it, e.g. to fill an edit form. */
export function numberFieldText(value: number): string {
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 4 });
}

/** Characters as Postgres' length() counts them (code points), after trimming. */
export function textLength(value: string): number {
  return [...value.trim()].length;
}

export function tooLongMessage(rules: TextRules): string {
  return `${rules.label} must be at most ${rules.maxLength} characters.`;
}

/** A text field: trimmed; required or not; at most its column's length. */
export function textField(rules: TextRules) {
  return z
    .string()
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      if (rules.required && value === '') {
        ctx.addIssue({ code: 'custom', message: `${rules.label} is required.` });
      } else if (textLength(value) > rules.maxLength) {
        ctx.addIssue({ code: 'custom', message: tooLongMessage(rules) });
      }
    });
}

/** Parses one value with its field's schema; its first problem becomes an issue at `path`. */
export function checked<Output>(
  ctx: z.RefinementCtx,
  schema: z.ZodType<Output, unknown>,
  value: unknown,
  path: (string | number)[],
): Output | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  ctx.addIssue({ code: 'custom', path, message: result.error.issues[0]!.message });
  return undefined;
}

/** A Mantine Select value: the chosen option's value, or null while nothing is chosen. */
export function choiceField(message: string) {
  return z
    .string()
    .nullable()
    .transform((value, ctx) => {
      if (!value) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
}

// The columns' rules, for every form that writes them (create and edit) --------------------------

export const productFieldRules = {
  sku: { label: 'SKU', maxLength: 64, required: true },
  productName: { label: 'Product name', maxLength: 200, required: true },
  category: { label: 'Category', maxLength: 100, required: false },
  sellingPrice: { label: 'Selling price', decimals: 2, min: 0.01 },
  stockOnHand: { label: 'Stock on hand', decimals: 0, min: 0, whenEmpty: 0 },
  // Issue 45: a product in metres or kilograms keeps 3 decimals wherever pieces are whole.
  measuredStockOnHand: { label: 'Stock on hand', decimals: 3, min: 0, whenEmpty: 0 },
  reorderPoint: { label: 'Reorder point', decimals: 0, min: 0, whenEmpty: 10 },
  // A BOM row's quantity: of a material (3 decimals, as stock keeps), or of a sub-assembly (whole pieces).
  bomQuantity: { label: 'BOM quantity', decimals: 3, min: 0.001, requiredMessage: 'Each BOM row needs a quantity.' },
  // Issue 33: wastage on a material line (at most 50, checked by the product form), what a unit
  // costs beyond its BOM (set_product_costs), and a sub-assembly line's whole pieces.
  wastagePercent: { label: 'Wastage', decimals: 2, min: 0, whenEmpty: 0 },
  subassemblyQuantity: {
    label: 'Sub-assembly quantity',
    decimals: 0,
    min: 1,
    requiredMessage: 'Each BOM row needs a quantity.',
  },
  measuredSubassemblyQuantity: {
    label: 'Sub-assembly quantity',
    decimals: 3,
    min: 0.001,
    requiredMessage: 'Each BOM row needs a quantity.',
  },
  labourPerUnit: { label: 'Labour per unit', decimals: 2, min: 0, whenEmpty: 0 },
  overheadPerRun: { label: 'Overhead per run', decimals: 2, min: 0, whenEmpty: 0 },
  runSize: { label: 'Run size', decimals: 0, min: 1, whenEmpty: 1 },
  purchaseCost: { label: 'Purchase cost', decimals: 2, min: 0, optional: true },
} satisfies Record<string, TextRules | NumberRules>;

export const rawMaterialFieldRules = {
  materialName: { label: 'Material name', maxLength: 200, required: true },
  supplier: { label: 'Supplier', maxLength: 200, required: false },
  costPerUnit: { label: 'Cost per unit', decimals: 4, min: 0, whenEmpty: 0 },
  stockLevel: { label: 'Stock level', decimals: 3, min: 0, whenEmpty: 0 },
  unitOfMeasure: { label: 'Unit of measure', maxLength: 32, required: false },
  reorderPoint: { label: 'Reorder point', decimals: 3, min: 0, whenEmpty: 20 },
} satisfies Record<string, TextRules | NumberRules>;

/** What an empty Unit of Measure saves as (spec: unit defaults to 'units'). */
export const DEFAULT_UNIT = 'units';

export const platformFeeFieldRules = {
  commissionPercent: {
    label: 'Commission percent',
    decimals: 2,
    min: 0,
    atMost: { value: 100, message: 'Commission percent must be at most 100.' },
  },
  feePerOrder: { label: 'Fee per order', decimals: 2, min: 0 },
  shippingPerOrder: { label: 'Shipping per order', decimals: 2, min: 0 },
  /** Days after an order its marketplace pays it (platform_fees.payment_cycle_days, issue 30). */
  paymentCycleDays: {
    label: 'Payment cycle',
    decimals: 0,
    min: 1,
    atMost: { value: 365, message: 'Payment cycle must be at most 365 days.' },
  },
} satisfies Record<string, NumberRules>;

export const saleFieldRules = {
  quantity: { label: 'Quantity', decimals: 0, min: 1 },
  unitPrice: { label: 'Sale price', decimals: 2, min: 0.01, optional: true },
  // The days import_sales_orders and log_sale take: from 2000 to today in India.
  orderDate: {
    earliest: '2000-01-01',
    latest: () => todayInIndia(),
    message: 'Order date must be between 2000-01-01 and today.',
  },
  orderId: { label: 'Order ID', maxLength: 100, required: false },
} as const;

/** A return (record_return): whole units per condition, its fees in paise; the day it came back. */
export const returnFieldRules = {
  sellable: { label: 'Sellable units', decimals: 0, min: 0, whenEmpty: 0 },
  damaged: { label: 'Damaged units', decimals: 0, min: 0, whenEmpty: 0 },
  wrongItem: { label: 'Wrong item units', decimals: 0, min: 0, whenEmpty: 0 },
  missing: { label: 'Missing units', decimals: 0, min: 0, whenEmpty: 0 },
  returnFees: { label: 'Return fees', decimals: 2, min: 0, whenEmpty: 0 },
  /** update_claim's amount: from 0 to the sale value of the claim's units. */
  amountReimbursed: { label: 'Amount reimbursed', decimals: 2, min: 0 },
  /** Days after a return's date to claim for it (platform_fees.claim_window_days). */
  claimWindowDays: {
    label: 'Claim window',
    decimals: 0,
    min: 1,
    atMost: { value: 365, message: 'Claim window must be at most 365 days.' },
  },
} satisfies Record<string, NumberRules>;

export const productionFieldRules = {
  quantityToProduce: { label: 'Quantity to produce', decimals: 0, min: 1 },
  measuredQuantityToProduce: { label: 'Quantity to produce', decimals: 3, min: 0.001 },
} satisfies Record<string, NumberRules>;

/**
 * A style (create_style, update_style, add_style_variants): its variants are products, so their
 * SKUs and names keep the product columns' limits (productFieldRules.sku, productName).
 */
export const styleFieldRules = {
  // 100, not a product name's 200: a variant's name is the style's name and its values.
  styleName: { label: 'Style name', maxLength: 100, required: true },
  skuPrefix: { label: 'SKU prefix', maxLength: 20, required: true },
  optionName: { label: 'Option name', maxLength: 30, required: true },
  /** Its label names the option: 'A value of Size'. */
  optionValue: { maxLength: 20, required: true },
  maxOptions: 3,
  maxValues: 100,
  maxVariants: 100,
} as const;

/** Receipts and counts (receive_material, adjust_stock): stock columns keep 3 decimals, products whole units. */
export const stockFieldRules = {
  receivedQuantity: { label: 'Quantity', decimals: 3, min: 0, positive: true },
  /** What was paid per unit: the precision of a material's cost per unit. */
  unitCost: { label: 'Unit cost', decimals: rawMaterialFieldRules.costPerUnit.decimals, min: 0 },
  /** The GST a receipt's bill charged (input tax, issue 31): rupees and paise, empty for none. */
  gstPaid: { label: 'GST paid', decimals: 2, min: 0, optional: true as const },
  countedProduct: { label: 'Counted stock', decimals: 0, min: 0 },
  countedMaterial: { label: 'Counted stock', decimals: 3, min: 0 },
} satisfies Record<string, NumberRules>;

/** A product's planning (set_product_planning): whole days; empty takes the default of 7. */
export const planningFieldRules = {
  leadTimeDays: {
    label: 'Lead time',
    decimals: 0,
    min: 0,
    optional: true,
    atMost: { value: 365, message: 'Lead time must be at most 365 days.' },
  },
  safetyDays: {
    label: 'Safety days',
    decimals: 0,
    min: 0,
    optional: true,
    atMost: { value: 365, message: 'Safety days must be at most 365.' },
  },
} as const;

/** Suppliers (create_supplier, update_supplier): the columns' limits. */
/** How a customer or a supplier is reached: create_customer's and create_supplier's checks and messages. */
export const contactFieldRules = {
  phone: { label: 'Phone', maxLength: 20, required: false },
  email: { label: 'Email', maxLength: 254, required: false },
} as const;

export const contactFields = {
  phone: textField(contactFieldRules.phone).refine((phone) => phone === '' || /^\+?[0-9][0-9 -]*$/.test(phone), {
    message: 'Phone can have only digits, spaces, hyphens and a leading +.',
  }),
  email: textField(contactFieldRules.email).refine(
    (email) => email === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email),
    {
      message: 'Email must look like name@example.com.',
    },
  ),
};

export const supplierFieldRules = {
  supplierName: { label: 'Supplier name', maxLength: 200, required: true },
  contact: { label: 'Contact', maxLength: 200, required: false },
  gstin: { label: 'GSTIN', maxLength: 15, required: false },
  leadTimeDays: planningFieldRules.leadTimeDays,
  paymentTerms: { label: 'Payment terms', maxLength: 200, required: false },
  notes: { label: 'Notes', maxLength: 1000, required: false },
} as const;

/**
 * Purchasing (set_purchase_unit, the purchase order operations): quantities in purchase units keep
 * 3 decimals, as stock does; prices per purchase unit 4, as a material's cost.
 */
export const purchaseFieldRules = {
  purchaseUnit: { label: 'Purchase unit', maxLength: 32, required: true },
  unitsPerPurchaseUnit: { label: 'Units per purchase unit', decimals: 3, min: 0.001 },
  pricePerPurchaseUnit: { label: 'Price per purchase unit', decimals: 4, min: 0, optional: true },
  minimumOrder: { label: 'Minimum order', decimals: 3, min: 0.001, optional: true },
  quantity: { label: 'Quantity', decimals: 3, min: 0, positive: true },
  unitPrice: { label: 'Unit price', decimals: 4, min: 0, optional: true },
  received: { label: 'Quantity received', decimals: 3, min: 0, positive: true, optional: true },
  note: { label: 'Note', maxLength: 500, required: false },
  // The supplier's tax invoice a receipt comes with (receive_purchase_order and receive_material,
  // issue 42).
  supplierInvoiceNumber: { label: 'Supplier invoice number', maxLength: 16, required: false },
  supplierInvoiceDate: {
    earliest: '2000-01-01',
    latest: () => todayInIndia(),
    message: 'Supplier invoice date must be between 2000-01-01 and today.',
  },
  maxLines: 200,
  // The days create_purchase_order takes.
  expectedDate: {
    earliest: '2000-01-01',
    latest: () => '2100-12-31',
    message: 'Expected date must be between 2000-01-01 and 2100-12-31.',
  },
} as const;

/** The supplier invoice number's characters (Rule 46), as private.check_supplier_invoice checks them. */
const SUPPLIER_INVOICE_NUMBER = /^[A-Za-z0-9/-]*$/;

/**
 * private.check_supplier_invoice's refusals, with its messages, for both receipt forms (Receive
 * stock and a purchase order's receipt): the number's characters, and the number and the date once
 * the receipt has GST, since the GST paid is claimed against that invoice.
 */
export function supplierInvoiceIssues(
  invoice: { supplier_invoice_number: string; supplier_invoice_date: string | undefined },
  taxed: boolean,
): { path: ['supplier_invoice_number' | 'supplier_invoice_date']; message: string }[] {
  const issues: { path: ['supplier_invoice_number' | 'supplier_invoice_date']; message: string }[] = [];
  if (!SUPPLIER_INVOICE_NUMBER.test(invoice.supplier_invoice_number))
    issues.push({
      path: ['supplier_invoice_number'],
      message: 'Supplier invoice number can have only letters, digits, - and /.',
    });
  else if (taxed && invoice.supplier_invoice_number === '')
    issues.push({
      path: ['supplier_invoice_number'],
      message: "Enter the supplier's invoice number: the GST paid is claimed against it.",
    });
  if (taxed && invoice.supplier_invoice_date === undefined)
    issues.push({
      path: ['supplier_invoice_date'],
      message: "Enter the supplier's invoice date: the GST paid is claimed against it.",
    });
  return issues;
}
