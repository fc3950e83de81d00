import { describe, expect, it } from 'vitest';
import type { Product } from '@/features/stock-items/api/products';
import { bomChanged, newProductDefaults, productFormDefaults, productFormSchema } from './product-form';

const messages = (input: unknown) =>
  productFormSchema
    .safeParse(input)
    .error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

const valid = { ...newProductDefaults, sku: 'A', product_name: 'B', selling_price: '1' };

describe('productFormSchema', () => {
  it('starts from the spec defaults: reorder point 10, stock 0, price 0', () => {
    expect(newProductDefaults).toMatchObject({ reorder_point: '10', stock_on_hand: '0', selling_price: '0' });
  });

  it('requires SKU, name and a selling price above zero', () => {
    expect(messages(newProductDefaults)).toEqual([
      { path: 'sku', message: 'SKU is required.' },
      { path: 'product_name', message: 'Product name is required.' },
      { path: 'selling_price', message: 'Selling price must be more than 0.' },
    ]);
  });

  it('converts number inputs and trims text before saving', () => {
    const product = productFormSchema.parse({
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

  it('refuses what the database would round or clamp, on the field', () => {
    expect(messages({ ...valid, stock_on_hand: '2.5', reorder_point: '7.5' })).toEqual([
      { path: 'stock_on_hand', message: 'Stock on hand must be a whole number.' },
      { path: 'reorder_point', message: 'Reorder point must be a whole number.' },
    ]);
    expect(messages({ ...valid, stock_on_hand: '-10', selling_price: '12.345' })).toEqual([
      { path: 'selling_price', message: 'Selling price can have at most 2 decimal places.' },
      { path: 'stock_on_hand', message: 'Stock on hand cannot be negative.' },
    ]);
  });

  it('saves an empty stock as 0 and an empty reorder point as 10', () => {
    expect(productFormSchema.parse({ ...valid, stock_on_hand: '', reorder_point: '' })).toMatchObject({
      stock_on_hand: 0,
      reorder_point: 10,
    });
  });

  it('knows the length limits of the database', () => {
    expect(messages({ ...valid, product_name: 'x'.repeat(5000), sku: 's'.repeat(65) })).toEqual([
      { path: 'sku', message: 'SKU must be at most 64 characters.' },
      { path: 'product_name', message: 'Product name must be at most 200 characters.' },
    ]);
  });

  it('requires a material and a quantity on every BOM row', () => {
    expect(messages({ ...valid, bom: [{ material_id: null, quantity: '' }] })).toEqual([
      { path: 'bom.0.material_id', message: 'Choose a material.' },
      { path: 'bom.0.quantity', message: 'Quantity is required.' },
    ]);
    expect(messages({ ...valid, bom: [{ material_id: 'cotton', quantity: '0.0001' }] })).toEqual([
      { path: 'bom.0.quantity', message: 'Quantity can have at most 3 decimal places.' },
    ]);
  });

  it('refuses the same material twice in one BOM', () => {
    const row = { material_id: 'cotton', quantity: '1' };
    expect(messages({ ...valid, bom: [row, row] })).toEqual([
      { path: 'bom.1.material_id', message: 'This material is already in the BOM.' },
    ]);
  });
});

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
const bom = [{ material_id: 'silk', quantity: 5.5 }];

describe('editing a product', () => {
  it('fills the form with the product as its fields show it', () => {
    expect(productFormDefaults({ product: saree, bom })).toEqual({
      sku: 'SAR-01',
      product_name: 'Silk Saree',
      category: '',
      selling_price: '4999.5',
      stock_on_hand: '',
      reorder_point: '10',
      bom: [{ material_id: 'silk', quantity: '5.5' }],
    });
  });

  it('saves an untouched product as it is', () => {
    const input = productFormSchema.parse(productFormDefaults({ product: saree, bom }));
    expect(input).toMatchObject({
      selling_price: 4999.5,
      reorder_point: 10,
      bom: [{ material_id: 'silk', quantity: 5.5 }],
    });
    expect(bomChanged(input.bom, bom)).toBe(false);
  });

  it('sends the BOM only when a row changed, was added or was removed', () => {
    expect(bomChanged([{ material_id: 'silk', quantity: 5.5 }], bom)).toBe(false);
    expect(bomChanged([{ material_id: 'silk', quantity: 6 }], bom)).toBe(true);
    expect(bomChanged([{ material_id: 'zari', quantity: 5.5 }], bom)).toBe(true);
    expect(bomChanged([], bom)).toBe(true);
    expect(bomChanged([...bom, { material_id: 'zari', quantity: 20 }], bom)).toBe(true);
  });
});
