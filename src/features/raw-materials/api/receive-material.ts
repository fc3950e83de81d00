import { z } from 'zod';
import { noteField } from '@/features/catalogue/quantity-rules';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { numberField, numberFieldText, optionalNumberField, stockFieldRules } from '@/lib/form-fields';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

/** receive_material's rules, for instant feedback. */
export const receiveMaterialSchema = z.object({
  quantity: numberField(stockFieldRules.receivedQuantity),
  unit_cost: numberField(stockFieldRules.unitCost),
  gst_paid: optionalNumberField(stockFieldRules.gstPaid),
  note: noteField('Note'),
});

export type ReceiveMaterialForm = z.input<typeof receiveMaterialSchema>;
export type ReceiveMaterialInput = z.output<typeof receiveMaterialSchema>;

/** The unit cost starts at the current cost: a receipt at the same price leaves the average alone. */
export function receiveMaterialDefaults(material: RawMaterial): ReceiveMaterialForm {
  return { quantity: '', unit_cost: numberFieldText(material.cost_per_unit), gst_paid: '', note: '' };
}

/**
 * The cost per unit after receiving, as receive_material computes it (a moving average rounded
 * to the column's 4 decimal places): shown in the form before saving, the server's figure is the
 * one stored. Null while the quantity or the unit cost is not one the form would save.
 */
export function averageCostAfterReceipt(
  material: RawMaterial,
  quantity: number | null,
  unitCost: number | null,
): number | null {
  if (quantity === null || unitCost === null) return null;
  const total = material.stock_level + quantity;
  if (total <= 0) return null;
  const average = (material.stock_level * material.cost_per_unit + quantity * unitCost) / total;
  return Math.round(average * 10_000) / 10_000;
}

async function receiveMaterial(
  { material, input, locationId }: { material: RawMaterial; input: ReceiveMaterialInput; locationId?: string },
  submissionId: string,
) {
  return callRpc(
    'receive_material',
    withRequestId(
      {
        material_id: material.id,
        quantity: input.quantity,
        unit_cost: input.unit_cost,
        gst_paid: input.gst_paid,
        note: input.note === '' ? undefined : input.note,
        // Issue 45: the own place it arrives at; none is the main godown.
        location_id: locationId || undefined,
      },
      submissionId,
    ),
  );
}

export function useReceiveMaterial() {
  return useWrite({ write: receiveMaterial, tables: ['raw_materials'] });
}
