import type { FeatureQueries } from '@/lib/query-keys';

export const settingsKeys = {
  platformFees: ['platform-fees'],
  /** Each marketplace's operator GSTIN (issue 42). */
  operatorGstins: ['operator-gstins'],
} as const;

const keys = settingsKeys;

export const settingsQueries: FeatureQueries = {
  keys,
  reads: { platform_fees: [keys.platformFees, keys.operatorGstins] },
};
