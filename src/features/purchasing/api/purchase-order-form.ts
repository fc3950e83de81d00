import { z } from 'zod';
import {
  choiceField,
  numberField,
  numberFieldText,
  optionalDayField,
  optionalNumberField,
  purchaseFieldRules as rules,
  textField,
} from '@/lib/form-fields';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { PurchaseOrder } from './purchase-orders';

const lineSchema = z.object({
  material_id: choiceField('Choose a material.'),
  quantity: numberField(rules.quantity),
  // Empty: the purchase unit's price, else the material's cost per unit times the units in one.
  unit_price: optionalNumberField(rules.unitPrice),
});

/** create_purchase_order's checks and messages (update_purchase_order's too: one form for both). */
export const purchaseOrderFormSchema = z.object({
  supplier_id: choiceField('Choose a supplier.'),
  expected_date: optionalDayField(rules.expectedDate),
  note: textField(rules.note),
  lines: z
    .array(lineSchema)
    .min(1, 'Add at least one material to the order.')
    .max(rules.maxLines, `An order can list at most ${rules.maxLines} lines.`)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.material_id)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'material_id'],
            message: 'This material is on the order already.',
          });
        }
        seen.add(line.material_id);
      });
    }),
});

export type PurchaseOrderForm = z.input<typeof purchaseOrderFormSchema>;
export type PurchaseOrderInput = z.output<typeof purchaseOrderFormSchema>;
export type PurchaseOrderFormLine = PurchaseOrderForm['lines'][number];

export const emptyOrderLine: PurchaseOrderFormLine = { material_id: null, quantity: '', unit_price: '' };

/** A new order (optionally for one supplier), or the edited Draft as its fields show it. */
export function purchaseOrderFormDefaults(
  edited: PurchaseOrder | null,
  supplierId: string | null = null,
): PurchaseOrderForm {
  if (edited === null) {
    return { supplier_id: supplierId, expected_date: '', note: '', lines: [emptyOrderLine] };
  }
  return {
    supplier_id: edited.supplier_id,
    expected_date: edited.expected_date ?? '',
    note: edited.note ?? '',
    lines: edited.purchase_order_lines.map((line) => ({
      material_id: line.material_id,
      quantity: numberFieldText(line.quantity),
      unit_price: numberFieldText(line.unit_price),
    })),
  };
}

function orderArgs(input: PurchaseOrderInput) {
  return {
    supplier_id: input.supplier_id,
    lines: input.lines.map((line) => ({
      material_id: line.material_id,
      quantity: line.quantity,
      ...(line.unit_price === undefined ? {} : { unit_price: line.unit_price }),
    })),
    expected_date: input.expected_date,
    note: input.note === '' ? undefined : input.note,
  };
}

/** Saves the order form: a new Draft (create_purchase_order) or the edited one (update_purchase_order). */
export function useSavePurchaseOrder(edited: PurchaseOrder | null) {
  return useWrite({
    write: (input: PurchaseOrderInput, submissionId) =>
      edited === null
        ? callRpc('create_purchase_order', withRequestId(orderArgs(input), submissionId))
        : callRpc('update_purchase_order', { po_id: edited.id, ...orderArgs(input) }),
    tables: ['purchase_orders', 'purchase_order_lines'],
  });
}

const savedOrder = z.object({ purchase_order_id: z.string(), po_number: z.number() });

/** The order a save answered with: its id and number. */
export function savedPurchaseOrder(answer: unknown) {
  return savedOrder.parse(answer);
}
