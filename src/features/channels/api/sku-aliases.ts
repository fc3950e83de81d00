import { skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { channelsKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';
import type { SalesPlatform } from '../lib/stock-files';

/** A marketplace's name for one of the owner's products: a seller SKU, ASIN, FSN or style id. */
const skuAlias = z.object({
  id: z.string(),
  product_id: z.string(),
  platform: z.string(),
  alias: z.string(),
});
export type SkuAlias = z.infer<typeof skuAlias> & { platform: SalesPlatform };

async function fetchProductAliases(productId: string): Promise<SkuAlias[]> {
  const { data, error } = await supabase
    .from('sku_aliases')
    .select('id, product_id, platform, alias')
    .eq('product_id', productId)
    .order('platform')
    .order('alias');
  if (error) throw toUserError(error);
  return z.array(skuAlias).parse(data) as SkuAlias[];
}

/** One product's marketplace SKUs, platform by platform. */
export function useProductAliases(productId: string | null) {
  return useQuery({
    queryKey: [...channelsKeys.skuAliases, productId],
    queryFn: productId ? () => fetchProductAliases(productId) : skipToken,
  });
}

export interface AliasInput {
  product_id: string;
  platform: SalesPlatform;
  alias: string;
}

/** Saves an alias (another product of the workspace already using it is refused by the server). */
export function useSetSkuAlias() {
  return useWrite({
    write: (input: AliasInput) => callRpc('set_sku_alias', { ...input, alias: input.alias.trim() }),
    tables: ['sku_aliases'],
  });
}

export function useRemoveSkuAlias() {
  return useWrite({
    write: (aliasId: string) => callRpc('remove_sku_alias', { alias_id: aliasId }),
    tables: ['sku_aliases'],
  });
}
