import { describe, expect, it } from 'vitest';
import { styleGrid } from './style-grid';
import type { StyleVariant } from './styles';

const variant = (option_values: string[], stock_on_hand = 0): StyleVariant => ({
  product_id: option_values.join('-'),
  sku: `KUR-${option_values.join('-')}`,
  product_name: `Kurta - ${option_values.join(' / ')}`,
  option_values,
  selling_price: 899,
  stock_on_hand,
  reorder_point: 10,
  archived_at: null,
});

describe('styleGrid', () => {
  it('puts the first option down and the others across, each cell its variant or none', () => {
    const grid = styleGrid({
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Blue', 'Red'] },
      ],
      variants: [variant(['S', 'Blue'], 4), variant(['S', 'Red']), variant(['M', 'Blue'], 12)],
    });
    expect(grid.rows).toEqual(['S', 'M']);
    expect(grid.columns).toEqual(['Blue', 'Red']);
    expect(grid.cells.map((row) => row.map((cell) => cell?.stock_on_hand ?? null))).toEqual([
      [4, 0],
      [12, null],
    ]);
  });

  it('joins the values of a second and third option across, and lays one option out as one row', () => {
    const three = styleGrid({
      options: [
        { name: 'Size', values: ['S'] },
        { name: 'Colour', values: ['Blue'] },
        { name: 'Fabric', values: ['Cotton', 'Linen'] },
      ],
      variants: [variant(['S', 'Blue', 'Linen'], 3)],
    });
    expect(three.columns).toEqual(['Blue / Cotton', 'Blue / Linen']);
    expect(three.cells[0]!.map((cell) => cell?.sku ?? null)).toEqual([null, 'KUR-S-Blue-Linen']);

    const one = styleGrid({ options: [{ name: 'Size', values: ['S', 'M'] }], variants: [variant(['M'], 7)] });
    expect(one.rows).toEqual(['']);
    expect(one.columns).toEqual(['S', 'M']);
    expect(one.cells[0]!.map((cell) => cell?.stock_on_hand ?? null)).toEqual([null, 7]);
  });
});
