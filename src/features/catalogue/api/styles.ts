import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { catalogueKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

const amount = z.coerce.number();

const styleBomLine = z.union([
  z.object({ material_id: z.string(), by_option: z.string(), quantities: z.record(z.string(), amount) }),
  z.object({ material_id: z.string(), quantity: amount }),
]);

const styleVariant = z.object({
  product_id: z.string(),
  sku: z.string(),
  product_name: z.string(),
  /** The variant's value of each option, in the style's option order: ['M', 'Blue']. */
  option_values: z.array(z.string()),
  selling_price: amount,
  stock_on_hand: amount,
  reorder_point: amount,
  archived_at: z.string().nullable(),
});

const style = z.object({
  style_id: z.string(),
  style_name: z.string(),
  category: z.string().nullable(),
  sku_prefix: z.string(),
  selling_price: amount,
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  bom: z.array(styleBomLine),
  variants: z.array(styleVariant),
});

export type StyleBomLine = z.infer<typeof styleBomLine>;
export type StyleVariant = z.infer<typeof styleVariant>;
export type Style = z.infer<typeof style>;

const stylePage = z.object({ total: z.number(), rows: z.array(style) });
export type StylePage = z.infer<typeof stylePage>;

/** The most styles list_styles gives at once. */
export const STYLES_PAGE_SIZE = 100;

async function fetchStyles(): Promise<StylePage> {
  const { data, error } = await supabase.rpc('list_styles', { page_size: STYLES_PAGE_SIZE });
  if (error) throw toUserError(error);
  return stylePage.parse(data);
}

/**
 * The user's styles by name (the first 100), each with its options, BOM and variants in grid order
 * (their stock and reorder points).
 */
export function useStyles() {
  return useQuery({ queryKey: catalogueKeys.styles, queryFn: fetchStyles });
}
