import { z } from 'zod';
import {
  numberProblem,
  optionalDayField,
  purchaseFieldRules as rules,
  readTypedNumber,
  stockFieldRules,
  supplierInvoiceIssues,
  textField,
} from '@/lib/form-fields';
import type { PurchaseOrderLine } from './purchase-orders';
import { remainingQuantity } from '../utils/purchase-figures';

/**
 * The receipt form: per line still due, what arrived in its purchase unit (empty: nothing of it
 * this time) and its GST, a rate or the amount paid (which then stands as given, as Receive stock
 * takes it); the supplier's invoice it came with, needed once a line has GST.
 * receive_purchase_order's checks, with its messages.
 */
export function receiveFormSchema(lines: PurchaseOrderLine[]) {
  return z
    .object({
      received: z.record(z.string(), z.string()),
      gst_rate: z.record(z.string(), z.string()),
      gst_paid: z.record(z.string(), z.string()),
      supplier_invoice_number: textField(rules.supplierInvoiceNumber),
      supplier_invoice_date: optionalDayField(rules.supplierInvoiceDate),
      note: textField(rules.note),
    })
    .superRefine((form, ctx) => {
      let any = false;
      let taxed = false;
      for (const line of lines) {
        const text = form.received[line.id] ?? '';
        const problem = numberProblem(text, rules.received);
        if (problem !== null) {
          ctx.addIssue({ code: 'custom', path: ['received', line.id], message: problem });
          continue;
        }
        if (text.trim() === '') continue;
        any = true;
        const paid = form.gst_paid[line.id] ?? '';
        const paidProblem = numberProblem(paid, stockFieldRules.gstPaid);
        if (paidProblem !== null) ctx.addIssue({ code: 'custom', path: ['gst_paid', line.id], message: paidProblem });
        taxed ||= (form.gst_rate[line.id] ?? '') !== '' || paid.trim() !== '';
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
      for (const issue of supplierInvoiceIssues(form, taxed)) ctx.addIssue({ code: 'custom', ...issue });
    })
    .transform((form) => ({
      note: form.note,
      supplier_invoice_number: form.supplier_invoice_number,
      supplier_invoice_date: form.supplier_invoice_date,
      lines: lines
        .filter((line) => (form.received[line.id] ?? '').trim() !== '')
        .map((line) => {
          const rate = form.gst_rate[line.id] ?? '';
          const paid = (form.gst_paid[line.id] ?? '').trim();
          return {
            line_id: line.id,
            quantity: readTypedNumber(form.received[line.id]!)!.value,
            ...(rate === '' ? {} : { gst_rate: Number(rate) }),
            ...(paid === '' ? {} : { gst_paid: readTypedNumber(paid)!.value }),
          };
        }),
    }));
}

export type ReceiveForm = {
  received: Record<string, string>;
  gst_rate: Record<string, string>;
  gst_paid: Record<string, string>;
  supplier_invoice_number: string;
  supplier_invoice_date: string;
  note: string;
};
export type ReceiveLine = { line_id: string; quantity: number; gst_rate?: number; gst_paid?: number };
export type ReceiveInput = {
  note: string;
  supplier_invoice_number: string;
  supplier_invoice_date: string | undefined;
  lines: ReceiveLine[];
};
