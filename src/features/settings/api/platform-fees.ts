import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Constants, type Tables } from '@/lib/database.types';
import { numberField, platformFeeFieldRules, returnFieldRules } from '@/lib/form-fields';
import { settingsKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

export const salesPlatforms = Constants.public.Enums.sales_platform;
export type SalesPlatform = (typeof salesPlatforms)[number];

export type PlatformFees = Pick<
  Tables<'platform_fees'>,
  'platform' | 'commission_percent' | 'fee_per_order' | 'shipping_per_order' | 'payment_cycle_days'
> & {
  /** Days after a return's date to claim for a lost unit: the owner's, or the platform's default. */
  claim_window_days: number;
  claim_window_is_default: boolean;
};

/** Each platform's claim window as the server applies it (platform_claim_windows). */
type ClaimWindows = Map<SalesPlatform, { days: number; isDefault: boolean }>;

/** A platform the owner never set charges nothing (set_platform_fees' rule: no row means 0). */
export const noFees = (platform: SalesPlatform, windows?: ClaimWindows): PlatformFees => ({
  platform,
  commission_percent: 0,
  fee_per_order: 0,
  shipping_per_order: 0,
  // As platform_fees' default (and rules.payment_due_day without a row).
  payment_cycle_days: 15,
  claim_window_days: windows?.get(platform)?.days ?? 7,
  claim_window_is_default: true,
});

async function fetchPlatformFees(): Promise<{ fees: Map<SalesPlatform, PlatformFees>; windows: ClaimWindows }> {
  const [fees, windows] = await Promise.all([
    supabase
      .from('platform_fees')
      .select('platform, commission_percent, fee_per_order, shipping_per_order, payment_cycle_days'),
    supabase.rpc('platform_claim_windows'),
  ]);
  if (fees.error) throw toUserError(fees.error);
  if (windows.error) throw toUserError(windows.error);
  const windowOf: ClaimWindows = new Map(
    windows.data.map((row) => [row.platform, { days: row.claim_window_days, isDefault: row.is_default }]),
  );
  // Numeric columns may arrive as strings from the REST layer.
  return {
    windows: windowOf,
    fees: new Map(
      fees.data.map((row) => [
        row.platform,
        {
          platform: row.platform,
          commission_percent: Number(row.commission_percent),
          fee_per_order: Number(row.fee_per_order),
          shipping_per_order: Number(row.shipping_per_order),
          payment_cycle_days: row.payment_cycle_days,
          claim_window_days: windowOf.get(row.platform)?.days ?? 7,
          claim_window_is_default: windowOf.get(row.platform)?.isDefault ?? true,
        },
      ]),
    ),
  };
}

export function usePlatformFees() {
  return useQuery({ queryKey: settingsKeys.platformFees, queryFn: fetchPlatformFees });
}

// Mirrors set_platform_fees' refusals for instant feedback; the server still decides.
export const platformFeesSchema = z.object({
  platform: z.enum(salesPlatforms, { error: 'Choose a platform.' }),
  commission_percent: numberField(platformFeeFieldRules.commissionPercent),
  fee_per_order: numberField(platformFeeFieldRules.feePerOrder),
  shipping_per_order: numberField(platformFeeFieldRules.shippingPerOrder),
  claim_window_days: numberField(returnFieldRules.claimWindowDays),
  payment_cycle_days: numberField(platformFeeFieldRules.paymentCycleDays),
});

export type PlatformFeesForm = z.input<typeof platformFeesSchema>;
export type PlatformFeesInput = z.output<typeof platformFeesSchema>;

async function setPlatformFees(input: PlatformFeesInput) {
  return callRpc('set_platform_fees', input);
}

export function useSetPlatformFees() {
  return useWrite({ write: setPlatformFees, tables: ['platform_fees'] });
}
