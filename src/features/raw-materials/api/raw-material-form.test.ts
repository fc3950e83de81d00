import { itemTaxFormValues, noItemTax } from '@/lib/item-tax';
import { describe, expect, it } from 'vitest';
import { newRawMaterialDefaults, rawMaterialFormSchema } from './raw-material-form';

const messages = (input: unknown) => rawMaterialFormSchema.safeParse(input).error?.issues.map((issue) => issue.message);

describe('rawMaterialFormSchema', () => {
  it("starts from the spec defaults: unit 'units', reorder point 20", () => {
    expect(newRawMaterialDefaults).toMatchObject({ unit_of_measure: 'units', reorder_point: '20' });
  });

  it('requires only the material name', () => {
    expect(messages(newRawMaterialDefaults)).toEqual(['Material name is required.']);
    expect(rawMaterialFormSchema.parse({ ...newRawMaterialDefaults, material_name: 'Zip' })).toMatchObject({
      material_name: 'Zip',
      stock_level: 0,
      cost_per_unit: 0,
    });
  });

  it("saves an empty unit as 'units', an empty cost or stock as 0, an empty reorder point as 20", () => {
    expect(
      rawMaterialFormSchema.parse({
        material_name: 'Zip',
        supplier: '',
        cost_per_unit: '',
        stock_level: '',
        unit_of_measure: '  ',
        reorder_point: '',
        ...itemTaxFormValues(noItemTax),
      }),
    ).toMatchObject({
      material_name: 'Zip',
      supplier: '',
      cost_per_unit: 0,
      stock_level: 0,
      unit_of_measure: 'units',
      reorder_point: 20,
    });
  });

  it('keeps a cost of ₹0.125 and fractional stock exactly', () => {
    const material = rawMaterialFormSchema.parse({
      ...newRawMaterialDefaults,
      material_name: 'Shirt button',
      cost_per_unit: '0.125',
      stock_level: '42.25',
    });
    expect(material).toMatchObject({ cost_per_unit: 0.125, stock_level: 42.25, reorder_point: 20 });
  });

  it('refuses a negative cost or more decimals than the database keeps', () => {
    expect(messages({ ...newRawMaterialDefaults, material_name: 'A', cost_per_unit: '-5' })).toEqual([
      'Cost per unit must be at least 0.',
    ]);
    expect(messages({ ...newRawMaterialDefaults, material_name: 'A', cost_per_unit: '1.23456' })).toEqual([
      'Cost per unit can have at most 4 decimal places.',
    ]);
  });
});
