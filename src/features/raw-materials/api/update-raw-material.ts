import type { RawMaterial } from '@/features/stock-items/api/raw-materials';
import { numberFieldText } from '@/lib/form-fields';
import type { CreateRawMaterialForm, CreateRawMaterialInput } from './create-raw-material';
import { callRpc, useWrite } from '@/lib/write';

// Editing checks exactly what creating checks, so the edit form uses createRawMaterialSchema (given
// the other materials' names). Stock is not edited here (update_raw_material never edits stock:
// counts and receipts do), so the form's stock field is not shown and stays empty: it reads as 0,
// is never sent, and cannot hold the form back. Numbers fill the fields as text.
export function editRawMaterialDefaults(material: RawMaterial): CreateRawMaterialForm {
  return {
    material_name: material.material_name,
    supplier: material.supplier ?? '',
    cost_per_unit: numberFieldText(material.cost_per_unit),
    stock_level: '',
    unit_of_measure: material.unit_of_measure,
    reorder_point: numberFieldText(material.reorder_point),
  };
}

async function updateRawMaterial({ id, input }: { id: string; input: CreateRawMaterialInput }) {
  return callRpc('update_raw_material', {
    material_id: id,
    material_name: input.material_name,
    supplier: input.supplier,
    cost_per_unit: input.cost_per_unit,
    unit_of_measure: input.unit_of_measure,
    reorder_point: input.reorder_point,
  });
}

export function useUpdateRawMaterial() {
  return useWrite({ write: updateRawMaterial, tables: ['raw_materials'] });
}
