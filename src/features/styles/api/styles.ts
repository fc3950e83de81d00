import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { queryKeys } from '@/lib/query-keys';
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
  /** The variant's value of each option: {Size: 'M', Colour: 'Blue'}. */
  options: z.record(z.string(), z.string()),
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

async function fetchStyles(): Promise<Style[]> {
  const { data, error } = await supabase.rpc('list_styles');
  if (error) throw toUserError(error);
  return z.array(style).parse(data);
}

/** The user's styles, each with its options, BOM and variants (their stock and reorder points). */
export function useStyles() {
  return useQuery({ queryKey: queryKeys.styles, queryFn: fetchStyles });
}

/** A variant's values in the style's option order: ['M', 'Blue']. */
export function variantValues(style: Pick<Style, 'options'>, variant: Pick<StyleVariant, 'options'>): string[] {
  return style.options.map((option) => variant.options[option.name] ?? '');
}
