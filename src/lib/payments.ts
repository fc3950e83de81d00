import { z } from 'zod';
import { todayInIndia } from '@/lib/csv';
import { textField } from '@/lib/form-fields';

/**
 * How a payment is made: the codes customers' and suppliers' payments store (rules.payment_modes)
 * and how they read (rules.payment_mode_label, which the statement and the Tally export use).
 */
export const paymentModes = ['cash', 'bank_transfer', 'upi', 'cheque'] as const;
export type PaymentMode = (typeof paymentModes)[number];

export const paymentModeLabels: Record<PaymentMode, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  upi: 'UPI',
  cheque: 'Cheque',
};

function isPaymentMode(mode: string): mode is PaymentMode {
  return (paymentModes as readonly string[]).includes(mode);
}

export const paymentReferenceRules = { label: 'Reference', maxLength: 100, required: false } as const;

/**
 * What every payment states, received from a customer or made to a supplier, checked as
 * record_payment and record_supplier_payment check it: the day, the mode and a reference.
 */
export const paymentDetailsSchema = z.object({
  paid_on: z.string().refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= '2000-01-01' && day <= todayInIndia(), {
    message: 'Payment date must be between 2000-01-01 and today.',
  }),
  mode: z
    .string()
    .refine(isPaymentMode, { message: 'Choose how it was paid.' })
    .transform((mode) => mode as PaymentMode),
  reference: textField(paymentReferenceRules),
});
export type PaymentDetailsForm = z.input<typeof paymentDetailsSchema>;

/** Paid today; the mode is chosen each time (no guess that could be left as it was). */
export function paymentDetailsDefaults(): PaymentDetailsForm {
  return { paid_on: todayInIndia(), mode: '', reference: '' };
}
