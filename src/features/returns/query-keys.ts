import type { FeatureQueries } from '@/lib/query-keys';

export const returnsKeys = {
  /** The Claims list of the Returns screen. */
  returnClaims: ['return-claims'],
} as const;

const keys = returnsKeys;

export const returnsQueries: FeatureQueries = {
  keys,
  reads: { return_claims: [keys.returnClaims] },
};
