import { itemTaxChanged, itemTaxFromForm, noItemTax } from '@/lib/item-tax';
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

/**
 * Saves the combo form: a new combo (create_combo, once per submission) or the edited one
 * (update_combo); then, when they differ from what it has, its HSN code and GST rate (set_item_tax,
 * which also taxes its sales recorded without a rate, issue 42).
 */
export function useSaveCombo(edited: EditedCombo | null) {
  return useWrite({
    write: async (input: ComboInput, submissionId) => {
      const combo =
        edited === null
          ? await callRpc('create_combo', withRequestId(comboArgs(input), submissionId))
          : await callRpc('update_combo', { combo_id: edited.id, ...comboArgs(input) });
      const tax = itemTaxFromForm(input);
      if (itemTaxChanged(tax, edited?.tax ?? noItemTax)) {
        await callRpc('set_item_tax', {
          product_id: combo.id,
          hsn_code: tax.hsn_code ?? undefined,
          gst_rate: tax.gst_rate ?? undefined,
          rate_rule: tax.rate_rule ?? undefined,
        });
      }
      return combo;
    },
    tables: ['products', 'combo_components', 'sales_orders', 'item_tax_backfills'],
  });
}
