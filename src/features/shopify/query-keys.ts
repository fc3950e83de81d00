import type { FeatureQueries } from '@/lib/query-keys';

export const shopifyKeys = {
  /** Settings → Shopify: the shop, location and token's last four characters (issue 34). */
  shopifyConnection: ['shopify-connection'],
} as const;

const keys = shopifyKeys;

export const shopifyQueries: FeatureQueries = {
  keys,
  reads: { shopify_connections: [keys.shopifyConnection] },
};
