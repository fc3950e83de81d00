import { describe, expect, it } from 'vitest';
import type { Product } from '@/features/stock-items/api/products';
import { createProductSchema } from './create-product';
import { bomChanged, editProductDefaults } from './update-product';

const saree: Product = {
  id: 'saree',
  sku: 'SAR-01',
  product_name: 'Silk Saree',
  category: null,
  selling_price: 4999.5,
  stock_on_hand: 4,
  reorder_point: 10,
  archived_at: null,
};
const bom = [{ product_id: 'saree', material_id: 'silk', quantity: 5.5 }];

describe('editing a product', () => {
  it('fills the form with the product as its fields show it', () => {
    expect(editProductDefaults(saree, bom)).toEqual({
      sku: 'SAR-01',
      product_name: 'Silk Saree',
      category: '',
      selling_price: '4999.5',
      stock_on_hand: '',
      reorder_point: '10',
      bom: [{ material_id: 'silk', quantity: '5.5' }],
    });
  });

  it('saves an untouched product as it is; its own SKU is no duplicate, another product’s is', () => {
    const schema = createProductSchema(['KUR-01']);
    const input = schema.parse(editProductDefaults(saree, bom));
    expect(input).toMatchObject({
      selling_price: 4999.5,
      reorder_point: 10,
      bom: [{ material_id: 'silk', quantity: 5.5 }],
    });
    expect(bomChanged(input.bom, bom)).toBe(false);

    const taken = schema.safeParse({ ...editProductDefaults(saree, bom), sku: ' kur-01 ' });
    expect(taken.error?.issues.map((issue) => issue.message)).toEqual(['A product with SKU KUR-01 already exists.']);
  });

  it('sends the BOM only when a row changed, was added or was removed', () => {
    expect(bomChanged([{ material_id: 'silk', quantity: 5.5 }], bom)).toBe(false);
    expect(bomChanged([{ material_id: 'silk', quantity: 6 }], bom)).toBe(true);
    expect(bomChanged([{ material_id: 'zari', quantity: 5.5 }], bom)).toBe(true);
    expect(bomChanged([], bom)).toBe(true);
    expect(bomChanged([...bom, { material_id: 'zari', quantity: 20 }], bom)).toBe(true);
  });
});
