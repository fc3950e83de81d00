import { z } from 'zod';
import {
  choiceField,
  duplicateSkuMessage,
  findSameName,
  numberField,
  productFieldRules,
  textField,
} from '@/lib/form-fields';
import { callRpc, useWrite } from '@/lib/write';

const bomRowSchema = z.object({
  material_id: choiceField('Choose a material.'),
  quantity: numberField(productFieldRules.bomQuantity),
});

/** The Add New Product form; `existingSkus` are the user's SKUs, which a new one must not repeat. */
export function createProductSchema(existingSkus: readonly string[] = []) {
  return z
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
      const existing = findSameName(product.sku, existingSkus);
      if (existing !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['sku'], message: duplicateSkuMessage(existing) });
      }
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
}

type CreateProductSchema = ReturnType<typeof createProductSchema>;
export type CreateProductForm = z.input<CreateProductSchema>;
export type CreateProductInput = z.output<CreateProductSchema>;

export const newBomRow: CreateProductForm['bom'][number] = { material_id: null, quantity: '1' };

/** Spec section 9: reorder point 10, stock 0, price 0. */
export const newProductDefaults: CreateProductForm = {
  sku: '',
  product_name: '',
  category: '',
  selling_price: '0',
  stock_on_hand: '0',
  reorder_point: '10',
  bom: [],
};

async function createProduct(input: CreateProductInput) {
  return callRpc('create_product', {
    ...input,
    category: input.category === '' ? undefined : input.category,
  });
}

export function useCreateProduct() {
  return useWrite({ write: createProduct, tables: ['products'] });
}
