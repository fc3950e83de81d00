import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { EditedProduct, ProductInput } from './product-form';
import { bomChanged } from './product-form';

async function createProduct(input: ProductInput, submissionId: string) {
  return callRpc(
    'create_product',
    withRequestId({ ...input, category: input.category === '' ? undefined : input.category }, submissionId),
  );
}

async function updateProduct({ edited, input }: { edited: EditedProduct; input: ProductInput }) {
  return callRpc('update_product', {
    product_id: edited.product.id,
    sku: input.sku,
    product_name: input.product_name,
    category: input.category,
    selling_price: input.selling_price,
    reorder_point: input.reorder_point,
    // Send the BOM only when it was edited: an untouched BOM may name a material archived since.
    bom: bomChanged(input.bom, edited.bom) ? input.bom : undefined,
  });
}

/** Saves the product form: a new product (create_product), or the edited one (update_product). */
export function useSaveProduct(edited: EditedProduct | null) {
  return useWrite({
    write: (input: ProductInput, submissionId) =>
      edited === null ? createProduct(input, submissionId) : updateProduct({ edited, input }),
    tables: ['products', 'bom_items'],
  });
}
