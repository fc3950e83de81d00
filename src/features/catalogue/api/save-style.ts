import { itemTaxChanged, noItemTax, type ItemTax } from '@/lib/item-tax';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { StyleInput } from './style-form';
import type { Style, StyleBomLine } from './styles';
import type { StyleOption } from './style-variants';

/** What a save did, for its notification. */
export interface SavedStyle {
  styleName: string;
  /** Variants created by this save: all of a new style's, the new values' of an edited one. */
  variantsAdded: number;
}

/** Sets every variant's HSN code and GST rate (set_item_tax by style), when the form changed them. */
async function setStyleTax(styleId: string, tax: ItemTax, current: ItemTax) {
  if (!itemTaxChanged(tax, current)) return;
  await callRpc('set_item_tax', {
    style_id: styleId,
    hsn_code: tax.hsn_code ?? undefined,
    gst_rate: tax.gst_rate ?? undefined,
    rate_rule: tax.rate_rule ?? undefined,
  });
}

async function createStyle({ tax, ...input }: StyleInput, submissionId: string): Promise<SavedStyle> {
  // An empty category is stored as none (private.optional_text).
  const created = (await callRpc('create_style', withRequestId(input, submissionId))) as {
    style_id: string;
    products: unknown[];
  };
  await setStyleTax(created.style_id, tax, noItemTax);
  return { styleName: input.style_name, variantsAdded: created.products.length };
}

/** The values the form added to each of the style's options (none can be removed). */
export function addedValues(style: Pick<Style, 'options'>, options: readonly StyleOption[]): StyleOption[] {
  return options
    .map((option, index) => ({
      name: option.name,
      values: option.values.filter((value) => !style.options[index]!.values.includes(value)),
    }))
    .filter((option) => option.values.length > 0);
}

/** A BOM line as text that is equal for equal lines, whatever order the quantities' keys come in. */
const lineKey = (line: StyleBomLine) =>
  JSON.stringify(
    'by_option' in line
      ? [line.material_id, line.by_option, Object.entries(line.quantities).sort(([a], [b]) => a.localeCompare(b))]
      : [line.material_id, line.quantity],
  );

/** Whether the BOM to save differs from the style's current lines, line by line. */
export function styleBomChanged(saved: readonly StyleBomLine[], current: readonly StyleBomLine[]): boolean {
  return saved.length !== current.length || saved.some((line, index) => lineKey(line) !== lineKey(current[index]!));
}

async function updateStyle(
  style: Style,
  input: StyleInput,
  currentTax: ItemTax,
  submissionId: string,
): Promise<SavedStyle> {
  const added = addedValues(style, input.options);
  // Sent only when needed: an untouched BOM may name a material archived since. New values of an
  // option a line follows need their quantities, which only the BOM sent with them carries.
  const bomNeeded =
    styleBomChanged(input.bom, style.bom) ||
    input.bom.some((line) => 'by_option' in line && added.some((option) => option.name === line.by_option));
  let variantsAdded = 0;
  if (added.length > 0) {
    // One submission's repeat (after update_style below failed) is answered without writing again.
    const result = (await callRpc(
      'add_style_variants',
      withRequestId({ style_id: style.style_id, options: added, bom: bomNeeded ? input.bom : undefined }, submissionId),
    )) as { products: unknown[] };
    variantsAdded = result.products.length;
  }
  await callRpc('update_style', {
    style_id: style.style_id,
    style_name: input.style_name,
    category: input.category,
    bom: bomNeeded && added.length === 0 ? input.bom : undefined,
  });
  await setStyleTax(style.style_id, input.tax, currentTax);
  return { styleName: input.style_name, variantsAdded };
}

/**
 * Saves the style form: a new style and all its variants (create_style), or the edited style:
 * the values added to its options, with their variants (add_style_variants), then its name,
 * category and BOM (update_style, which rewrites every variant's name and BOM); then, when the form
 * changed it, every variant's HSN code and GST rate (set_item_tax by style, issue 31).
 */
export function useSaveStyle(edited: Style | null, currentTax: ItemTax = noItemTax) {
  return useWrite({
    write: (input: StyleInput, submissionId) =>
      edited === null ? createStyle(input, submissionId) : updateStyle(edited, input, currentTax, submissionId),
    tables: ['products', 'bom_items', 'styles', 'item_tax_backfills'],
  });
}
