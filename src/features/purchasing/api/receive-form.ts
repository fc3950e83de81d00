import { z } from 'zod';
import { numberProblem, purchaseFieldRules as rules, readTypedNumber, textField } from '@/lib/form-fields';
import type { PurchaseOrderLine } from './purchase-orders';
import { remainingQuantity } from '../utils/purchase-figures';

/**
 * The receipt form: per line still due, what arrived in its purchase unit (empty: nothing of it
 * this time). receive_purchase_order's checks, with its message when more arrives than is due.
 */
export function receiveFormSchema(lines: PurchaseOrderLine[]) {
  return z
    .object({
      received: z.record(z.string(), z.string()),
      note: textField(rules.note),
    })
    .superRefine((form, ctx) => {
      let any = false;
      for (const line of lines) {
        const text = form.received[line.id] ?? '';
        const problem = numberProblem(text, rules.received);
        if (problem !== null) {
          ctx.addIssue({ code: 'custom', path: ['received', line.id], message: problem });
          continue;
        }
        if (text.trim() === '') continue;
        any = true;
        const due = remainingQuantity(line);
        if (readTypedNumber(text)!.value > due) {
          ctx.addIssue({
            code: 'custom',
            path: ['received', line.id],
            message: `Only ${due} ${line.purchase_unit} of ${line.raw_materials.material_name} are still due on this order.`,
          });
        }
      }
      if (!any)
        ctx.addIssue({
          code: 'custom',
          path: ['received'],
          message: 'Enter a quantity received for at least one line.',
        });
    })
    .transform((form) => ({
      note: form.note,
      lines: lines
        .filter((line) => (form.received[line.id] ?? '').trim() !== '')
        .map((line) => ({ line_id: line.id, quantity: readTypedNumber(form.received[line.id]!)!.value })),
    }));
}

export type ReceiveForm = { received: Record<string, string>; note: string };
export type ReceiveInput = { note: string; lines: { line_id: string; quantity: number }[] };
