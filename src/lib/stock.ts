/**
 * Low stock means stock below the reorder point (spec section 4). The database decides this for the
 * dashboard counts; the tables mirror it so each row can be coloured.
 */
export function isLowStock(stock: number, reorderPoint: number): boolean {
  return stock < reorderPoint;
}
