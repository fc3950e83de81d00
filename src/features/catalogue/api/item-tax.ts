import { skipToken, useQuery } from '@tanstack/react-query';
import type { RateRule, ItemTax } from '@/lib/item-tax';
import { catalogueKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

type TaxRow = { hsn_code: string | null; gst_rate: number | string | null; gst_rate_rule: unknown };

/** Numerics may arrive as strings from the REST layer. */
function toItemTax(row: TaxRow): ItemTax {
  const rule = row.gst_rate_rule as Record<keyof RateRule, number | string> | null;
  return {
    hsn_code: row.hsn_code,
    gst_rate: row.gst_rate === null ? null : Number(row.gst_rate),
    rate_rule: rule ? { up_to: Number(rule.up_to), rate: Number(rule.rate), above: Number(rule.above) } : null,
  };
}

async function fetchItemTax(table: 'products' | 'raw_materials', id: string): Promise<ItemTax | null> {
  const { data, error } = await supabase
    .from(table)
    .select('hsn_code, gst_rate, gst_rate_rule')
    .eq('id', id)
    .maybeSingle();
  if (error) throw toUserError(error);
  return data && toItemTax(data);
}

/** One product's or material's HSN code and GST rate (set_item_tax), refreshed by its item's events. */
export function useItemTax(item: { kind: 'product' | 'material'; id: string } | null) {
  const table = item?.kind === 'material' ? 'raw_materials' : 'products';
  return useQuery({
    queryKey: [
      ...(table === 'products' ? catalogueKeys.products : catalogueKeys.rawMaterials),
      'tax',
      item?.id ?? null,
    ],
    queryFn: item === null ? skipToken : () => fetchItemTax(table, item.id),
  });
}

/** The HSN codes and GST rates of several products (a combo's parts), in no particular order. */
export function useProductsTax(productIds: string[]) {
  const ids = [...new Set(productIds)].sort();
  return useQuery({
    queryKey: [...catalogueKeys.products, 'tax', 'of', ids],
    queryFn:
      ids.length === 0
        ? skipToken
        : async () => {
            const { data, error } = await supabase
              .from('products')
              .select('hsn_code, gst_rate, gst_rate_rule')
              .in('id', ids);
            if (error) throw toUserError(error);
            return data.map(toItemTax);
          },
  });
}
