import type { Tables } from '@/lib/database.types';
import { formatQuantity } from '@/lib/format';

export type Product = Pick<
  Tables<'products'>,
  | 'id'
  | 'sku'
  | 'product_name'
  | 'category'
  | 'selling_price'
  | 'stock_on_hand'
  | 'reorder_point'
  | 'archived_at'
  | 'unit_of_measure'
>;

/** Postgres numeric columns may arrive as strings from the REST layer. */
export function toProduct(row: Product): Product {
  return {
    ...row,
    selling_price: Number(row.selling_price),
    stock_on_hand: Number(row.stock_on_hand),
    reorder_point: Number(row.reorder_point),
  };
}

/** The columns of a Product, as a select list. */
export const PRODUCT_COLUMNS =
  'id, sku, product_name, category, selling_price, stock_on_hand, reorder_point, archived_at, unit_of_measure';

/** What a product is counted in (rules.product_units): pieces, the default, or metres or kilograms. */
export const PRODUCT_UNITS = ['pcs', 'm', 'kg'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** The unit picker's choices. */
export const PRODUCT_UNIT_OPTIONS: { value: ProductUnit; label: string }[] = [
  { value: 'pcs', label: 'Pieces (pcs)' },
  { value: 'm', label: 'Metres (m)' },
  { value: 'kg', label: 'Kilograms (kg)' },
];

/** Whether quantities of a product in this unit are whole (rules.unit_decimals: pieces). */
export function countsPieces(unit: string): boolean {
  return unit === 'pcs';
}

/**
 * A quantity of a product as screens show it: pieces as a plain number, as they always were
 * ('12'), metres and kilograms with their unit ('12.5 m'), in India's number format.
 */
export function formatProductQuantity(quantity: number, unit: string): string {
  return countsPieces(unit) ? formatQuantity(quantity) : `${formatQuantity(quantity)} ${unit}`;
}
