import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { channelsKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { SalesPlatform, StockFileRow } from '../lib/stock-files';

const syncRow = z.object({
  product_id: z.string(),
  sku: z.string(),
  product_name: z.string(),
  alias: z.string(),
  quantity: z.number(),
  last_quantity: z.number().nullable(),
  changed: z.boolean(),
});
const stockSync = z.object({
  platform: z.string(),
  last_downloaded_at: z.string().nullable(),
  rows: z.array(syncRow),
});
export type StockSyncRow = z.infer<typeof syncRow>;
export type StockSync = z.infer<typeof stockSync>;

/**
 * A platform's listings with what it may be told now (available to sell, under each alias) and what
 * the last file downloaded for it said (stock_sync).
 */
export function useStockSync(platform: SalesPlatform) {
  return useQuery({
    queryKey: [...channelsKeys.stockSync, platform],
    queryFn: async () => stockSync.parse(await callRpc('stock_sync', { platform })),
  });
}

/** A style variant's style name and option values, for Shopify's Title and Option columns. */
interface VariantStyle {
  styleName: string;
  options: { name: string; value: string }[];
}

const styleOptions = z.array(z.object({ name: z.string() }));

/** The styles of these products (those that are variants), by product id. */
async function variantStyles(productIds: readonly string[]): Promise<Map<string, VariantStyle>> {
  const styles = new Map<string, VariantStyle>();
  // A bounded id list per request keeps each URL short.
  for (let start = 0; start < productIds.length; start += 200) {
    const ids = productIds.slice(start, start + 200);
    const rows = await fetchAllPages(async ({ from, to }) => {
      const { data, error } = await supabase
        .from('style_variants')
        .select('product_id, option_values, styles(style_name, options)')
        .in('product_id', ids)
        .order('product_id')
        .range(from, to);
      if (error) throw toUserError(error);
      return data;
    });
    for (const row of rows) {
      if (!row.styles) continue;
      const names = styleOptions.parse(row.styles.options).map((option) => option.name);
      styles.set(row.product_id, {
        styleName: row.styles.style_name,
        options: row.option_values.map((value, index) => ({ name: names[index] ?? `Option${index + 1}`, value })),
      });
    }
  }
  return styles;
}

/** The stock file's rows for these listings: Shopify's also name each variant's style and options. */
export async function stockFileRows(platform: SalesPlatform, rows: readonly StockSyncRow[]): Promise<StockFileRow[]> {
  const styles =
    platform === 'Brand Website' ? await variantStyles([...new Set(rows.map((row) => row.product_id))]) : new Map();
  return rows.map((row) => {
    const style = styles.get(row.product_id);
    return {
      sku: row.alias,
      quantity: row.quantity,
      productName: row.product_name,
      styleName: style?.styleName ?? null,
      options: style?.options,
    };
  });
}

/**
 * Records the file just downloaded: every listing at the quantity the portal now has (those in the
 * file, and the unchanged ones it already had), so the next view shows only what changes after.
 */
export function useRecordStockFile() {
  return useWrite({
    write: ({ platform, rows }: { platform: SalesPlatform; rows: readonly StockSyncRow[] }, submissionId) =>
      callRpc(
        'record_stock_file',
        withRequestId(
          { platform, rows: rows.map((row) => ({ alias: row.alias, quantity: row.quantity })) },
          submissionId,
        ),
      ),
    tables: ['channel_stock_files'],
  });
}
