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

/**
 * The Add New Sale platforms, as the spec lists them (section 9). Meesho and Ajio sales arrive by
 * import (issue 43), so the form keeps the spec's five.
 */
export const salesPlatforms = [
  'Flipkart',
  'Myntra',
  'Amazon',
  'Brand Website',
  'Other',
] as const satisfies readonly (typeof Constants.public.Enums.sales_platform)[number][];

export const logSaleSchema = z
  .object({
    product_id: choiceField('Choose a product.'),
    platform: z.enum(salesPlatforms, { error: 'Choose a platform.' }),
    quantity: numberField(saleFieldRules.quantity),
    // Optional, as the marketplace's order page has them: empty means the list price, now, no id.
    unit_price: optionalNumberField(saleFieldRules.unitPrice),
    order_date: optionalDayField(saleFieldRules.orderDate),
    order_id: textField(saleFieldRules.orderId).transform((id) => id || undefined),
    // A direct (Other) order's customer, who owes its payment (issue 46); empty: none yet.
    customer_id: z.string(),
  })
  .transform(({ customer_id, ...sale }) => ({
    ...sale,
    // Only a direct order names one: a customer picked before choosing a marketplace is dropped.
    customer_id: sale.platform === 'Other' && customer_id !== '' ? customer_id : undefined,
  }));

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
  customer_id: '',
};

/** A sale, and the own place it leaves from (issue 45; none: the main godown). */
async function logSale(input: LogSaleInput & { location_id?: string }, submissionId: string) {
  return callRpc('log_sale', withRequestId(input, submissionId));
}

export function useLogSale() {
  // Also after a refusal: what the form showed may have been out of date.
  return useWrite({ write: logSale, tables: ['sales_orders', 'products'] });
}
