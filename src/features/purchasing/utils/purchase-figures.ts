import { lineAmount, sumAmounts } from '@/lib/money';
import type { PurchaseOrderStatus } from './purchase-status';

/**
 * Stock units in `quantity` purchase units of `unitsPer` each (2 rolls of 50 m = 100 m), computed
 * on thousandths as whole numbers so no float error shows: the server multiplies the same numerics.
 * Null when the product has more than 3 decimals, which the server refuses (stock keeps 3).
 */
export function stockUnits(quantity: number, unitsPer: number): number | null {
  const product = BigInt(Math.round(quantity * 1000)) * BigInt(Math.round(unitsPer * 1000));
  if (product % 1000n !== 0n) return null;
  return Number(product / 1000n) / 1000;
}

/** What is still due on a line, in its purchase unit (thousandths, as the columns keep them). */
export function remainingQuantity(line: { quantity: number; received_quantity: number }): number {
  return (Math.round(line.quantity * 1000) - Math.round(line.received_quantity * 1000)) / 1000;
}

/** What an order's lines were ordered for: each quantity x price rounded to the paisa, added (the printed order). */
export function orderedTotal(lines: { quantity: number; unit_price: number }[]): number {
  return sumAmounts(lines.map((line) => lineAmount(line.quantity, line.unit_price)));
}

/**
 * An order's total as list_purchase_orders gives it: what was ordered, but for an order closed short
 * (Cancelled) only what arrived (rules.purchase_order_line_quantity).
 */
export function orderTotal(
  status: PurchaseOrderStatus,
  lines: { quantity: number; received_quantity: number; unit_price: number }[],
): number {
  return orderedTotal(
    status === 'Cancelled' ? lines.map((line) => ({ ...line, quantity: line.received_quantity })) : lines,
  );
}

/**
 * The GST on a receipt at a rate, as private.require_input_tax works it out: the value received
 * before tax (quantity x price, to the paisa), then value x rate / 100 rounded to the paisa.
 */
export function gstOnReceipt(quantity: number, unitPrice: number, rate: number): { value: number; paid: number } {
  const value = lineAmount(quantity, unitPrice);
  const paise = BigInt(Math.round(value * 100)) * BigInt(Math.round(rate * 100));
  return { value, paid: Number((paise + 5_000n) / 10_000n) / 100 };
}

/**
 * The cost per stock unit after a receipt, as receive_purchase_order computes it (the moving
 * average over old and new stock at the line's price per stock unit, rounded to 4 places).
 */
export function costAfterReceipt(
  material: { stock_level: number; cost_per_unit: number },
  received: number,
  pricePerStockUnit: number,
): number {
  const total = material.stock_level + received;
  if (total <= 0) return material.cost_per_unit;
  const average = (material.stock_level * material.cost_per_unit + received * pricePerStockUnit) / total;
  return Math.round(average * 10_000) / 10_000;
}
