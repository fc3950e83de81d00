import { z } from 'zod';
import { bomPickValue, readBomPick, type BomItem, type SubassemblyLine } from '@/features/catalogue/api/bom-items';
import { countsPieces, PRODUCT_UNITS, type Product } from '@/features/catalogue/api/products';
import type { ProductCosts } from '@/features/catalogue/api/product-costs';
import {
  checked,
  choiceField,
  numberField,
  numberFieldText,
  optionalNumberField,
  productFieldRules,
  textField,
} from '@/lib/form-fields';
import { checkItemTax, itemTaxFields, itemTaxFormValues, noItemTax, type ItemTax } from '@/lib/item-tax';

const typedNumber = z.union([z.string(), z.number()]);

const isSubassembly = (item: string | null) => item !== null && item !== '' && readBomPick(item).kind === 'product';

/**
 * A BOM row's quantity rules, by what it names: three decimals of a material; of a sub-assembly,
 * in its unit (issue 45): whole pieces, or three decimals of a product in metres or kilograms.
 * A product whose unit is not known yet is held to whole pieces, the stricter rule.
 */
export function bomQuantityRules(item: string | null, partUnit: string | null) {
  if (!isSubassembly(item)) return productFieldRules.bomQuantity;
  return partUnit !== null && !countsPieces(partUnit)
    ? productFieldRules.measuredSubassemblyQuantity
    : productFieldRules.subassemblyQuantity;
}

/** The opening stock's rules in the product's unit: whole pieces, or three decimals. */
export function stockOnHandRules(unit: string) {
  return countsPieces(unit) ? productFieldRules.stockOnHand : productFieldRules.measuredStockOnHand;
}

/**
 * A BOM row: what it names (a material or a product, as the BOM picker's value), the quantity
 * by the rules of what it names and, for a material, its wastage percent (at most 50). Each part
 * is checked on its own, so that a row without a choice still says what is wrong with its numbers.
 * unit: a sub-assembly's unit, as the row learns it once its product is read (null until then and
 * for a material).
 */
const bomRowSchema = z
  .object({
    item: z.string().nullable(),
    quantity: typedNumber,
    wastage_percent: typedNumber,
    unit: z.string().nullable().optional(),
  })
  .transform((row, ctx) => {
    const item = checked(ctx, choiceField('Choose a material.'), row.item, ['item']);
    const quantity = checked(ctx, numberField(bomQuantityRules(row.item, row.unit ?? null)), row.quantity, [
      'quantity',
    ]);
    const wastage = checked(ctx, numberField(productFieldRules.wastagePercent), row.wastage_percent, [
      'wastage_percent',
    ]);
    if (wastage !== undefined && wastage > 50 && !isSubassembly(row.item)) {
      ctx.addIssue({ code: 'custom', path: ['wastage_percent'], message: 'Wastage can be at most 50%.' });
      return z.NEVER;
    }
    if (item === undefined || quantity === undefined || wastage === undefined) return z.NEVER;
    return { item, quantity, wastage_percent: wastage };
  });

/** The BOM as create_product and update_product take it: material lines and sub-assembly lines. */
export type BomLineInput =
  { material_id: string; quantity: number; wastage_percent: number } | { product_id: string; quantity: number };

/**
 * The product form's checks, for Add New Product and Edit alike: create_product's and
 * update_product's refusals, for feedback before a save. A SKU another product has is the
 * server's answer, shown on the SKU field (it alone sees every product); so is a sub-assembly that
 * would contain the product itself.
 */
export const productFormSchema = z
  .object({
    sku: textField(productFieldRules.sku),
    product_name: textField(productFieldRules.productName),
    category: textField(productFieldRules.category),
    selling_price: numberField(productFieldRules.sellingPrice),
    // Issue 45: what it is counted in; its opening stock keeps 3 decimals, and whole pieces below.
    unit_of_measure: z.enum(PRODUCT_UNITS),
    stock_on_hand: numberField(productFieldRules.measuredStockOnHand),
    reorder_point: numberField(productFieldRules.reorderPoint),
    bom: z.array(bomRowSchema),
    labour_per_unit: numberField(productFieldRules.labourPerUnit),
    overhead_per_run: numberField(productFieldRules.overheadPerRun),
    run_size: numberField(productFieldRules.runSize),
    purchase_cost: optionalNumberField(productFieldRules.purchaseCost),
    // Issue 31: its HSN code and GST rate, saved by set_item_tax.
    ...itemTaxFields,
  })
  .refine((product) => !countsPieces(product.unit_of_measure) || Number.isInteger(product.stock_on_hand), {
    path: ['stock_on_hand'],
    message: 'Stock on hand must be a whole number.',
    // Said with the other fields' messages, whenever the stock and the unit are readable.
    when: (payload) =>
      !payload.issues.some((issue) => issue.path?.[0] === 'stock_on_hand' || issue.path?.[0] === 'unit_of_measure'),
  })
  .superRefine((product, ctx) => {
    checkItemTax(product, ctx);
    const seen = new Set<string>();
    product.bom.forEach((row, index) => {
      const pick = readBomPick(row.item);
      if (seen.has(row.item)) {
        ctx.addIssue({
          code: 'custom',
          path: ['bom', index, 'item'],
          message:
            pick.kind === 'product' ? 'This product is already in the BOM.' : 'This material is already in the BOM.',
        });
      }
      seen.add(row.item);
    });
  });

