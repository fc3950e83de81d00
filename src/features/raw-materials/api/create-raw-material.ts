import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { numberField } from '@/lib/form-fields';
import { invalidateTables } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export const createRawMaterialSchema = z.object({
  material_name: z.string().trim().min(1, 'Material name is required.'),
  supplier: z.string().trim(),
  cost_per_unit: numberField('Cost per unit').pipe(
    z.number().min(0, 'Cost per unit cannot be negative.'),
  ),
  stock_level: numberField('Stock level').pipe(
    z.number().min(0, 'Stock level cannot be negative.'),
  ),
  unit_of_measure: z.string().trim().min(1, 'Unit is required.'),
  reorder_point: numberField('Reorder point').pipe(
    z.number().min(0, 'Reorder point cannot be negative.'),
  ),
});

export type CreateRawMaterialForm = z.input<typeof createRawMaterialSchema>;
export type CreateRawMaterialInput = z.output<typeof createRawMaterialSchema>;

/** Spec section 9: unit 'units', reorder point 20; stock and cost start at 0. */
export const newRawMaterialDefaults: CreateRawMaterialForm = {
  material_name: '',
  supplier: '',
  cost_per_unit: 0,
  stock_level: 0,
  unit_of_measure: 'units',
  reorder_point: 20,
};

async function createRawMaterial(input: CreateRawMaterialInput) {
  const { data, error } = await supabase.rpc('create_raw_material', {
    ...input,
    supplier: input.supplier === '' ? undefined : input.supplier,
  });
  if (error) throw toUserError(error);
  return data;
}

export function useCreateRawMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRawMaterial,
    onSettled: () => invalidateTables(queryClient, ['raw_materials']),
  });
}
