import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contactFields, optionalNumberField, supplierFieldRules as rules, textField } from '@/lib/form-fields';
import { gstinProblem, TAXPAYER_GSTIN_PATTERN } from '@/lib/gstin';
import { purchasingKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

export interface Supplier {
  id: string;
  supplier_name: string;
  contact: string | null;
  phone: string | null;
  email: string | null;
  gstin: string | null;
  lead_time_days: number | null;
  payment_terms: string | null;
  notes: string | null;
}

const SUPPLIER_COLUMNS = 'id, supplier_name, contact, phone, email, gstin, lead_time_days, payment_terms, notes';

// A shop buys from tens of suppliers, not thousands: the list and the order form's picker read them
// all (at most a page of the API's 1,000 rows), by name.
async function fetchSuppliers(): Promise<Supplier[]> {
  const { data, error } = await supabase
    .from('suppliers')
    .select(SUPPLIER_COLUMNS)
    .order('supplier_name')
    .order('id')
    .limit(1000);
  if (error) throw toUserError(error);
  return data;
}

export function useSuppliers() {
  return useQuery({ queryKey: purchasingKeys.suppliers, queryFn: fetchSuppliers });
}

// The supplier form --------------------------------------------------------------------------------

/** create_supplier's checks and messages, for feedback on the field before a round trip. */
export const supplierFormSchema = z.object({
  supplier_name: textField(rules.supplierName),
  contact: textField(rules.contact),
  ...contactFields,
  gstin: textField(rules.gstin)
    .transform((gstin) => gstin.toUpperCase())
    .superRefine((gstin, ctx) => {
      const problem = gstin === '' ? null : gstinProblem(gstin, TAXPAYER_GSTIN_PATTERN);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  lead_time_days: optionalNumberField(rules.leadTimeDays),
  payment_terms: textField(rules.paymentTerms),
  notes: textField(rules.notes),
});

export type SupplierForm = z.input<typeof supplierFormSchema>;
export type SupplierInput = z.output<typeof supplierFormSchema>;

export function supplierFormDefaults(edited: Supplier | null): SupplierForm {
  return {
    supplier_name: edited?.supplier_name ?? '',
    contact: edited?.contact ?? '',
    phone: edited?.phone ?? '',
    email: edited?.email ?? '',
    gstin: edited?.gstin ?? '',
    lead_time_days: edited?.lead_time_days == null ? '' : String(edited.lead_time_days),
    payment_terms: edited?.payment_terms ?? '',
    notes: edited?.notes ?? '',
  };
}

/** Empty text is left out: the server's default, null, clears it (update_supplier too). */
const orNone = (text: string) => (text === '' ? undefined : text);

function supplierArgs(input: SupplierInput) {
  return {
    supplier_name: input.supplier_name,
    contact: orNone(input.contact),
    phone: orNone(input.phone),
    email: orNone(input.email),
    gstin: orNone(input.gstin),
    lead_time_days: input.lead_time_days,
    payment_terms: orNone(input.payment_terms),
    notes: orNone(input.notes),
  };
}

/** Saves the supplier form: a new supplier (create_supplier) or the edited one (update_supplier). */
export function useSaveSupplier(edited: Supplier | null) {
  return useWrite({
    write: (input: SupplierInput, submissionId) =>
      edited === null
        ? callRpc('create_supplier', withRequestId(supplierArgs(input), submissionId))
        : callRpc('update_supplier', { supplier_id: edited.id, ...supplierArgs(input) }),
    // A rename shows on the supplier's materials.
    tables: ['suppliers', 'raw_materials'],
  });
}