export type ProductForm = z.input<typeof productFormSchema>;
export type ProductInput = z.output<typeof productFormSchema>;

export const newBomRow: ProductForm['bom'][number] = { item: null, quantity: '1', wastage_percent: '', unit: null };

/** Spec section 9: reorder point 10, stock 0, price 0; no labour, overhead or purchase cost. */
export const newProductDefaults: ProductForm = {
  sku: '',
  product_name: '',
  category: '',
  selling_price: '0',
  unit_of_measure: 'pcs',
  stock_on_hand: '0',
  reorder_point: '10',
  bom: [],
  labour_per_unit: '',
  overhead_per_run: '',
  run_size: '',
  purchase_cost: '',
  ...itemTaxFormValues(noItemTax),
};

/** A product, its BOM and its costs being edited, as the form reads them. */
export interface EditedProduct {
  product: Product;
  bom: BomItem[];
  subassemblies: SubassemblyLine[];
  costs: ProductCosts;
  tax: ItemTax;
}

/** An amount as its optional field shows it: empty for none or 0 (the field's placeholder says 0). */
const amountText = (value: number | null) => (value === null || value === 0 ? '' : numberFieldText(value));

/**
 * The form's first values: the spec defaults for a new product, or the product as its fields show
 * it (numbers as text). Stock is not edited (update_product never edits stock: counts, sales and
 * production do), so its field is not shown and stays empty: it reads as 0, is never sent, and
 * cannot hold the form back.
 */
export function productFormDefaults(edited: EditedProduct | null): ProductForm {
  if (edited === null) return newProductDefaults;
  const { product, bom, subassemblies, costs, tax } = edited;
  return {
    sku: product.sku,
    product_name: product.product_name,
    category: product.category ?? '',
    selling_price: numberFieldText(product.selling_price),
    unit_of_measure: product.unit_of_measure as ProductForm['unit_of_measure'],
    stock_on_hand: '',
    reorder_point: numberFieldText(product.reorder_point),
    bom: [
      ...bom.map((row) => ({
        item: bomPickValue('material', row.material_id),
        quantity: numberFieldText(row.quantity),
        wastage_percent: amountText(row.wastage_percent),
        unit: null,
      })),
      ...subassemblies.map((row) => ({
        item: bomPickValue('product', row.subassembly_id),
        quantity: numberFieldText(row.quantity),
        wastage_percent: '',
        unit: null,
      })),
    ],
    labour_per_unit: amountText(costs.labour_per_unit),
    overhead_per_run: amountText(costs.overhead_per_run),
    run_size: costs.run_size === 1 ? '' : numberFieldText(costs.run_size),
    purchase_cost: costs.purchase_cost === null ? '' : numberFieldText(costs.purchase_cost),
    ...itemTaxFormValues(tax),
  };
}

/** The BOM rows as the server takes them. */
export function bomLines(rows: ProductInput['bom']): BomLineInput[] {
  return rows.map((row) => {
    const pick = readBomPick(row.item);
    return pick.kind === 'product'
      ? { product_id: pick.id, quantity: row.quantity }
      : { material_id: pick.id, quantity: row.quantity, wastage_percent: row.wastage_percent };
  });
}

/** Whether the BOM to save differs from the product's current lines, line by line. */
export function bomChanged(saved: ProductInput['bom'], edited: Pick<EditedProduct, 'bom' | 'subassemblies'>): boolean {
  const current = productFormDefaults({
    product: {
      id: '',
      sku: '',
      product_name: '',
      category: null,
      selling_price: 0,
      stock_on_hand: 0,
      reorder_point: 0,
      archived_at: null,
      unit_of_measure: 'pcs',
    },
    costs: { labour_per_unit: 0, overhead_per_run: 0, run_size: 1, purchase_cost: null },
    tax: noItemTax,
    ...edited,
  }).bom;
  return (
    saved.length !== current.length ||
    saved.some((row, index) => {
      const was = current[index]!;
      return (
        row.item !== was.item ||
        row.quantity !== Number(was.quantity) ||
        row.wastage_percent !== Number(was.wastage_percent || 0)
      );
    })
  );
}

/** Whether the costs to save differ from the product's current ones. */
export function costsChanged(saved: ProductInput, current: ProductCosts): boolean {
  return (
    saved.labour_per_unit !== current.labour_per_unit ||
    saved.overhead_per_run !== current.overhead_per_run ||
    saved.run_size !== current.run_size ||
    (saved.purchase_cost ?? null) !== current.purchase_cost
  );
}
