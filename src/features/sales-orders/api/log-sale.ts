import { z } from 'zod';
import { Constants } from '@/lib/database.types';
import {
  choiceField,
  numberField,
  optionalDayField,
  optionalNumberField,
  saleFieldRules,
  textField,
} from '@/lib/form-fields';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

export const salesPlatforms = Constants.public.Enums.sales_platform;

export const logSaleSchema = z.object({
  product_id: choiceField('Choose a product.'),
  platform: z.enum(salesPlatforms, { error: 'Choose a platform.' }),
  quantity: numberField(saleFieldRules.quantity),
  // Optional, as the marketplace's order page has them: empty means the list price, now, no id.
  unit_price: optionalNumberField(saleFieldRules.unitPrice),
  order_date: optionalDayField(saleFieldRules.orderDate),
  order_id: textField(saleFieldRules.orderId).transform((id) => id || undefined),
});

export type LogSaleForm = z.input<typeof logSaleSchema>;
export type LogSaleInput = z.output<typeof logSaleSchema>;

/** Spec section 9: platform Flipkart, quantity 1 (the order starts Unfulfilled on the server). */
export const newSaleDefaults: LogSaleForm = {
  product_id: null,
  platform: 'Flipkart',
  quantity: '1',
  unit_price: '',
  order_date: '',
  order_id: '',
};

/** A sale, and the own place it leaves from (issue 45; none: the main godown). */
async function logSale(input: LogSaleInput & { location_id?: string }, submissionId: string) {
  return callRpc('log_sale', withRequestId(input, submissionId));
}

export function useLogSale() {
  // Also after a refusal: what the form showed may have been out of date.
  return useWrite({ write: logSale, tables: ['sales_orders', 'products'] });
}
