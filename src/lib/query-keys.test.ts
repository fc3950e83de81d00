import { describe, expect, it } from 'vitest';
import { buildRefreshMap, queryKeysForTables, type QueryKey } from './query-keys';

const list: QueryKey = ['list'];
const panel: QueryKey = ['panel'];
const history: QueryKey = ['history'];

describe('buildRefreshMap', () => {
  it("joins every feature's keys reading a table, and lists each key once for several tables", () => {
    const refreshMap = buildRefreshMap([
      { keys: { list, history }, reads: { products: [list, history], sales_orders: [list] } },
      { keys: { panel }, reads: { products: [panel] } },
    ]);
    expect(queryKeysForTables(refreshMap, ['products'])).toEqual([list, history, panel]);
    expect(queryKeysForTables(refreshMap, ['sales_orders', 'products'])).toEqual([list, history, panel]);
    expect(queryKeysForTables(refreshMap, ['suppliers'])).toEqual([]);
  });
});
