import type { Tables } from '@/lib/database.types';

/** Why a returned unit opens a claim (or not: sellable), as the owner reads it. */
export type ClaimReason = Tables<'return_claims'>['reason'];

export const claimReasonLabels: Record<ClaimReason, string> = {
  sellable: 'Sellable',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  missing: 'Missing',
};
