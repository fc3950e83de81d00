import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { choiceField, numberField } from '@/lib/form-fields';
import { invalidateTables } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

const bomRowSchema = z.object({
  material_id: choiceField('Choose a material.'),
  quantity: numberField('Quantity').pipe(z.number().positive('Quantity must be more than 0.')),
});

export const createProductSchema = z
  .object({
    sku: z.string().trim().min(1, 'SKU is required.'),
    product_name: z.string().trim().min(1, 'Product name is required.'),
    category: z.string().trim(),
    selling_price: numberField('Selling price').pipe(
      z.number().positive('Selling price must be more than 0.'),
    ),
    stock_on_hand: numberField('Stock on hand').pipe(
      z.number().int('Stock on hand must be a whole number.').min(0, 'Stock on hand cannot be negative.'),
    ),
    reorder_point: numberField('Reorder point').pipe(
      z.number().int('Reorder point must be a whole number.').min(0, 'Reorder point cannot be negative.'),
    ),
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

export type CreateProductForm = z.input<typeof createProductSchema>;
export type CreateProductInput = z.output<typeof createProductSchema>;

export const newBomRow: CreateProductForm['bom'][number] = { material_id: null, quantity: 1 };

/** Spec section 9: reorder point 10, stock 0, price 0. */
export const newProductDefaults: CreateProductForm = {
  sku: '',
  product_name: '',
  category: '',
  selling_price: 0,
  stock_on_hand: 0,
  reorder_point: 10,
  bom: [],
};

async function createProduct(input: CreateProductInput) {
  const { data, error } = await supabase.rpc('create_product', {
    ...input,
    category: input.category === '' ? undefined : input.category,
  });
  if (error) throw toUserError(error);
  return data;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSettled: () => invalidateTables(queryClient, ['products', 'bom_items']),
  });
}
