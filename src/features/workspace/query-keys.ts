import type { FeatureQueries } from '@/lib/query-keys';

export const workspaceKeys = {
  workspaceHasData: ['workspace-has-data'],
} as const;

const keys = workspaceKeys;

export const workspaceQueries: FeatureQueries = {
  keys,
  reads: {
    products: [keys.workspaceHasData],
    raw_materials: [keys.workspaceHasData],
  },
};
