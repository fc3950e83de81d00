import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { numberField, stockFieldRules } from '@/lib/form-fields';
import { invalidateTables } from '@/lib/query-keys';
import { formatQuantity } from '@/lib/format';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { itemArguments, itemTable, type StockItem } from '../item';
import { noteField } from '../quantity-rules';

/** Counted stock: whole units for products, 3 decimals for materials (adjust_stock). */
export function countedStockRules(item: StockItem) {
  return item.kind === 'product' ? stockFieldRules.countedProduct : stockFieldRules.countedMaterial;
}

/** adjust_stock's rules, for instant feedback: the counted number, a change, a reason. */
export function countStockSchema(item: StockItem) {
  return z.object({
    counted: numberField(countedStockRules(item)).refine(
      (value) => value !== item.stock,
      `Stock is already ${formatQuantity(item.stock)}.`,
    ),
    note: noteField('Reason').refine((note) => note !== '', 'A reason is required.'),
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
    onSettled: (_data, _error, { item }) => invalidateTables(queryClient, [itemTable(item)], 'all'),
  });
}
