import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Constants, type Tables } from '@/lib/database.types';
import { numberField, platformFeeFieldRules } from '@/lib/form-fields';
import { queryKeys } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

export const salesPlatforms = Constants.public.Enums.sales_platform;
export type SalesPlatform = (typeof salesPlatforms)[number];

export type PlatformFees = Pick<
  Tables<'platform_fees'>,
  'platform' | 'commission_percent' | 'fee_per_order' | 'shipping_per_order'
>;

/** A platform the owner never set charges nothing (set_platform_fees' rule: no row means 0). */
export const noFees = (platform: SalesPlatform): PlatformFees => ({
  platform,
  commission_percent: 0,
  fee_per_order: 0,
  shipping_per_order: 0,
});

async function fetchPlatformFees(): Promise<Map<SalesPlatform, PlatformFees>> {
  const { data, error } = await supabase
    .from('platform_fees')
    .select('platform, commission_percent, fee_per_order, shipping_per_order');
  if (error) throw toUserError(error);
  // Numeric columns may arrive as strings from the REST layer.
  return new Map(
    data.map((row) => [
      row.platform,
      {
        platform: row.platform,
        commission_percent: Number(row.commission_percent),
        fee_per_order: Number(row.fee_per_order),
        shipping_per_order: Number(row.shipping_per_order),
      },
    ]),
  );
}

export function usePlatformFees() {
  return useQuery({ queryKey: queryKeys.platformFees, queryFn: fetchPlatformFees });
}

// Mirrors set_platform_fees' refusals for instant feedback; the server still decides.
export const platformFeesSchema = z.object({
  platform: z.enum(salesPlatforms, { error: 'Choose a platform.' }),
  commission_percent: numberField(platformFeeFieldRules.commissionPercent).pipe(
    z.number().max(100, 'Commission percent must be at most 100.'),
  ),
  fee_per_order: numberField(platformFeeFieldRules.feePerOrder),
  shipping_per_order: numberField(platformFeeFieldRules.shippingPerOrder),
});

export type PlatformFeesForm = z.input<typeof platformFeesSchema>;
export type PlatformFeesInput = z.output<typeof platformFeesSchema>;

async function setPlatformFees(input: PlatformFeesInput) {
  return callRpc('set_platform_fees', input);
}

export function useSetPlatformFees() {
  return useWrite({ write: setPlatformFees, tables: ['platform_fees'] });
}
