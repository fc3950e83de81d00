import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { numberField } from '@/lib/form-fields';
import { invalidateTables } from '@/lib/query-keys';
import { formatQuantity } from '@/lib/format';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { itemArguments, itemTable, type StockItem } from '../item';
import { hasAtMostThreeDecimals, noteField, withinServerLimit } from '../quantity-rules';

/** adjust_stock's rules, for instant feedback: whole products, 3 decimals for materials, a reason, a change. */
export function countStockSchema(item: StockItem) {
  return z.object({
    counted: numberField('Counted stock')
      .pipe(z.number().min(0, 'Counted stock must be at least 0.').pipe(withinServerLimit('Counted stock')))
      .refine((value) => item.kind === 'material' || Number.isInteger(value), 'Counted stock must be a whole number.')
      .refine(hasAtMostThreeDecimals, 'Counted stock can have at most 3 decimal places.')
      .refine((value) => value !== item.stock, `Stock is already ${formatQuantity(item.stock)}.`),
    note: noteField('Reason').pipe(z.string().min(1, 'A reason is required.')),
  });
}

export type CountStockForm = z.input<ReturnType<typeof countStockSchema>>;
export type CountStockInput = z.output<ReturnType<typeof countStockSchema>>;

async function adjustStock({ item, input }: { item: StockItem; input: CountStockInput }) {
  const { data, error } = await supabase.rpc('adjust_stock', {
    ...itemArguments(item),
    counted: input.counted,
    note: input.note,
  });
  if (error) throw toUserError(error);
  return data;
}

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSettled: (_data, _error, { item }) => invalidateTables(queryClient, [itemTable(item)]),
  });
}
