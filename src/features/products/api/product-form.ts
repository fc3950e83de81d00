import { z } from 'zod';
import type { BomItem } from '@/features/stock-items/api/bom-items';
import type { Product } from '@/features/stock-items/api/products';
import { choiceField, numberField, numberFieldText, productFieldRules, textField } from '@/lib/form-fields';

const bomRowSchema = z.object({
  material_id: choiceField('Choose a material.'),
  quantity: numberField(productFieldRules.bomQuantity),
});

/**
 * The product form's checks, for Add New Product and Edit alike: create_product's and
 * update_product's refusals, for feedback before a save. A SKU another product has is the
 * server's answer, shown on the SKU field (it alone sees every product).
 */
export const productFormSchema = z
  .object({
    sku: textField(productFieldRules.sku),
    product_name: textField(productFieldRules.productName),
    category: textField(productFieldRules.category),
    selling_price: numberField(productFieldRules.sellingPrice),
    stock_on_hand: numberField(productFieldRules.stockOnHand),
    reorder_point: numberField(productFieldRules.reorderPoint),
    bom: z.array(bomRowSchema),
  })
  .superRefine((product, ctx) => {
    const seen = new Set<string>();
    product.bom.forEach((row, index) => {
      if (seen.has(row.material_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['bom', index, 'material_id'],
          message: 'This material is already in the BOM.',
        });
      }
      seen.add(row.material_id);
    });
  });

export type ProductForm = z.input<typeof productFormSchema>;
export type ProductInput = z.output<typeof productFormSchema>;

export const newBomRow: ProductForm['bom'][number] = { material_id: null, quantity: '1' };

/** Spec section 9: reorder point 10, stock 0, price 0. */
export const newProductDefaults: ProductForm = {
  sku: '',
  product_name: '',
  category: '',
  selling_price: '0',
  stock_on_hand: '0',
  reorder_point: '10',
  bom: [],
};

/** A product and its BOM being edited, as the form reads them. */
export interface EditedProduct {
  product: Product;
  bom: BomItem[];
}

/**
 * The form's first values: the spec defaults for a new product, or the product as its fields show
 * it (numbers as text). Stock is not edited (update_product never edits stock: counts, sales and
 * production do), so its field is not shown and stays empty: it reads as 0, is never sent, and
 * cannot hold the form back.
 */
export function productFormDefaults(edited: EditedProduct | null): ProductForm {
  if (edited === null) return newProductDefaults;
  const { product, bom } = edited;
  return {
    sku: product.sku,
    product_name: product.product_name,
    category: product.category ?? '',
    selling_price: numberFieldText(product.selling_price),
    stock_on_hand: '',
    reorder_point: numberFieldText(product.reorder_point),
    bom: bom.map((row) => ({ material_id: row.material_id, quantity: numberFieldText(row.quantity) })),
  };
}

/** Whether the BOM to save differs from the product's current rows, row by row. */
export function bomChanged(saved: ProductInput['bom'], current: BomItem[]): boolean {
  return (
    saved.length !== current.length ||
    saved.some(
      (row, index) =>
        row.material_id !== current[index]!.material_id || row.quantity !== Number(current[index]!.quantity),
    )
  );
}
