import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { choiceField, numberField } from '@/lib/form-fields';
import { invalidateTables } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export const startProductionSchema = z.object({
  product_id: choiceField('Choose a product.'),
  quantity_to_produce: numberField('Quantity to produce').pipe(
    z
      .number()
      .int('Quantity to produce must be a whole number.')
      .min(1, 'Quantity to produce must be at least 1.'),
  ),
});

export type StartProductionForm = z.input<typeof startProductionSchema>;
export type StartProductionInput = z.output<typeof startProductionSchema>;

/** Spec section 9: a new manufacturing order makes 10 by default. */
export const newProductionDefaults: StartProductionForm = {
  product_id: null,
  quantity_to_produce: 10,
};

async function startProduction(input: StartProductionInput) {
  const { data, error } = await supabase.rpc('start_production', input);
  if (error) throw toUserError(error);
  return data;
}

export function useStartProduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startProduction,
    // Also after a refusal: the material stock we showed was out of date.
    onSettled: () => invalidateTables(queryClient, ['manufacturing_orders', 'raw_materials']),
  });
}
