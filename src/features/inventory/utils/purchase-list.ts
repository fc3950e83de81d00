import { formatQuantity, formatRupees } from '@/lib/format';
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
            `- ${line.material_name}: ${formatQuantity(line.quantity)} ${line.unit_of_measure} (${formatRupees(line.cost)})`,
        ),
        `Total: ${formatRupees(group.total)}`,
      ].join('\n'),
    )
    .join('\n\n');
}

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The list as CSV: one row per material, amounts as plain numbers with two decimals. */
export function purchaseListCsv(groups: SupplierGroup[]): string {
  const rows = [['Supplier', 'Material', 'Quantity', 'Unit', 'Cost per unit', 'Estimated cost']];
  for (const group of groups) {
    for (const line of group.lines) {
      rows.push([
        group.supplier ?? NO_SUPPLIER,
        line.material_name,
        String(line.quantity),
        line.unit_of_measure,
        String(line.cost_per_unit),
        line.cost.toFixed(2),
      ]);
    }
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
