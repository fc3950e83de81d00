import { describe, expect, it } from 'vitest';
import { createProductSchema, newProductDefaults } from './create-product';

const messages = (input: unknown) =>
  createProductSchema.safeParse(input).error?.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));

describe('createProductSchema', () => {
  it('starts from the spec defaults: reorder point 10, stock 0, price 0', () => {
    expect(newProductDefaults).toMatchObject({ reorder_point: 10, stock_on_hand: 0, selling_price: 0 });
  });

  it('requires SKU, name and a selling price above zero', () => {
    expect(messages(newProductDefaults)).toEqual([
      { path: 'sku', message: 'SKU is required.' },
      { path: 'product_name', message: 'Product name is required.' },
      { path: 'selling_price', message: 'Selling price must be more than 0.' },
    ]);
  });

  it('converts number inputs and trims text before saving', () => {
    const product = createProductSchema.parse({
      ...newProductDefaults,
      sku: ' KUR-01 ',
      product_name: 'Cotton Kurta',
      selling_price: '1299.5',
      stock_on_hand: '4',
      bom: [{ material_id: 'cotton', quantity: '2.5' }],
    });
    expect(product).toEqual({
      sku: 'KUR-01',
      product_name: 'Cotton Kurta',
      category: '',
      selling_price: 1299.5,
      stock_on_hand: 4,
      reorder_point: 10,
      bom: [{ material_id: 'cotton', quantity: 2.5 }],
    });
  });

  it('requires a material and a quantity on every BOM row', () => {
    const valid = { ...newProductDefaults, sku: 'A', product_name: 'B', selling_price: 1 };
    expect(messages({ ...valid, bom: [{ material_id: null, quantity: '' }] })).toEqual([
      { path: 'bom.0.material_id', message: 'Choose a material.' },
      { path: 'bom.0.quantity', message: 'Quantity is required.' },
    ]);
  });

  it('refuses the same material twice in one BOM', () => {
    const valid = { ...newProductDefaults, sku: 'A', product_name: 'B', selling_price: 1 };
    const row = { material_id: 'cotton', quantity: 1 };
    expect(messages({ ...valid, bom: [row, row] })).toEqual([
      { path: 'bom.1.material_id', message: 'This material is already in the BOM.' },
    ]);
  });
});
