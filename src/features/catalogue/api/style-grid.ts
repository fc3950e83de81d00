import { combinations } from './style-variants';
import type { Style, StyleVariant } from './styles';

/**
 * A style laid out as a grid: the first option's values down (sizes), every combination of the
 * others across (colours); a style of one option is one row with its values across.
 */
export interface StyleGrid {
  /** The row headers: the first option's values, or one empty header for a style of one option. */
  rows: string[];
  /** The column headers: the other options' values, joined ('Blue / Cotton'), or the only option's values. */
  columns: string[];
  /** The variant in each cell, or null where the combination has none. */
  cells: (StyleVariant | null)[][];
}

export function styleGrid(style: Pick<Style, 'options' | 'variants'>): StyleGrid {
  const byValues = new Map(style.variants.map((variant) => [variant.option_values.join('\u0000'), variant]));
  const find = (values: string[]) => byValues.get(values.join('\u0000')) ?? null;
  const [first, ...others] = style.options;
  if (!first) return { rows: [], columns: [], cells: [] };
  if (others.length === 0) {
    return { rows: [''], columns: first.values, cells: [first.values.map((value) => find([value]))] };
  }
  const across = combinations(others);
  return {
    rows: first.values,
    columns: across.map((values) => values.join(' / ')),
    cells: first.values.map((value) => across.map((values) => find([value, ...values]))),
  };
}
