import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BomItem } from '@/features/manufacturing/api/get-bom-items';
import type { Product } from '@/lib/api/products';
import { invalidateTables } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import type { CreateProductForm, CreateProductInput } from './create-product';

// Editing checks exactly what creating checks, so the edit form uses createProductSchema; its
// stock field carries the current stock unchanged (update_product never edits stock: counts,
// sales and production do).
export function editProductDefaults(product: Product, bom: BomItem[]): CreateProductForm {
  return {
    sku: product.sku,
    product_name: product.product_name,
    category: product.category ?? '',
    selling_price: product.selling_price,
    stock_on_hand: product.stock_on_hand,
    reorder_point: product.reorder_point,
    bom: bom.map((row) => ({ material_id: row.material_id, quantity: row.quantity })),
  };
}

interface UpdateProductVariables {
  id: string;
  input: CreateProductInput;
  /** Send the BOM only when it was edited: an untouched BOM may name a material archived since. */
  bomChanged: boolean;
}

async function updateProduct({ id, input, bomChanged }: UpdateProductVariables) {
  const { data, error } = await supabase.rpc('update_product', {
    product_id: id,
    sku: input.sku,
    product_name: input.product_name,
    category: input.category,
    selling_price: input.selling_price,
    reorder_point: input.reorder_point,
    bom: bomChanged ? input.bom : undefined,
  });
  if (error) throw toUserError(error);
  return data;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSettled: () => invalidateTables(queryClient, ['products', 'bom_items']),
  });
}
