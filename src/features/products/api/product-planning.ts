import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { optionalNumberField, planningFieldRules as rules } from '@/lib/form-fields';
import { catalogueKeys } from '@/features/catalogue/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

/** What set_product_planning takes when a field is left empty. */
export const DEFAULT_PLANNING_DAYS = 7;

/** A product's own lead time and safety days; null where the default applies. */
export interface ProductPlanningDays {
  lead_time_days: number | null;
  safety_days: number | null;
}

export function useProductPlanningDays(productId: string) {
  return useQuery({
    queryKey: [...catalogueKeys.products, 'planning-days', productId],
    queryFn: async (): Promise<ProductPlanningDays> => {
      const { data, error } = await supabase
        .from('products')
        .select('lead_time_days, safety_days')
        .eq('id', productId)
        .single();
      if (error) throw toUserError(error);
      return data;
    },
  });
}

export const planningFormSchema = z.object({
  lead_time_days: optionalNumberField(rules.leadTimeDays),
  safety_days: optionalNumberField(rules.safetyDays),
});

export type PlanningForm = z.input<typeof planningFormSchema>;
export type PlanningInput = z.output<typeof planningFormSchema>;

export function planningFormDefaults(days: ProductPlanningDays): PlanningForm {
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  return { lead_time_days: text(days.lead_time_days), safety_days: text(days.safety_days) };
}

/** Sets the product's lead time and safety days (set_product_planning); an empty field goes back to the default. */
export function useSetProductPlanning(productId: string) {
  return useWrite({
    write: (input: PlanningInput) =>
      callRpc('set_product_planning', {
        product_id: productId,
        // Left out when empty: the server's null, the default.
        lead_time_days: input.lead_time_days,
        safety_days: input.safety_days,
      }),
    tables: ['products'],
  });
}
