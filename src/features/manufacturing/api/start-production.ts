import { z } from 'zod';
import { choiceField, numberField, productionFieldRules } from '@/lib/form-fields';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

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

/** A run, and the own place it consumes and makes at (issue 45; none: the main godown). */
async function startProduction(input: StartProductionInput & { location_id?: string }, submissionId: string) {
  return callRpc('start_production', withRequestId(input, submissionId));
}

export function useStartProduction() {
  // Also after a refusal: what the form showed may have been out of date.
  return useWrite({ write: startProduction, tables: ['manufacturing_orders', 'raw_materials'] });
}
