import type { FeatureQueries } from '@/lib/query-keys';

export const manufacturingKeys = {
  manufacturingOrders: ['manufacturing-orders'],
} as const;

const keys = manufacturingKeys;

export const manufacturingQueries: FeatureQueries = {
  keys,
  reads: { manufacturing_orders: [keys.manufacturingOrders] },
};
