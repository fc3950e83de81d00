import { z } from 'zod';
import { countsPieces } from '@/features/catalogue/api/products';
import { checked, choiceField, numberField, productionFieldRules } from '@/lib/form-fields';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

/** A run's quantity rules in its product's unit (issue 45): whole pieces, or 3 decimals of a metre or kilogram. */
export function quantityToProduceRules(unit: string) {
  return countsPieces(unit) ? productionFieldRules.quantityToProduce : productionFieldRules.measuredQuantityToProduce;
}

/**
 * A run: the product and the quantity, checked in the product's unit. unit is the chosen product's,
 * as the form learns it once the product is read (until then, and absent, pieces: the stricter
 * rule); it is not sent.
 */
export const startProductionSchema = z
  .object({
    product_id: z.string().nullable(),
    quantity_to_produce: z.union([z.string(), z.number()]),
    unit: z.string().optional(),
  })
  .transform((run, ctx) => {
    const productId = checked(ctx, choiceField('Choose a product.'), run.product_id, ['product_id']);
    const quantity = checked(ctx, numberField(quantityToProduceRules(run.unit ?? 'pcs')), run.quantity_to_produce, [
      'quantity_to_produce',
    ]);
    if (productId === undefined || quantity === undefined) return z.NEVER;
    return { product_id: productId, quantity_to_produce: quantity };
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
