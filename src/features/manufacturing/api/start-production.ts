import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { choiceField, numberField, productionFieldRules } from '@/lib/form-fields';
import { refreshTablesAfterWrite } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export const startProductionSchema = z.object({
  product_id: choiceField('Choose a product.'),
  quantity_to_produce: numberField(productionFieldRules.quantityToProduce),
});

export type StartProductionForm = z.input<typeof startProductionSchema>;
export type StartProductionInput = z.output<typeof startProductionSchema>;

/** Spec section 9: a new manufacturing order makes 10 by default. */
export const newProductionDefaults: StartProductionForm = {
  product_id: null,
  quantity_to_produce: '10',
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
    // Also after a refusal: what the form showed may have been out of date.
    ...refreshTablesAfterWrite(queryClient, ['manufacturing_orders', 'raw_materials']),
  });
}
