import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { ComboInput, EditedCombo } from './combo-form';

/** The combo as create_combo and update_combo take it. */
const comboArgs = (input: ComboInput) => ({
  sku: input.sku,
  product_name: input.product_name,
  category: input.category,
  selling_price: input.selling_price,
  components: input.components,
});

/** Saves the combo form: a new combo (create_combo, once per submission) or the edited one (update_combo). */
export function useSaveCombo(edited: EditedCombo | null) {
  return useWrite({
    write: async (input: ComboInput, submissionId) =>
      edited === null
        ? callRpc('create_combo', withRequestId(comboArgs(input), submissionId))
        : callRpc('update_combo', { combo_id: edited.id, ...comboArgs(input) }),
    tables: ['products', 'combo_components'],
  });
}
