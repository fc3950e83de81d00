import { describe, expect, it } from 'vitest';
import type { Product } from '@/features/catalogue/api/products';
import {
  bomChanged,
  costsChanged,
  newProductDefaults,
  productFormDefaults,
  productFormSchema,
  type ProductForm,
} from './product-form';

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
      { path: 'selling_price', message: 'Selling price must be at least 0.01.' },
    ]);
  });

  it('converts number inputs and trims text before saving', () => {
    const product = productFormSchema.parse({
      ...newProductDefaults,
      sku: ' KUR-01 ',
      product_name: 'Cotton Kurta',
      selling_price: '1299.5',
      stock_on_hand: '4',
      bom: [{ item: 'material:cotton', quantity: '2.5', wastage_percent: '5' }],
      labour_per_unit: '40',
    });
    expect(product).toEqual({
      sku: 'KUR-01',
      product_name: 'Cotton Kurta',
      category: '',
      selling_price: 1299.5,
      unit_of_measure: 'pcs',
      stock_on_hand: 4,
      reorder_point: 10,
      bom: [{ item: 'material:cotton', quantity: 2.5, wastage_percent: 5 }],
      labour_per_unit: 40,
      overhead_per_run: 0,
      run_size: 1,
      purchase_cost: undefined,
      hsn_code: '',
      gst_rate: '',
      rule_up_to: '',
      rule_rate: '5',
      rule_above: '18',
    });
  });

  it('refuses what the database would round or clamp, on the field', () => {
    expect(messages({ ...valid, stock_on_hand: '2.5', reorder_point: '7.5' })).toEqual([
      { path: 'reorder_point', message: 'Reorder point must be a whole number.' },
      { path: 'stock_on_hand', message: 'Stock on hand must be a whole number.' },
    ]);
    expect(messages({ ...valid, stock_on_hand: '-10', selling_price: '12.345' })).toEqual([
      { path: 'selling_price', message: 'Selling price can have at most 2 decimal places.' },
      { path: 'stock_on_hand', message: 'Stock on hand must be at least 0.' },
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
    expect(messages({ ...valid, bom: [{ item: null, quantity: '', wastage_percent: '' }] })).toEqual([
      { path: 'bom.0.item', message: 'Choose a material.' },
      { path: 'bom.0.quantity', message: 'Each BOM row needs a quantity.' },
    ]);
    expect(messages({ ...valid, bom: [{ item: 'material:cotton', quantity: '0.0001', wastage_percent: '' }] })).toEqual(
      [{ path: 'bom.0.quantity', message: 'BOM quantity must be at least 0.001.' }],
    );
  });

  it('refuses the same material twice in one BOM', () => {
    const row = { item: 'material:cotton', quantity: '1', wastage_percent: '' };
    expect(messages({ ...valid, bom: [row, row] })).toEqual([
      { path: 'bom.1.item', message: 'This material is already in the BOM.' },
    ]);
  });

  it('takes whole pieces of a sub-assembly, and wastage up to 50% on a material', () => {
    expect(
      messages({
        ...valid,
        bom: [
          { item: 'product:panels', quantity: '2.5', wastage_percent: '' },
          { item: 'material:cotton', quantity: '1', wastage_percent: '51' },
        ],
      }),
    ).toEqual([
      { path: 'bom.0.quantity', message: 'Sub-assembly quantity must be a whole number.' },
      { path: 'bom.1.wastage_percent', message: 'Wastage can be at most 50%.' },
    ]);
  });

  it("takes a part in metres to the millimetre, and opening stock in the product's unit (issue 45)", () => {
    expect(
      messages({
        ...valid,
        bom: [
          { item: 'product:dyed', quantity: '1.2', wastage_percent: '', unit: 'm' },
          { item: 'product:trim', quantity: '0.0001', wastage_percent: '', unit: 'm' },
          { item: 'product:panels', quantity: '1.2', wastage_percent: '', unit: 'pcs' },
        ],
      }),
    ).toEqual([
      { path: 'bom.1.quantity', message: 'Sub-assembly quantity must be at least 0.001.' },
      { path: 'bom.2.quantity', message: 'Sub-assembly quantity must be a whole number.' },
    ]);
    expect(productFormSchema.parse({ ...valid, unit_of_measure: 'm', stock_on_hand: '12.5' })).toMatchObject({
      unit_of_measure: 'm',
      stock_on_hand: 12.5,
    });
    expect(messages({ ...valid, stock_on_hand: '12.5' })).toEqual([
      { path: 'stock_on_hand', message: 'Stock on hand must be a whole number.' },
    ]);
    expect(messages({ ...valid, unit_of_measure: 'litre' })?.map((issue) => issue.path)).toEqual(['unit_of_measure']);
  });

  it('asks a sub-assembly for at least one piece, as update_product does', () => {
    expect(messages({ ...valid, bom: [{ item: 'product:panels', quantity: '0', wastage_percent: '' }] })).toEqual([
      { path: 'bom.0.quantity', message: 'Sub-assembly quantity must be at least 1.' },
    ]);
  });

  it('refuses a run size of 2.5 and labour in fractions of a paisa', () => {
    expect(messages({ ...valid, run_size: '2.5', labour_per_unit: '1.234' })).toEqual([
      { path: 'labour_per_unit', message: 'Labour per unit can have at most 2 decimal places.' },
      { path: 'run_size', message: 'Run size must be a whole number.' },
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
  unit_of_measure: 'pcs',
};
const bom = [{ material_id: 'silk', quantity: 5.5, wastage_percent: 0, consumption: 5.5 }];
const subassemblies = [{ subassembly_id: 'blouse', quantity: 1 }];
const costs = { labour_per_unit: 300, overhead_per_run: 0, run_size: 1, purchase_cost: null };
const tax = { hsn_code: '5007', gst_rate: null, rate_rule: { up_to: 2500, rate: 5, above: 18 } };
const edited = { product: saree, bom, subassemblies, costs, tax };

describe('editing a product', () => {
  it('fills the form with the product as its fields show it', () => {
    expect(productFormDefaults(edited)).toEqual({
      sku: 'SAR-01',
      product_name: 'Silk Saree',
      category: '',
      selling_price: '4999.5',
      unit_of_measure: 'pcs',
      stock_on_hand: '',
      reorder_point: '10',
      bom: [
        { item: 'material:silk', quantity: '5.5', wastage_percent: '', unit: null },
        { item: 'product:blouse', quantity: '1', wastage_percent: '', unit: null },
      ],
      labour_per_unit: '300',
      overhead_per_run: '',
      run_size: '',
      purchase_cost: '',
      hsn_code: '5007',
      gst_rate: 'by-price',
      rule_up_to: '2500',
      rule_rate: '5',
      rule_above: '18',
    });
  });

  it('saves an untouched product as it is', () => {
    const input = productFormSchema.parse(productFormDefaults(edited));
    expect(input).toMatchObject({
      selling_price: 4999.5,
      reorder_point: 10,
      bom: [
        { item: 'material:silk', quantity: 5.5, wastage_percent: 0 },
        { item: 'product:blouse', quantity: 1, wastage_percent: 0 },
      ],
    });
    expect(bomChanged(input.bom, edited)).toBe(false);
    expect(costsChanged(input, costs)).toBe(false);
  });

  it('sends the BOM only when a row changed, was added or was removed', () => {
    const silk = { item: 'material:silk', quantity: 5.5, wastage_percent: 0 };
    const blouse = { item: 'product:blouse', quantity: 1, wastage_percent: 0 };
    expect(bomChanged([silk, blouse], edited)).toBe(false);
    expect(bomChanged([{ ...silk, quantity: 6 }, blouse], edited)).toBe(true);
    expect(bomChanged([{ ...silk, wastage_percent: 5 }, blouse], edited)).toBe(true);
    expect(bomChanged([{ ...silk, item: 'material:zari' }, blouse], edited)).toBe(true);
    expect(bomChanged([silk], edited)).toBe(true);
    expect(bomChanged([silk, blouse, { ...silk, item: 'material:zari' }], edited)).toBe(true);
  });
});

describe("a product's tax (issue 31)", () => {
  const withTax = (tax: Partial<ProductForm>) =>
    productFormSchema.safeParse({
      ...newProductDefaults,
      sku: 'K',
      product_name: 'Kurta',
      selling_price: '999',
      ...tax,
    });
  const messages = (tax: Partial<ProductForm>) => {
    const result = withTax(tax);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('takes an HSN code of 4, 6 or 8 digits and a rate in force, or neither', () => {
    expect(messages({ hsn_code: '6204', gst_rate: '5' })).toEqual([]);
    expect(messages({ hsn_code: '', gst_rate: '' })).toEqual([]);
    expect(messages({ hsn_code: '62041', gst_rate: '5' })).toEqual([
      ['hsn_code', 'HSN code must be 4, 6 or 8 digits.'],
    ]);
    expect(messages({ hsn_code: '', gst_rate: '5' })).toEqual([['hsn_code', 'HSN code is required.']]);
    expect(messages({ hsn_code: '6204', gst_rate: '' })).toEqual([['gst_rate', 'GST rate is required.']]);
  });

  it('takes a price-dependent rate with its price and a lower rate below it', () => {
    const rule = { hsn_code: '6204', gst_rate: 'by-price', rule_up_to: '2500', rule_rate: '5', rule_above: '18' };
    expect(messages(rule)).toEqual([]);
    expect(messages({ ...rule, rule_up_to: '0' })).toEqual([
      ['rule_up_to', 'Enter the price per unit in rupees, above 0.'],
    ]);
    expect(messages({ ...rule, rule_rate: '18', rule_above: '5' })).toEqual([
      ['rule_above', "Rate rule's rate up to the price must be lower than its rate above it."],
    ]);
  });
});
