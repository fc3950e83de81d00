import { describe, expect, it } from 'vitest';
import { comboFormDefaults, comboFormSchema } from './combo-form';

const combo = (components: { product_id: string | null; quantity: string }[]) => ({
  sku: 'MUG-PACK2',
  product_name: 'Clay Mug, pack of 2',
  category: '',
  selling_price: '450',
  components,
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
      }),
    ).toEqual(combo([{ product_id: 'mug', quantity: '2' }]));
  });
});
