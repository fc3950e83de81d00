import { describe, expect, it } from 'vitest';
import { importedMessage, orderCount } from './import-orders-count';

const lines = (...ids: string[]) => ids.map((external_order_id) => ({ external_order_id }));

describe('orderCount', () => {
  it('counts orders by their order id and names the lines when there are more', () => {
    expect(orderCount(lines('A', 'A', 'B', 'C'))).toBe('3 orders (4 lines)');
    expect(orderCount(lines('A', 'A'))).toBe('1 order (2 lines)');
    expect(orderCount(lines('A', 'B'))).toBe('2 orders');
    expect(orderCount(lines('A'))).toBe('1 order');
    expect(orderCount([])).toBe('0 orders');
  });
});

describe('importedMessage', () => {
  it('counts what was sent as orders when all of it went in', () => {
    expect(importedMessage(lines('A', 'A', 'B', 'C'), { created: 4, skipped: 0 })).toBe('Imported 3 orders (4 lines).');
  });

  it('gives the server’s line counts when some lines were imported meanwhile', () => {
    expect(importedMessage(lines('A', 'A', 'B'), { created: 2, skipped: 1 })).toBe(
      'Imported 2 lines; 1 line was already imported and skipped.',
    );
  });
});
