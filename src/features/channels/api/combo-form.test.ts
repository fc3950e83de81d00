import { describe, expect, it } from 'vitest';
import { itemTaxFormValues, noItemTax } from '@/lib/item-tax';
import { comboFormDefaults, comboFormSchema } from './combo-form';

const combo = (components: { product_id: string | null; quantity: string }[]) => ({
  sku: 'MUG-PACK2',
  product_name: 'Clay Mug, pack of 2',
  category: '',
  selling_price: '450',
  components,
  ...itemTaxFormValues(noItemTax),
});
const messages = (input: unknown) => {
  const result = comboFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('comboFormSchema', () => {
  it('takes a pack of 2 as create_combo takes it: whole quantities, product ids', () => {
    expect(comboFormSchema.parse(combo([{ product_id: 'mug', quantity: '2' }]))).toEqual({
      sku: 'MUG-PACK2',
      product_name: 'Clay Mug, pack of 2',
      category: '',
      selling_price: 450,
      components: [{ product_id: 'mug', quantity: 2 }],
      ...itemTaxFormValues(noItemTax),
    });
  });

  it('refuses a part without a product, a fraction, a product listed twice and no part at all', () => {
    expect(messages(combo([{ product_id: null, quantity: '2' }]))).toEqual([
      'components.0.product_id: Choose a product.',
    ]);
    expect(messages(combo([{ product_id: 'mug', quantity: '2.5' }]))).toEqual([
      'components.0.quantity: Quantity must be a whole number.',
    ]);
    expect(
      messages(
        combo([
          { product_id: 'mug', quantity: '1' },
          { product_id: 'mug', quantity: '1' },
        ]),
      ),
    ).toEqual(['components.1.product_id: This product is already a part.']);
    expect(messages(combo([]))).toEqual(['components: A combo needs at least one part.']);
  });

  it('fills an edited combo from its parts', () => {
    expect(
      comboFormDefaults({
        id: 'pack',
        sku: 'MUG-PACK2',
        product_name: 'Clay Mug, pack of 2',
        category: null,
        selling_price: 450,
        components: [{ product_id: 'mug', quantity: 2 }],
        tax: noItemTax,
      }),
    ).toEqual(combo([{ product_id: 'mug', quantity: '2' }]));
  });

  it("fills an edited combo's own HSN code and price rule (issue 42)", () => {
    const tax = { hsn_code: '6211', gst_rate: null, rate_rule: { up_to: 2500, rate: 5, above: 18 } };
    expect(
      comboFormDefaults({
        id: 'pack',
        sku: 'KUR-PACK3',
        product_name: 'Kurta pack of 3',
        category: null,
        selling_price: 1799,
        components: [{ product_id: 'kurta', quantity: 3 }],
        tax,
      }),
    ).toMatchObject({ hsn_code: '6211', gst_rate: 'by-price', rule_up_to: '2500', rule_rate: '5', rule_above: '18' });
  });

  it('checks its tax as set_item_tax does: an HSN code of 4, 6 or 8 digits, and a rate with it', () => {
    expect(messages({ ...combo([{ product_id: 'mug', quantity: '2' }]), hsn_code: '62052', gst_rate: '5' })).toEqual([
      'hsn_code: HSN code must be 4, 6 or 8 digits.',
    ]);
    expect(messages({ ...combo([{ product_id: 'mug', quantity: '2' }]), hsn_code: '6211' })).toEqual([
      'gst_rate: GST rate is required.',
    ]);
  });
});
