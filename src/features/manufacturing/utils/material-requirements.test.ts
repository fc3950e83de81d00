import { describe, expect, it } from 'vitest';
import { materialRequirements, maxProducible, type StockedMaterial } from './material-requirements';

const cotton: StockedMaterial = {
  id: 'cotton',
  material_name: 'Cotton fabric',
  unit_of_measure: 'metres',
  stock_level: 25,
};
const buttons: StockedMaterial = {
  id: 'buttons',
  material_name: 'Buttons',
  unit_of_measure: 'units',
  stock_level: 100,
};

describe('materialRequirements', () => {
  it('multiplies each BOM quantity by the quantity to produce and compares with stock', () => {
    const rows = materialRequirements(
      [
        { material_id: 'cotton', quantity: 2.5 },
        { material_id: 'buttons', quantity: 6 },
      ],
      [cotton, buttons],
      10,
    );
    expect(rows).toEqual([
      {
        materialId: 'cotton',
        materialName: 'Cotton fabric',
        unit: 'metres',
        required: 25,
        available: 25,
        short: false,
      },
      {
        materialId: 'buttons',
        materialName: 'Buttons',
        unit: 'units',
        required: 60,
        available: 100,
        short: false,
      },
    ]);
  });

  it('is short as soon as one unit more is needed than is in stock', () => {
    const [row] = materialRequirements([{ material_id: 'buttons', quantity: 6 }], [buttons], 17);
    expect(row).toMatchObject({ required: 102, available: 100, short: true });
  });

  it('shows a material that cannot be found as Unknown with nothing available', () => {
    const [row] = materialRequirements([{ material_id: 'gone', quantity: 1 }], [cotton], 10);
    expect(row).toMatchObject({ materialName: 'Unknown', available: 0, required: 10, short: true });
  });

  it('does not report a shortage from floating-point noise', () => {
    const thread = { ...cotton, id: 'thread', stock_level: 0.3 };
    const [row] = materialRequirements([{ material_id: 'thread', quantity: 0.1 }], [thread], 3);
    expect(row).toMatchObject({ required: 0.3, short: false });
  });

  it('needs nothing for a product without a BOM', () => {
    expect(materialRequirements([], [cotton], 10)).toEqual([]);
  });
});

describe('maxProducible', () => {
  it('is set by the scarcest material', () => {
    const bom = [
      { material_id: 'cotton', quantity: 2.5 },
      { material_id: 'buttons', quantity: 6 },
    ];
    expect(maxProducible(bom, [cotton, buttons])).toBe(10);
    expect(maxProducible(bom, [cotton, { ...buttons, stock_level: 59 }])).toBe(9);
  });

  it('counts exact fractions as the database does, not as floats do', () => {
    // 0.3 / 0.1 is 2.9999999999999996 in floating point.
    expect(maxProducible([{ material_id: 'cotton', quantity: 0.1 }], [{ ...cotton, stock_level: 0.3 }])).toBe(3);
  });

  it('is 0 when a BOM material cannot be found, and null without a BOM', () => {
    expect(maxProducible([{ material_id: 'gone', quantity: 1 }], [cotton])).toBe(0);
    expect(maxProducible([], [cotton])).toBeNull();
  });
});
