import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { todayInIndia } from '@/lib/csv';
import type { ClaimReason } from '@/lib/claim-reasons';
import type { Tables } from '@/lib/database.types';
import { numberField, returnFieldRules } from '@/lib/form-fields';
import { returnsKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

export type ClaimStatus = Tables<'return_claims'>['status'];

/** A claim with what the list shows of its order. */
export interface ReturnClaim {
  id: string;
  reason: ClaimReason;
  units: number;
  deadline: string;
  status: ClaimStatus;
  amount_reimbursed: number | null;
  order: {
    id: string;
    product_name: string;
    platform: string;
    external_order_id: string | null;
    /** The most an approval may reimburse: the sale value of the claim's units. */
    claimable: number;
  };
}

/** At most this many claims are listed: the open ones first, earliest deadline first. */
export const CLAIMS_SHOWN = 100;

async function fetchClaims(decided: boolean): Promise<ReturnClaim[]> {
  let query = supabase
    .from('return_claims')
    .select(
      'id, reason, units, deadline, status, amount_reimbursed, sales_orders(id, product_name, platform, external_order_id, total_amount, quantity)',
    )
    .order('deadline', { ascending: !decided })
    .order('id')
    .limit(CLAIMS_SHOWN);
  query = decided ? query.in('status', ['Approved', 'Rejected']) : query.in('status', ['Open', 'Filed']);
  const { data, error } = await query;
  if (error) throw toUserError(error);
  return data.map((row) => {
    const order = row.sales_orders!;
    return {
      id: row.id,
      reason: row.reason,
      units: row.units,
      deadline: row.deadline,
      status: row.status,
      amount_reimbursed: row.amount_reimbursed === null ? null : Number(row.amount_reimbursed),
      order: {
        id: order.id,
        product_name: order.product_name,
        platform: order.platform,
        external_order_id: order.external_order_id,
        // As update_claim bounds it: round(total x units / quantity, 2).
        claimable: Math.round((Number(order.total_amount) * row.units * 100) / order.quantity) / 100,
      },
    };
  });
}

/** The claims still to act on (Open, Filed), or those decided (Approved, Rejected). */
export function useReturnClaims(decided: boolean) {
  return useQuery({ queryKey: [...returnsKeys.returnClaims, decided], queryFn: () => fetchClaims(decided) });
}

/** Days from today in India to a deadline (negative: overdue). */
export function daysLeft(deadline: string, today = todayInIndia()): number {
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Approving: the amount reimbursed, at most the sale value of the claim's units. */
export const approvalSchema = (claimable: number) =>
  z.object({
    amount_reimbursed: numberField(returnFieldRules.amountReimbursed).pipe(
      z
        .number()
        .max(
          claimable,
          `Amount reimbursed can be at most ${claimable.toFixed(2)}, the sale value of the claim's units.`,
        ),
    ),
  });

async function updateClaim(args: { claimId: string; status: 'Filed' | 'Approved' | 'Rejected'; amount?: number }) {
  return callRpc('update_claim', {
    claim_id: args.claimId,
    status: args.status,
    ...(args.amount !== undefined && { amount_reimbursed: args.amount }),
  });
}

/** Open -> Filed -> Approved (with the amount, counted back into the order's profit) or Rejected. */
export function useUpdateClaim() {
  return useWrite({ write: updateClaim, tables: ['return_claims', 'sales_orders'] });
}
