// A returns report's values as import_returns takes them. Unrecognised words are sent as written,
// for the server to refuse with its message (Kind must be rto or customer_return.), never guessed.
import type { KindRule } from './return-report-layouts';
import { normalizeOrderDate } from './order-report-values';

export type ReturnKind = 'rto' | 'customer_return';
export type ReturnCondition = 'sellable' | 'damaged' | 'wrong_item' | 'missing';

/** Compared without case, with `_` and `-` read as spaces. */
const normalizeWord = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/**
 * The words of a kind column, per kind (docs/imports.md, "Importing returns reports", has the sources):
 * Flipkart's Return Type `courier_return` (the courier brought it back: RTO) and `customer_return`,
 * also written "Courier Return"; the server's own `rto` and `customer_return`.
 */
export const returnKindWords: Record<ReturnKind, readonly string[]> = {
  rto: ['courier return', 'rto', 'return to origin'],
  customer_return: ['customer return'],
};

/**
 * The inspection words of a condition column, per condition: Amazon's FBA detailed-disposition
 * values (SELLABLE back in stock; the damaged, defective and expired ones unsellable), and the
 * server's own four words for files mapped by hand.
 */
export const returnConditionWords: Record<ReturnCondition, readonly string[]> = {
  sellable: ['sellable'],
  damaged: [
    'damaged',
    'customer damaged',
    'carrier damaged',
    'distributor damaged',
    'warehouse damaged',
    'defective',
    'expired',
  ],
  wrong_item: ['wrong item'],
  missing: ['missing'],
};

function wordLookup<Value extends string>(words: Record<Value, readonly string[]>): Map<string, Value> {
  return new Map(
    (Object.entries(words) as [Value, readonly string[]][]).flatMap(([value, list]) =>
      list.map((word) => [normalizeWord(word), value] as const),
    ),
  );
}
const kinds = wordLookup(returnKindWords);
const conditions = wordLookup(returnConditionWords);

/** The kind a row's kind cell gives under its layout's rule, or the cell as written when it names none. */
export function returnKindOf(cell: string, rule: KindRule): ReturnKind | string {
  if (rule === 'customer_return') return 'customer_return';
  // Amazon's UNDELIVERABLE_REFUSED, _UNCLAIMED, _INSUFFICIENT_ADDRESS, _FAILED_DELIVERY_ATTEMPTS…
  if (rule === 'amazon_reason') return /^undeliverable/.test(normalizeWord(cell)) ? 'rto' : 'customer_return';
  return kinds.get(normalizeWord(cell)) ?? cell.trim();
}

/** The condition a cell names, null when empty (the server's default, sellable), or the cell as written. */
export function returnConditionOf(cell: string): ReturnCondition | string | null {
  if (cell.trim() === '') return null;
  return conditions.get(normalizeWord(cell)) ?? cell.trim();
}

const IST_MS = 5.5 * 60 * 60 * 1000;

/**
 * A report's return date as the day (YYYY-MM-DD) it was in India: Amazon's
 * '2026-01-10T20:00:00+00:00' is 11 January there. Written any way the order import reads dates;
 * anything else is sent as written, for the server to refuse.
 */
export function normalizeReturnDate(text: string, dayFirst = true): string {
  const value = normalizeOrderDate(text, dayFirst);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? value : new Date(instant + IST_MS).toISOString().slice(0, 10);
}
