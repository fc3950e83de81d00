import { skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { catalogueKeys } from '@/features/catalogue/query-keys';
import { channelsKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

const comboPart = z.object({
  quantity: z.coerce.number(),
  part: z.object({
    id: z.string(),
    sku: z.string(),
    product_name: z.string(),
    stock_on_hand: z.coerce.number(),
  }),
});
export type ComboPart = z.infer<typeof comboPart>;

/** A combo's parts with their stock, as its drawer and its edit form show them. */
export function useComboParts(comboId: string | null) {
  return useQuery({
    queryKey: [...channelsKeys.comboComponents, comboId],
    queryFn: comboId
      ? async () => {
          const { data, error } = await supabase
            .from('combo_components')
            .select(
              'quantity, part:products!combo_components_component_id_user_id_fkey(id, sku, product_name, stock_on_hand)',
            )
            .eq('combo_id', comboId)
            .order('component_id');
          if (error) throw toUserError(error);
          return z.array(comboPart).parse(data);
        }
      : skipToken,
  });
}

/** Whether a product's available to sell adds what its materials can still build. */
export function useSellWhatICanMake(productId: string) {
  return useQuery({
    queryKey: [...catalogueKeys.products, 'sell-what-i-can-make', productId],
    queryFn: async () => {
      const { data, error } = await supabase
        .from('products')
        .select('sell_what_i_can_make')
        .eq('id', productId)
        .single();
      if (error) throw toUserError(error);
      return data.sell_what_i_can_make;
    },
  });
}

export function useSetSellWhatICanMake() {
  return useWrite({
    write: (input: { product_id: string; sell_what_i_can_make: boolean }) => callRpc('set_sell_what_i_can_make', input),
    tables: ['products'],
  });
}

/**
 * How many of a combo its parts make now, for a form's stock hint (the server's private.combo_stock
 * decides at the sale): null for a product that is not a combo, or while its parts load.
 */
export function useComboStock(productId: string | null): number | null {
  const parts = useComboParts(productId);
  if (!parts.data || parts.data.length === 0) return null;
  return Math.min(...parts.data.map(({ part, quantity }) => Math.floor(part.stock_on_hand / quantity)));
}
