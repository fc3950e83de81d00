import { describe, expect, it } from 'vitest';
import type { StockMovement } from '../api/get-stock-history';
import { describeMovement, signedQuantity, sourceOrder } from './describe-movement';

const movement = (overrides: Partial<StockMovement>): StockMovement => ({
  id: 1,
  created_at: '2026-11-23T10:00:00Z',
  quantity: 1,
  balance_after: 1,
  reason: 'opening_stock',
  note: null,
  sales_order_id: null,
  manufacturing_order_id: null,
  sales_orders: null,
  manufacturing_orders: null,
  purchase_orders: null,
  ...overrides,
});

describe('describeMovement', () => {
  it('names sales, cancellations and returns by their platform', () => {
    const sale = { sales_order_id: 'abcdef12-0000', sales_orders: { platform: 'Flipkart' } };
    expect(describeMovement(movement({ ...sale, reason: 'sale', quantity: -2 }))).toBe('Sold on Flipkart');
    expect(describeMovement(movement({ ...sale, reason: 'sale_cancelled', quantity: 2 }))).toBe(
      'Sale on Flipkart cancelled',
    );
    expect(describeMovement(movement({ ...sale, reason: 'sale_return', quantity: 2 }))).toBe('Returned from Flipkart');
  });

  it('says how many were missing or found in a count', () => {
    expect(describeMovement(movement({ reason: 'adjustment', quantity: -3 }))).toBe('Counted: 3 missing');
    expect(describeMovement(movement({ reason: 'adjustment', quantity: 0.75 }))).toBe('Counted: 0.75 found');
  });

  it('names the supplier of a receipt when there is one', () => {
    expect(describeMovement(movement({ reason: 'purchase_receipt' }), 'Surat Mills')).toBe('Received from Surat Mills');
    expect(describeMovement(movement({ reason: 'purchase_receipt' }))).toBe('Received');
    const onOrder = movement({
      reason: 'purchase_receipt',
      purchase_orders: { po_number: 2, suppliers: { supplier_name: 'Arvind Mills' } },
    });
    expect(describeMovement(onOrder, 'Surat Mills')).toBe('Received on PO-0002 from Arvind Mills');
    expect(sourceOrder(onOrder)).toBe('Purchase order PO-0002');
  });

  it('names the run a material went into or came back from', () => {
    const run = {
      manufacturing_order_id: '12345678-9',
      manufacturing_orders: { product_name: 'Kurta', quantity_to_produce: 5 },
    };
    expect(describeMovement(movement({ ...run, reason: 'production_consumption', quantity: -10 }))).toBe(
      'Used to make 5 Kurta',
    );
    expect(describeMovement(movement({ ...run, reason: 'production_cancelled', quantity: 10 }))).toBe(
      'Run of 5 Kurta cancelled',
    );
    expect(sourceOrder(movement(run))).toBe('Production run 12345678');
  });

  it('signs quantities', () => {
    expect(signedQuantity(5)).toBe('+5');
    expect(signedQuantity(-0.5)).toBe('−0.5');
  });
});
