import { describe, expect, it } from 'vitest';
import {
  batchBom,
  limitingItem,
  materialRequirements,
  maxProducible,
  requirementInputs,
  type StockedMaterial,
} from './material-requirements';

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

  it('rounds down to the millimetre for a product in metres (issue 45)', () => {
    // 25 m of fabric at 1.1 m a metre makes 22.7272... m: 22.727, never 22.728.
    expect(maxProducible([{ material_id: 'cotton', quantity: 1.1 }], [cotton], 3)).toBe(22.727);
    expect(maxProducible([{ material_id: 'cotton', quantity: 1.1 }], [cotton])).toBe(22);
  });

  it('is 0 when a BOM material cannot be found, and null without a BOM', () => {
    expect(maxProducible([{ material_id: 'gone', quantity: 1 }], [cotton])).toBe(0);
    expect(maxProducible([], [cotton])).toBeNull();
  });
});

describe('batchBom', () => {
  const lines = [
    { product_id: 'kurta-s', material_id: 'cotton', quantity: 1.8 },
    { product_id: 'kurta-s', material_id: 'buttons', quantity: 6 },
    { product_id: 'kurta-xl', material_id: 'cotton', quantity: 2.5 },
    { product_id: 'kurta-xl', material_id: 'buttons', quantity: 6 },
  ];

  it('sums each material over every run of the batch, as start_production_batch checks it', () => {
    const bom = batchBom(lines, [
      { product_id: 'kurta-s', quantity_to_produce: 10 },
      { product_id: 'kurta-xl', quantity_to_produce: 3 },
    ]);
    expect(bom).toEqual([
      { material_id: 'cotton', quantity: 25.5 },
      { material_id: 'buttons', quantity: 78 },
    ]);
    expect(materialRequirements(bom, [cotton, buttons], 1).map((row) => [row.required, row.short])).toEqual([
      [25.5, true],
      [78, false],
    ]);
  });

  it('lists every material at 0 before any quantity is typed, and adds without float noise', () => {
    expect(batchBom(lines, [])).toEqual([
      { material_id: 'cotton', quantity: 0 },
      { material_id: 'buttons', quantity: 0 },
    ]);
    const tenths = [{ product_id: 'p', material_id: 'thread', quantity: 0.1 }];
    expect(batchBom(tenths, [{ product_id: 'p', quantity_to_produce: 3 }])).toEqual([
      { material_id: 'thread', quantity: 0.3 },
    ]);
  });
});

describe('a BOM with wastage and sub-assemblies (issue 33)', () => {
  const kurtaBom = {
    lines: [{ material_id: 'cotton', quantity: 1.5, wastage_percent: 6, consumption: 1.59 }],
    materials: [{ ...cotton, supplier: null, cost_per_unit: 150, reorder_point: 5, archived_at: null }],
    subassemblies: [{ subassembly_id: 'panels', quantity: 2 }],
    products: [
      {
        id: 'panels',
        sku: 'PNL-01',
        product_name: 'Cut Panels',
        category: null,
        selling_price: 400,
        stock_on_hand: 7,
        reorder_point: 0,
        archived_at: null,
        unit_of_measure: 'pcs',
      },
    ],
  };

  it('requires each material at its consumption and each sub-assembly in pieces from its stock', () => {
    const { lines, items } = requirementInputs(kurtaBom);
    expect(
      materialRequirements(lines, items, 4).map((row) => [
        row.materialName,
        row.unit,
        row.required,
        row.available,
        row.short,
      ]),
    ).toEqual([
      ['Cotton fabric', 'metres', 6.36, 25, false],
      ['Cut Panels', 'pieces', 8, 7, true],
    ]);
  });

  it('can start as many as the scarcest item allows now, and names it', () => {
    const { lines, items } = requirementInputs(kurtaBom);
    // Cotton: 25 / 1.59 = 15; panels: 7 / 2 = 3.
    expect(maxProducible(lines, items)).toBe(3);
    expect(limitingItem(lines, items)).toBe('Cut Panels');
  });
});
