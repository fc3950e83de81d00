import { skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RAW_MATERIAL_COLUMNS, toRawMaterial, type RawMaterial } from '@/features/catalogue/api/raw-materials';
import { numberProblem, validNumber, type NumberRules } from '@/lib/form-fields';
import { catalogueKeys } from '@/features/catalogue/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { ProductBomLine, ProductionRun } from '../utils/material-requirements';

/** A variant's quantity in a style's batch: empty or 0 makes none of it. */
export const batchQuantityRules = { label: 'Quantity', decimals: 0, min: 0, whenEmpty: 0 } satisfies NumberRules;

export const styleBatchSchema = z
  .object({
    style_id: z.string().nullable(),
    /** Per variant (product id), the quantity as typed; a field not touched yet has none. */
    quantities: z.record(z.string(), z.union([z.string(), z.number(), z.undefined()])),
  })
  .transform((form, ctx): ProductionRun[] => {
    if (!form.style_id) {
      ctx.addIssue({ code: 'custom', path: ['style_id'], message: 'Choose a style.' });
      return z.NEVER;
    }
    const runs: ProductionRun[] = [];
    let valid = true;
    for (const [product_id, typed = ''] of Object.entries(form.quantities)) {
      const problem = numberProblem(String(typed), batchQuantityRules);
      if (problem !== null) {
        ctx.addIssue({ code: 'custom', path: ['quantities', product_id], message: problem });
        valid = false;
      } else {
        const quantity = validNumber(typed, batchQuantityRules)!;
        if (quantity > 0) runs.push({ product_id, quantity_to_produce: quantity });
      }
    }
    if (!valid) return z.NEVER;
    if (runs.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantities'],
        message: 'Enter how many to make of at least one variant.',
      });
      return z.NEVER;
    }
    return runs;
  });

export type StyleBatchForm = z.input<typeof styleBatchSchema>;

export const newStyleBatchDefaults: StyleBatchForm = { style_id: null, quantities: {} };

async function startProductionBatch(runs: ProductionRun[], submissionId: string) {
  return callRpc('start_production_batch', withRequestId({ runs }, submissionId));
}

/** Starts a run of every variant with a quantity, in one transaction (start_production_batch). */
export function useStartProductionBatch() {
  // Also after a refusal: what the form showed may have been out of date.
  return useWrite({ write: startProductionBatch, tables: ['manufacturing_orders', 'raw_materials'] });
}

export interface ProductsBom {
  lines: ProductBomLine[];
  materials: RawMaterial[];
}

async function fetchProductsBom(productIds: string[]): Promise<ProductsBom> {
  const { data, error } = await supabase
    .from('bom_items')
    .select(`product_id, material_id, consumption, raw_materials(${RAW_MATERIAL_COLUMNS})`)
    .in('product_id', productIds);
  if (error) throw toUserError(error);
  const materials = new Map<string, RawMaterial>();
  for (const line of data) if (line.raw_materials) materials.set(line.material_id, toRawMaterial(line.raw_materials));
  return {
    // Postgres numeric columns may arrive as strings from the REST layer. A run consumes each
    // line's consumption (its quantity with wastage).
    lines: data.map((line) => ({
      product_id: line.product_id,
      material_id: line.material_id,
      quantity: Number(line.consumption),
    })),
    materials: [...materials.values()],
  };
}

/**
 * The BOM lines of several products (a style's variants, at most 100) with their materials' stock:
 * what a batch of them consumes, as start_production_batch reads it.
 */
export function useProductsBom(key: string | null, productIds: string[]) {
  return useQuery({
    queryKey: [...catalogueKeys.bomItems, 'products', key],
    queryFn: key === null ? skipToken : () => fetchProductsBom(productIds),
  });
}
