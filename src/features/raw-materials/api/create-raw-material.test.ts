import { describe, expect, it } from 'vitest';
import { createRawMaterialSchema, newRawMaterialDefaults } from './create-raw-material';

describe('createRawMaterialSchema', () => {
  it("starts from the spec defaults: unit 'units', reorder point 20", () => {
    expect(newRawMaterialDefaults).toMatchObject({ unit_of_measure: 'units', reorder_point: 20 });
  });

  it('requires only the material name', () => {
    const result = createRawMaterialSchema.safeParse(newRawMaterialDefaults);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Material name is required.',
    ]);
    expect(
      createRawMaterialSchema.parse({ ...newRawMaterialDefaults, material_name: 'Zip' }),
    ).toMatchObject({ material_name: 'Zip', stock_level: 0, cost_per_unit: 0 });
  });

  it('converts number inputs to numbers', () => {
    const material = createRawMaterialSchema.parse({
      ...newRawMaterialDefaults,
      material_name: 'Cotton fabric',
      cost_per_unit: '120.5',
      stock_level: '42.25',
    });
    expect(material).toMatchObject({ cost_per_unit: 120.5, stock_level: 42.25, reorder_point: 20 });
  });
});
