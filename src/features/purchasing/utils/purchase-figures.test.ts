import { describe, expect, it } from 'vitest';
import { costAfterReceipt, orderTotal, remainingQuantity, stockUnits } from './purchase-figures';

describe('purchase figures', () => {
  it('converts purchase units to stock units exactly, or not at all past 3 decimals', () => {
    expect(stockUnits(2, 50)).toBe(100);
    expect(stockUnits(0.5, 144)).toBe(72);
    expect(stockUnits(0.1, 0.3)).toBe(0.03);
    expect(stockUnits(0.333, 12.5)).toBeNull();
  });

  it('says what is still due on a line without float error', () => {
    expect(remainingQuantity({ quantity: 0.3, received_quantity: 0.1 })).toBe(0.2);
  });

  it('totals an order line by line to the paisa', () => {
    expect(
      orderTotal([
        { quantity: 2, unit_price: 2500 },
        { quantity: 0.5, unit_price: 50.4 },
      ]),
    ).toBe(5025.2);
  });

  it('averages the cost as receive_purchase_order does', () => {
    expect(costAfterReceipt({ stock_level: 100, cost_per_unit: 0.5 }, 72, 0.35)).toBe(0.4372);
    expect(costAfterReceipt({ stock_level: 0, cost_per_unit: 0 }, 50, 50)).toBe(50);
  });
});
