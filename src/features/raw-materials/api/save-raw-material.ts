import type { RawMaterial } from '@/features/stock-items/api/raw-materials';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { RawMaterialInput } from './raw-material-form';

async function createRawMaterial(input: RawMaterialInput, submissionId: string) {
  return callRpc(
    'create_raw_material',
    withRequestId({ ...input, supplier: input.supplier === '' ? undefined : input.supplier }, submissionId),
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

/** Saves the material form: a new material (create_raw_material), or the edited one (update_raw_material). */
export function useSaveRawMaterial(edited: RawMaterial | null) {
  return useWrite({
    write: (input: RawMaterialInput, submissionId) =>
      edited === null ? createRawMaterial(input, submissionId) : updateRawMaterial(edited, input),
    tables: ['raw_materials'],
  });
}
