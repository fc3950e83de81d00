import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { gstinProblem } from '@/lib/gstin';
import { settingsKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

/** The platforms that are e-commerce operators' marketplaces (rules.is_marketplace). */
export const marketplaces = ['Flipkart', 'Myntra', 'Amazon', 'Meesho'] as const;
export type Marketplace = (typeof marketplaces)[number];

async function fetchOperatorGstins(): Promise<Map<Marketplace, string>> {
  const { data, error } = await supabase
    .from('platform_fees')
    .select('platform, operator_gstin')
    .not('operator_gstin', 'is', null);
  if (error) throw toUserError(error);
  return new Map(data.map((row) => [row.platform as Marketplace, row.operator_gstin!]));
}

/** Each marketplace's operator GSTIN, where the owner entered one. */
export function useOperatorGstins() {
  return useQuery({ queryKey: settingsKeys.operatorGstins, queryFn: fetchOperatorGstins });
}

/**
 * What is wrong with an operator's GSTIN, in set_operator_gstin's words: a valid GSTIN
 * (rules.is_valid_gstin) whose 14th character is C, a registration to collect TCS
 * (rules.is_operator_gstin). The server decides.
 */
export function operatorGstinProblem(gstin: string): string | null {
  const problem = gstinProblem(gstin);
  if (problem) return problem;
  if (gstin[13] !== 'C') {
    return `GSTIN ${gstin} is not an e-commerce operator's: an operator's GSTIN for TCS has C as its 14th character.`;
  }
  return null;
}

export const operatorGstinSchema = z
  .object({
    platform: z.enum(marketplaces, { error: 'Choose a marketplace.' }),
    gstin: z.string().trim().toUpperCase().min(1, 'Enter the GSTIN, or clear it.'),
  })
  .superRefine((input, ctx) => {
    const problem = input.gstin === '' ? null : operatorGstinProblem(input.gstin);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  });
export type OperatorGstinForm = z.input<typeof operatorGstinSchema>;
export type OperatorGstinInput = z.output<typeof operatorGstinSchema>;

/** What set_operator_gstin answers: the GSTIN now kept (null: cleared) and how many recorded sales took it. */
export interface OperatorGstinSaved {
  platform: Marketplace;
  operator_gstin: string | null;
  sales_updated: number;
}

/** Sets a marketplace's operator GSTIN (a null GSTIN clears it). */
export function useSetOperatorGstin() {
  return useWrite({
    write: async (input: { platform: Marketplace; gstin: string | null }) =>
      (await callRpc('set_operator_gstin', {
        platform: input.platform,
        ...(input.gstin === null ? {} : { gstin: input.gstin }),
      })) as unknown as OperatorGstinSaved,
    // Sales recorded before the GSTIN was entered take it: GSTR-1 and the sales change too.
    tables: ['platform_fees', 'sales_orders'],
  });
}
