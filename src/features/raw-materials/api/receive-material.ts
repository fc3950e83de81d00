import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { numberField } from '@/lib/form-fields';
import type { RawMaterial } from '@/lib/api/raw-materials';
import { invalidateTables } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { hasAtMostThreeDecimals, noteField, withinServerLimit } from '@/features/stock-items/quantity-rules';

/** receive_material's rules, for instant feedback. */
export const receiveMaterialSchema = z.object({
  quantity: numberField('Quantity')
    .pipe(z.number().gt(0, 'Quantity must be greater than 0.').pipe(withinServerLimit('Quantity')))
    .refine(hasAtMostThreeDecimals, 'Quantity can have at most 3 decimal places.'),
  unit_cost: numberField('Unit cost').pipe(
    z.number().min(0, 'Unit cost must be at least 0.').pipe(withinServerLimit('Unit cost')),
  ),
  note: noteField('Note'),
});

export type ReceiveMaterialForm = z.input<typeof receiveMaterialSchema>;
export type ReceiveMaterialInput = z.output<typeof receiveMaterialSchema>;

/** The unit cost starts at the current cost: a receipt at the same price leaves the average alone. */
export function receiveMaterialDefaults(material: RawMaterial): ReceiveMaterialForm {
  return { quantity: '', unit_cost: material.cost_per_unit, note: '' };
}

/**
 * The cost per unit after receiving, as receive_material computes it (a moving average rounded
 * to paise): shown in the form before saving, the server's figure is the one stored.
 */
export function averageCostAfterReceipt(material: RawMaterial, quantity: number, unitCost: number): number {
  const total = material.stock_level + quantity;
  if (!(quantity > 0) || !(unitCost >= 0) || total <= 0) return material.cost_per_unit;
  return Math.round(((material.stock_level * material.cost_per_unit + quantity * unitCost) / total) * 100) / 100;
}

async function receiveMaterial({ material, input }: { material: RawMaterial; input: ReceiveMaterialInput }) {
  const { data, error } = await supabase.rpc('receive_material', {
    material_id: material.id,
    quantity: input.quantity,
    unit_cost: input.unit_cost,
    note: input.note === '' ? undefined : input.note,
  });
  if (error) throw toUserError(error);
  return data;
}

export function useReceiveMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveMaterial,
    onSettled: () => invalidateTables(queryClient, ['raw_materials']),
  });
}
