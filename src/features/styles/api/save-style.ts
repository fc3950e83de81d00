import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { StyleInput } from './style-form';
import type { Style } from './styles';
import type { StyleOption } from './style-variants';

/** What a save did, for its notification. */
export interface SavedStyle {
  styleName: string;
  /** Variants created by this save: all of a new style's, the new values' of an edited one. */
  variantsAdded: number;
}

async function createStyle(input: StyleInput, submissionId: string): Promise<SavedStyle> {
  const created = (await callRpc(
    'create_style',
    withRequestId({ ...input, category: input.category === '' ? undefined : input.category }, submissionId),
  )) as { products: unknown[] };
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

async function updateStyle(style: Style, input: StyleInput, submissionId: string): Promise<SavedStyle> {
  const added = addedValues(style, input.options);
  let variantsAdded = 0;
  if (added.length > 0) {
    const result = (await callRpc(
      'add_style_variants',
      withRequestId({ style_id: style.style_id, options: added }, submissionId),
    )) as { products: unknown[] };
    variantsAdded = result.products.length;
  }
  await callRpc('update_style', {
    style_id: style.style_id,
    style_name: input.style_name,
    category: input.category,
    bom: input.bom,
  });
  return { styleName: input.style_name, variantsAdded };
}

/**
 * Saves the style form: a new style and all its variants (create_style), or the edited style's
 * name, category and BOM (update_style, which rewrites every variant's BOM) with the values added
 * to its options (add_style_variants).
 */
export function useSaveStyle(edited: Style | null) {
  return useWrite({
    write: (input: StyleInput, submissionId) =>
      edited === null ? createStyle(input, submissionId) : updateStyle(edited, input, submissionId),
    tables: ['products', 'bom_items'],
  });
}
