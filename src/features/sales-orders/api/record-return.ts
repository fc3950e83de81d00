import { z } from 'zod';
import { noteField } from '@/features/catalogue/quantity-rules';
import { todayInIndia } from '@/lib/csv';
import { numberField, optionalDayField, returnFieldRules } from '@/lib/form-fields';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { SalesOrder } from './get-sales-orders';

export const returnKinds = [
  { value: 'rto', label: 'RTO (never delivered)' },
  { value: 'customer_return', label: 'Customer return' },
] as const;
export type ReturnKind = (typeof returnKinds)[number]['value'];

/** The units of an order that have not come back yet: what a return may still take. */
export const unitsStillReturnable = (order: Pick<SalesOrder, 'quantity' | 'returned_quantity'>) =>
  order.quantity - order.returned_quantity;

/**
 * record_return's rules for one order, with its messages: whole units per condition (at least one
 * in all, at most what is still out), fees in paise, a short note, a day from the order's to today.
 */
export function returnSchema(order: Pick<SalesOrder, 'quantity' | 'returned_quantity' | 'order_date'>) {
  const remaining = unitsStillReturnable(order);
  return z
    .object({
      kind: z.enum(['rto', 'customer_return']),
      sellable: numberField(returnFieldRules.sellable),
      damaged: numberField(returnFieldRules.damaged),
      wrong_item: numberField(returnFieldRules.wrongItem),
      missing: numberField(returnFieldRules.missing),
      return_fees: numberField(returnFieldRules.returnFees),
      note: noteField('Note'),
      return_date: optionalDayField({
        earliest: todayInIndia(new Date(order.order_date)),
        latest: () => todayInIndia(),
        message: 'Return date must be between the order date and today.',
      }),
    })
    .superRefine((input, ctx) => {
      const units = input.sellable + input.damaged + input.wrong_item + input.missing;
      if (units === 0) ctx.addIssue({ code: 'custom', path: ['sellable'], message: 'Enter the units that came back.' });
      if (units > remaining) {
        ctx.addIssue({
          code: 'custom',
          path: ['sellable'],
          message: `Only ${remaining} units of this order can still be returned.`,
        });
      }
    });
}

export type ReturnForm = z.input<ReturnType<typeof returnSchema>>;
export type ReturnInput = z.output<ReturnType<typeof returnSchema>>;

/** An RTO of every unit still out, all sellable, dated today: the usual return, one click. */
export const returnDefaults = (order: Pick<SalesOrder, 'quantity' | 'returned_quantity'>): ReturnForm => ({
  kind: 'rto',
  sellable: String(unitsStillReturnable(order)),
  damaged: '',
  wrong_item: '',
  missing: '',
  return_fees: '',
  note: '',
  return_date: '',
});

async function recordReturn({ orderId, input }: { orderId: string; input: ReturnInput }, submissionId: string) {
  const { note, return_date, ...counts } = input;
  return callRpc(
    'record_return',
    withRequestId(
      { order_id: orderId, ...counts, ...(note !== '' && { note }), ...(return_date && { return_date }) },
      submissionId,
    ),
  );
}

/** One return of some units of an order: sellable ones back to stock, lost ones opening claims. */
export function useRecordReturn() {
  return useWrite({ write: recordReturn, tables: ['sales_orders', 'products', 'sales_returns', 'return_claims'] });
}
