import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { itemTaxChanged, itemTaxFromForm, type ItemTax } from '@/lib/item-tax';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { RawMaterialInput } from './raw-material-form';

async function createRawMaterial(input: RawMaterialInput, submissionId: string) {
  return callRpc(
    'create_raw_material',
    withRequestId(
      {
        material_name: input.material_name,
        supplier: input.supplier === '' ? undefined : input.supplier,
        cost_per_unit: input.cost_per_unit,
        stock_level: input.stock_level,
        unit_of_measure: input.unit_of_measure,
        reorder_point: input.reorder_point,
      },
      submissionId,
    ),
  );
}

async function updateRawMaterial(edited: RawMaterial, input: RawMaterialInput) {
  return callRpc('update_raw_material', {
    material_id: edited.id,
    material_name: input.material_name,
    supplier: input.supplier,
    cost_per_unit: input.cost_per_unit,
    unit_of_measure: input.unit_of_measure,
    reorder_point: input.reorder_point,
  });
}

/**
 * Saves the material form: a new material (create_raw_material), or the edited one
 * (update_raw_material); then, when it differs from what the material has, its HSN code and GST
 * rate (set_item_tax).
 */
export function useSaveRawMaterial(edited: RawMaterial | null, currentTax: ItemTax) {
  return useWrite({
    write: async (input: RawMaterialInput, submissionId) => {
      const material =
        edited === null ? await createRawMaterial(input, submissionId) : await updateRawMaterial(edited, input);
      const tax = itemTaxFromForm(input);
      if (itemTaxChanged(tax, currentTax)) {
        await callRpc('set_item_tax', {
          material_id: material.id,
          hsn_code: tax.hsn_code ?? undefined,
          gst_rate: tax.gst_rate ?? undefined,
          rate_rule: tax.rate_rule ?? undefined,
        });
      }
      return material;
    },
    tables: ['raw_materials'],
  });
}
