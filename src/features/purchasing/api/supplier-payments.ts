import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { numberField, type NumberRules } from '@/lib/form-fields';
import { paymentDetailsSchema } from '@/lib/payments';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import { purchasingKeys } from '../query-keys';

/** What the business owes one supplier (supplier_dues), by the age of its bills. */
export interface SupplierDue {
  id: string;
  supplier_name: string;
  billed: number;
  paid: number;
  due: number;
  days_0_30: number;
  days_31_60: number;
  days_61_90: number;
  over_90: number;
  oldest_due_date: string | null;
}

export function useSupplierDues() {
  return useQuery({
    queryKey: purchasingKeys.supplierDues,
    queryFn: async (): Promise<SupplierDue[]> => {
      const rows = await callRpc('supplier_dues');
      return rows.map((row) => ({
        ...row,
        id: row.supplier_id,
        billed: Number(row.billed),
        paid: Number(row.paid),
        due: Number(row.due),
        days_0_30: Number(row.days_0_30),
        days_31_60: Number(row.days_31_60),
        days_61_90: Number(row.days_61_90),
        over_90: Number(row.over_90),
      }));
    },
  });
}

/** record_supplier_payment's checks and messages, for feedback on the field before a round trip. */
export const paymentAmountRules: NumberRules = { label: 'Amount', decimals: 2, min: 0.01 };

export function supplierPaymentSchema(owed: number) {
  return paymentDetailsSchema.extend({
    amount: numberField(paymentAmountRules).refine((amount) => amount <= owed, {
      message: `Only Rs ${owed.toFixed(2)} is owed.`,
    }),
  });
}

export type SupplierPaymentForm = z.input<ReturnType<typeof supplierPaymentSchema>>;
export type SupplierPaymentInput = z.output<ReturnType<typeof supplierPaymentSchema>>;

/** Records a payment to a supplier (record_supplier_payment): it settles the oldest bills first. */
export function useRecordSupplierPayment(supplierId: string) {
  return useWrite({
    write: (input: SupplierPaymentInput, submissionId) =>
      callRpc(
        'record_supplier_payment',
        withRequestId(
          {
            supplier_id: supplierId,
            amount: input.amount,
            paid_on: input.paid_on,
            mode: input.mode,
            reference: input.reference === '' ? undefined : input.reference,
          },
          submissionId,
        ),
      ),
    tables: ['supplier_payments'],
  });
}
