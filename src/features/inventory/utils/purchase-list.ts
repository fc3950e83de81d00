import { toCsv, type CsvColumn } from '@/lib/csv';
import { formatQuantityWithUnit, formatRupees } from '@/lib/format';
import { lineAmount, sumAmounts } from '@/lib/money';
import type { PurchaseSuggestion } from '../api/get-what-to-buy';

/** One line of the list to send, with the quantity the owner settled on. */
export interface PurchaseLine extends PurchaseSuggestion {
  quantity: number;
  cost: number;
}

export interface SupplierGroup {
  /** Null: materials without a supplier, listed last. */
  supplier: string | null;
  lines: PurchaseLine[];
  total: number;
}

export const NO_SUPPLIER = 'No supplier';

/**
 * The suggestions grouped by supplier (in the server's order), each line at the owner's quantity
 * (the suggestion unless changed) and its cost at the current cost per unit, with a total per supplier.
 */
export function groupBySupplier(
  suggestions: PurchaseSuggestion[],
  quantities: ReadonlyMap<string, number>,
): SupplierGroup[] {
  const groups = new Map<string | null, PurchaseLine[]>();
  for (const suggestion of suggestions) {
    const quantity = quantities.get(suggestion.id) ?? suggestion.suggested_quantity;
    const line = { ...suggestion, quantity, cost: lineAmount(quantity, suggestion.cost_per_unit) };
    groups.set(suggestion.supplier, [...(groups.get(suggestion.supplier) ?? []), line]);
  }
  return [...groups].map(([supplier, lines]) => ({
    supplier,
    lines,
    total: sumAmounts(lines.map((line) => line.cost)),
  }));
}

/** The list as plain text, one block per supplier, for pasting into a message or an email. */
export function purchaseListText(groups: SupplierGroup[]): string {
  return groups
    .map((group) =>
      [
        group.supplier ?? NO_SUPPLIER,
        ...group.lines.map(
          (line) =>
            `- ${line.material_name}: ${formatQuantityWithUnit(line.quantity, line.unit_of_measure)} (${formatRupees(line.cost)})`,
        ),
        `Total: ${formatRupees(group.total)}`,
      ].join('\n'),
    )
    .join('\n\n');
}

/** The purchase list's CSV columns (listed with their bases in src/test/money-columns.test.ts). */
export const purchaseListColumns: CsvColumn<PurchaseLine & { supplier_name: string }>[] = [
  { header: 'Supplier', kind: 'text', value: (line) => line.supplier_name },
  { header: 'Material', kind: 'text', value: (line) => line.material_name },
  { header: 'Quantity', kind: 'number', value: (line) => line.quantity },
  { header: 'Unit', kind: 'text', value: (line) => line.unit_of_measure },
  { header: 'Cost per unit', kind: 'number', value: (line) => line.cost_per_unit },
  { header: 'Estimated cost', kind: 'amount', value: (line) => line.cost },
];

/** The list as CSV (the app's one writer): one row per material, amounts as plain numbers. */
export function purchaseListCsv(groups: SupplierGroup[]): string {
  const lines = groups.flatMap((group) =>
    group.lines.map((line) => ({ ...line, supplier_name: group.supplier ?? NO_SUPPLIER })),
  );
  return toCsv(purchaseListColumns, lines);
}
