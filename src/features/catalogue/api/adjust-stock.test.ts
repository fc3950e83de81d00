import { describe, expect, it } from 'vitest';
import type { StockItem } from '../item';
import { countStockSchema } from './adjust-stock';

const fabric: StockItem = {
  kind: 'material',
  id: 'm',
  name: 'Cotton fabric',
  stock: 7,
  unit: 'metres',
  whole: false,
  archived: false,
};
const kurta: StockItem = {
  kind: 'product',
  id: 'p',
  name: 'Cotton Kurta',
  stock: 1000,
  unit: 'units',
  whole: true,
  archived: false,
};
const dyedFabric: StockItem = { ...kurta, name: 'Dyed Fabric', stock: 7.5, unit: 'm', whole: false };

function messages(item: StockItem, counted: string, note = 'Monthly count') {
  return (
    countStockSchema(item)
      .safeParse({ counted, note })
      .error?.issues.map((issue) => issue.message) ?? []
  );
}

describe('countStockSchema', () => {
  it('reads the count as typed, with the material or product precision', () => {
    expect(countStockSchema(fabric).parse({ counted: '6.5', note: ' Monthly count ' })).toEqual({
      counted: 6.5,
      note: 'Monthly count',
    });
    expect(messages(fabric, '2.5')).toEqual([]);
    expect(messages(fabric, '6.5005')).toEqual(['Counted stock can have at most 3 decimal places.']);
    expect(messages(kurta, '2.5')).toEqual(['Counted stock must be a whole number.']);
    // A product in metres is counted to the millimetre (issue 45).
    expect(messages(dyedFabric, '12.345')).toEqual([]);
    expect(messages(dyedFabric, '12.3456')).toEqual(['Counted stock can have at most 3 decimal places.']);
    expect(messages(kurta, '1e3')).toEqual(['Counted stock must be a number.']);
    expect(messages(fabric, '-1')).toEqual(['Counted stock must be at least 0.']);
    expect(messages(fabric, '')).toEqual(['Counted stock is required.']);
    expect(messages(kurta, '0')).toEqual([]);
  });

  it('refuses a count that changes nothing, however it is written', () => {
    expect(messages(fabric, '7')).toEqual(['Stock is already 7.']);
    expect(messages(fabric, '7.000')).toEqual(['Stock is already 7.']);
    expect(messages(kurta, '1,000')).toEqual(['Stock is already 1,000.']);
  });

  it('asks for a reason of at most 500 characters', () => {
    expect(messages(fabric, '6', '   ')).toEqual(['A reason is required.']);
    expect(messages(fabric, '6', 'x'.repeat(501))).toEqual(['Reason must be at most 500 characters.']);
    expect(messages(fabric, '6', 'x'.repeat(500))).toEqual([]);
  });
});
