import { lineAmount, sumAmounts } from '@/lib/money';

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

/** An order's total: each line's quantity x price rounded to the paisa, as list_purchase_orders adds them. */
export function orderTotal(lines: { quantity: number; unit_price: number }[]): number {
  return sumAmounts(lines.map((line) => lineAmount(line.quantity, line.unit_price)));
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
