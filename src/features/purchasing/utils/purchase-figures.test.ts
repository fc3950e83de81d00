import { describe, expect, it } from 'vitest';
import {
  costAfterReceipt,
  gstOnReceipt,
  orderedTotal,
  orderTotal,
  remainingQuantity,
  stockUnits,
} from './purchase-figures';

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
      orderedTotal([
        { quantity: 2, unit_price: 2500 },
        { quantity: 0.5, unit_price: 50.4 },
      ]),
    ).toBe(5025.2);
  });

  it('totals an order closed short at what arrived: 1 of 3 packets at 333.33 is 333.33, not 999.99', () => {
    const lines = [{ quantity: 3, received_quantity: 1, unit_price: 333.33 }];
    expect(orderTotal('Partially received', lines)).toBe(999.99);
    expect(orderTotal('Cancelled', lines)).toBe(333.33);
  });

  it('works out the GST on a receipt as the server does: 1 x 333.33 at 18% is 59.9994, so 60.00', () => {
    expect(gstOnReceipt(1, 333.33, 18)).toEqual({ value: 333.33, paid: 60 });
    // 60 m at Rs 100 at 5%: 6,000.00 and 300.00; 3 at Rs 10.01 at 0.25%: 30.03 and 0.075075, so 0.08.
    expect(gstOnReceipt(60, 100, 5)).toEqual({ value: 6000, paid: 300 });
    expect(gstOnReceipt(3, 10.01, 0.25)).toEqual({ value: 30.03, paid: 0.08 });
  });

  it('averages the cost as receive_purchase_order does', () => {
    expect(costAfterReceipt({ stock_level: 100, cost_per_unit: 0.5 }, 72, 0.35)).toBe(0.4372);
    expect(costAfterReceipt({ stock_level: 0, cost_per_unit: 0 }, 50, 50)).toBe(50);
  });
});
