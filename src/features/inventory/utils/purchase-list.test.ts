import { describe, expect, it } from 'vitest';
import type { PurchaseSuggestion } from '../api/get-what-to-buy';
import { groupBySupplier, purchaseListCsv, purchaseListText } from './purchase-list';

const suggestion = (overrides: Partial<PurchaseSuggestion>): PurchaseSuggestion => ({
  id: 'm',
  material_name: 'Material',
  supplier_id: null,
  supplier: null,
  unit_of_measure: 'units',
  stock_level: 0,
  reorder_point: 10,
  on_order: 0,
  suggested_quantity: 20,
  purchase_unit: 'units',
  units_per_purchase_unit: 1,
  purchase_quantity: 20,
  cost_per_unit: 1,
  estimated_cost: 20,
  ...overrides,
});

const suggestions = [
  suggestion({
    id: 'cotton',
    material_name: 'Cotton Fabric',
    supplier: 'Arvind Mills',
    unit_of_measure: 'm',
    suggested_quantity: 87.5,
    cost_per_unit: 120.5,
  }),
  suggestion({
    id: 'thread',
    material_name: 'Thread',
    supplier: 'Arvind Mills',
    unit_of_measure: 'spools',
    cost_per_unit: 0.75,
  }),
  suggestion({
    id: 'labels',
    material_name: '=HYPERLINK("x"), "woven"',
    supplier: null,
    suggested_quantity: 3,
    cost_per_unit: 0.1,
  }),
];

describe('groupBySupplier', () => {
  it('groups in the server order, prices each line at the suggested quantity and totals each supplier', () => {
    const groups = groupBySupplier(suggestions, new Map());
    expect(groups.map((group) => [group.supplier, group.lines.map((line) => line.cost), group.total])).toEqual([
      ['Arvind Mills', [10543.75, 15], 10558.75],
      [null, [0.3], 0.3],
    ]);
  });

  it("uses the owner's quantity where they changed it", () => {
    const groups = groupBySupplier(suggestions, new Map([['thread', 100]]));
    expect(groups[0]!.lines[1]).toMatchObject({ quantity: 100, cost: 75 });
    expect(groups[0]!.total).toBe(10618.75);
  });
});

describe('the list to send', () => {
  const groups = groupBySupplier(suggestions, new Map());

  it('reads as text, one block per supplier, with rupees in Indian grouping', () => {
    expect(purchaseListText(groups)).toBe(
      [
        'Arvind Mills',
        '- Cotton Fabric: 87.5 m (₹10,543.75)',
        '- Thread: 20 spools (₹15.00)',
        'Total: ₹10,558.75',
        '',
        'No supplier',
        '- =HYPERLINK("x"), "woven": 3 units (₹0.30)',
        'Total: ₹0.30',
      ].join('\n'),
    );
  });

  it('is CSV a spreadsheet reads as data: quoted where needed, no formulas', () => {
    expect(purchaseListCsv(groups).split('\r\n')).toEqual([
      '\uFEFFSupplier,Material,Quantity,Unit,Cost per unit,Estimated cost',
      'Arvind Mills,Cotton Fabric,87.5,m,120.5,10543.75',
      'Arvind Mills,Thread,20,spools,0.75,15.00',
      `No supplier,"'=HYPERLINK(""x""), ""woven""",3,units,0.1,0.30`,
      '',
    ]);
  });
});
