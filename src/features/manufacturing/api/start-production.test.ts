import { describe, expect, it } from 'vitest';
import { newProductionDefaults, startProductionSchema } from './start-production';

describe('startProductionSchema', () => {
  it('starts from the spec default quantity of 10', () => {
    expect(newProductionDefaults).toEqual({ product_id: null, quantity_to_produce: '10' });
  });

  it('requires a product and a quantity of at least 1', () => {
    const result = startProductionSchema.safeParse({ product_id: null, quantity_to_produce: 0 });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Choose a product.',
      'Quantity to produce must be at least 1.',
    ]);
  });
});

describe('startProductionSchema refusals', () => {
  it.each([
    ['2.5', 'Quantity to produce must be a whole number.'],
    ['0', 'Quantity to produce must be at least 1.'],
    ['-3', 'Quantity to produce must be at least 1.'],
    ['-5', 'Quantity to produce must be at least 1.'],
    ['1e3', 'Quantity to produce must be a number.'],
  ])('refuses %s instead of starting a run of another size', (typed, message) => {
    const result = startProductionSchema.safeParse({ product_id: 'p1', quantity_to_produce: typed });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('startProductionSchema in metres or kilograms (issue 45)', () => {
  it.each([
    ['7.5', 7.5],
    ['0.001', 0.001],
    ['12.345', 12.345],
  ])('takes %s of a product in metres', (typed, quantity) => {
    const result = startProductionSchema.safeParse({ product_id: 'p1', quantity_to_produce: typed, unit: 'm' });
    expect(result.data).toEqual({ product_id: 'p1', quantity_to_produce: quantity });
  });

  it.each([
    ['1.0005', 'Quantity to produce can have at most 3 decimal places.'],
    ['0.0001', 'Quantity to produce must be at least 0.001.'],
    ['0', 'Quantity to produce must be at least 0.001.'],
  ])('refuses %s of a product in kilograms', (typed, message) => {
    const result = startProductionSchema.safeParse({ product_id: 'p1', quantity_to_produce: typed, unit: 'kg' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('keeps pieces whole', () => {
    const result = startProductionSchema.safeParse({ product_id: 'p1', quantity_to_produce: '2.5', unit: 'pcs' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Quantity to produce must be a whole number.']);
  });
});
