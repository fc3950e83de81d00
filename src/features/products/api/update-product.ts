import type { BomItem } from '@/features/stock-items/api/bom-items';
import type { Product } from '@/features/stock-items/api/products';
import { numberFieldText } from '@/lib/form-fields';
import type { CreateProductForm, CreateProductInput } from './create-product';
import { callRpc, useWrite } from '@/lib/write';

// Editing checks exactly what creating checks, so the edit form uses createProductSchema (given the
// other products' SKUs). Stock is not edited here (update_product never edits stock: counts, sales
// and production do), so the form's stock field is not shown and stays empty: it reads as 0, is
// never sent, and cannot hold the form back. Numbers fill the fields as text.
export function editProductDefaults(product: Product, bom: BomItem[]): CreateProductForm {
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
export function bomChanged(saved: CreateProductInput['bom'], current: BomItem[]): boolean {
  return (
    saved.length !== current.length ||
    saved.some(
      (row, index) =>
        row.material_id !== current[index]!.material_id || row.quantity !== Number(current[index]!.quantity),
    )
  );
}

interface UpdateProductVariables {
  id: string;
  input: CreateProductInput;
  /** Send the BOM only when it was edited: an untouched BOM may name a material archived since. */
  bomChanged: boolean;
}

async function updateProduct({ id, input, bomChanged }: UpdateProductVariables) {
  return callRpc('update_product', {
    product_id: id,
    sku: input.sku,
    product_name: input.product_name,
    category: input.category,
    selling_price: input.selling_price,
    reorder_point: input.reorder_point,
    bom: bomChanged ? input.bom : undefined,
  });
}

export function useUpdateProduct() {
  return useWrite({ write: updateProduct, tables: ['products', 'bom_items'] });
}
