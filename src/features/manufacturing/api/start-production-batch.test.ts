import { describe, expect, it } from 'vitest';
import { styleBatchSchema } from './start-production-batch';

const issues = (input: unknown) =>
  styleBatchSchema
    .safeParse(input)
    .error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('styleBatchSchema', () => {
  it('makes a run of every variant with a quantity, skipping empty, untouched and 0 ones', () => {
    expect(
      styleBatchSchema.parse({ style_id: 'kurta', quantities: { s: '10', m: '20', l: '', xl: '0', xxl: undefined } }),
    ).toEqual([
      { product_id: 's', quantity_to_produce: 10 },
      { product_id: 'm', quantity_to_produce: 20 },
    ]);
  });

  it('refuses a fraction on its variant, no style, and a batch of nothing', () => {
    expect(issues({ style_id: 'kurta', quantities: { s: '2.5', m: '-1' } })).toEqual([
      { path: 'quantities.s', message: 'Quantity must be a whole number.' },
      { path: 'quantities.m', message: 'Quantity must be at least 0.' },
    ]);
    expect(issues({ style_id: null, quantities: {} })).toEqual([{ path: 'style_id', message: 'Choose a style.' }]);
    expect(issues({ style_id: 'kurta', quantities: { s: '' } })).toEqual([
      { path: 'quantities', message: 'Enter how many to make of at least one variant.' },
    ]);
  });
});
