import type { FeatureQueries } from '@/lib/query-keys';

export const channelsKeys = {
  /** A product's marketplace SKUs: ['sku-aliases', product id] (issue 34). */
  skuAliases: ['sku-aliases'],
  /** Per platform, what the next stock file would change (issue 34). */
  stockSync: ['stock-sync'],
  /** A combo's parts: ['combo-components', combo id] (issue 34). */
  comboComponents: ['combo-components'],
  /** Each platform's buffer (issue 34). */
  channelSettings: ['channel-settings'],
} as const;

const keys = channelsKeys;

// Marketplace SKUs, combos' parts, buffers and the stock files downloaded are not published: only
// the owner's own writes change them, which refresh these.
export const channelsQueries: FeatureQueries = {
  keys,
  reads: {
    // A combo's parts are read with their stock.
    products: [keys.stockSync, keys.comboComponents],
    // What the materials can still build is available to sell where the owner chose so.
    raw_materials: [keys.stockSync],
    // Open orders are taken off what is available to sell.
    sales_orders: [keys.stockSync],
    // A stock file lists each product under its aliases.
    sku_aliases: [keys.skuAliases, keys.stockSync],
    combo_components: [keys.comboComponents, keys.stockSync],
    channel_settings: [keys.channelSettings, keys.stockSync],
    channel_stock_files: [keys.stockSync],
  },
};
