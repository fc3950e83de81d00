import { formatPoNumber, formatQuantity } from '@/lib/format';
import type { StockMovement } from '../api/get-stock-history';

/**
 * What a ledger row means, in the owner's words: "Sold on Flipkart", "Received from Surat Mills",
 * "Counted: 3 missing". `supplier` is the material's supplier, named on receipts.
 */
export function describeMovement(movement: StockMovement, supplier: string | null = null): string {
  const platform = movement.sales_orders?.platform ?? 'a marketplace';
  const run = movement.manufacturing_orders;
  const made = run ? `${run.quantity_to_produce} ${run.product_name}` : 'a product';
  const amount = formatQuantity(Math.abs(movement.quantity));
  switch (movement.reason) {
    case 'opening_stock':
      return 'Opening stock';
    case 'purchase_receipt': {
      const order = movement.purchase_orders;
      const from = order?.suppliers?.supplier_name ?? supplier;
      const on = order ? ` on ${formatPoNumber(order.po_number)}` : '';
      return from ? `Received${on} from ${from}` : `Received${on}`;
    }
    case 'adjustment':
      return movement.quantity < 0 ? `Counted: ${amount} missing` : `Counted: ${amount} found`;
    case 'sale':
      return `Sold on ${platform}`;
    case 'sale_cancelled':
      return `Sale on ${platform} cancelled`;
    case 'sale_return':
      return `Returned from ${platform}`;
    case 'production_consumption':
      return `Used to make ${made}`;
    case 'production_cancelled':
      return `Run of ${made} cancelled`;
    case 'production_output':
      return 'Made in production';
    default:
      return movement.reason;
  }
}

/** "+5", "-3", "+0.75": the change with its sign, as the ledger records it. */
export function signedQuantity(quantity: number): string {
  return `${quantity > 0 ? '+' : '−'}${formatQuantity(Math.abs(quantity))}`;
}

/** The order a movement came from, or null for counts, opening stock and receipts without an order. */
export function sourceOrder(movement: StockMovement): string | null {
  if (movement.sales_order_id) return `Sales order ${movement.sales_order_id.slice(0, 8)}`;
  if (movement.manufacturing_order_id) return `Production run ${movement.manufacturing_order_id.slice(0, 8)}`;
  if (movement.purchase_orders) return `Purchase order ${formatPoNumber(movement.purchase_orders.po_number)}`;
  return null;
}
