import type { FeatureQueries } from '@/lib/query-keys';

export const websiteOrdersKeys = {
  websiteWebhook: ['website-webhook'],
  websiteOrderRefusals: ['website-order-refusals'],
} as const;

const keys = websiteOrdersKeys;

// The webhook (it holds the secret) and the refused lines are not published: the owner's own
// writes refresh them, and a website order's sales event refreshes its refusals.
export const websiteOrdersQueries: FeatureQueries = {
  keys,
  reads: {
    // A website order writes its sales and its refused lines together.
    sales_orders: [keys.websiteOrderRefusals],
    website_webhooks: [keys.websiteWebhook],
    website_order_refusals: [keys.websiteOrderRefusals],
  },
};
