import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { contactFields, textField } from '@/lib/form-fields';
import { checkGstinState } from '@/lib/gstin';
import { receivableStatuses } from '@/lib/payment-status';
import type { PaymentMode } from '@/lib/payments';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import { customersKeys } from '../query-keys';

export interface Customer {
  id: string;
  name: string;
  gstin: string | null;
  billing_address: string | null;
  state_code: string;
  shipping_address: string | null;
  phone: string | null;
  email: string | null;
  credit_days: number;
  archived_at: string | null;
}

const CUSTOMER_COLUMNS =
  'id, name, gstin, billing_address, state_code, shipping_address, phone, email, credit_days, archived_at';

// A shop sells directly to tens of boutiques and retailers, not thousands: the list and the
// pickers read them all (at most a page of the API's 1,000 rows), by name.
async function fetchCustomers(): Promise<Customer[]> {
  const { data, error } = await supabase
    .from('customers')
    .select(CUSTOMER_COLUMNS)
    .order('name')
    .order('id')
    .limit(1000);
  if (error) throw toUserError(error);
  return data;
}

export function useCustomers() {
  return useQuery({ queryKey: [...customersKeys.customers, 'list'], queryFn: fetchCustomers });
}

// Dues -------------------------------------------------------------------------------------------

const money = z.coerce.number();
export const ageingBuckets = ['0-30', '31-60', '61-90', 'over 90'] as const;

const openDocumentSchema = z.object({
  kind: z.enum(['invoice', 'order']),
  id: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  product_names: z.array(z.string()),
  amount: money,
  paid: money,
  due: money,
  due_day: z.string(),
  status: z.enum(receivableStatuses),
  age_days: z.number(),
});
export type OpenDocument = z.infer<typeof openDocumentSchema>;

const customerDuesSchema = z.object({
  customer_id: z.string(),
  name: z.string(),
  credit_days: z.number(),
  archived: z.boolean(),
  due: money,
  overdue: money,
  ageing: z.object({ '0-30': money, '31-60': money, '61-90': money, 'over 90': money }),
  documents: z.array(openDocumentSchema),
});
export type CustomerDues = z.infer<typeof customerDuesSchema>;

/** Per customer: what is due, overdue, by age, and the open invoices and direct orders (customer_dues). */
export function useCustomerDues() {
  return useQuery({
    queryKey: [...customersKeys.customers, 'dues'],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('customer_dues');
      if (error) throw toUserError(error);
      return z.array(customerDuesSchema).parse(data);
    },
  });
}

/** How an open document reads in lists: "Invoice AT/26-27/4" or "Order D-17: Silk dress". */
export function documentLabel(document: Pick<OpenDocument, 'kind' | 'number' | 'product_names'>): string {
  if (document.kind === 'invoice') return `Invoice ${document.number}`;
  const what = document.product_names.join(', ');
  return document.number ? `Order ${document.number}: ${what}` : `Order: ${what}`;
}

// The customer form --------------------------------------------------------------------------------

export const customerFieldRules = {
  name: { label: 'Customer name', maxLength: 200, required: true },
  gstin: { label: 'GSTIN', maxLength: 15, required: false },
  billingAddress: { label: 'Billing address', maxLength: 500, required: false },
  shippingAddress: { label: 'Shipping address', maxLength: 500, required: false },
} as const;

/** create_customer's checks and messages, for feedback on the field before a round trip. */
export const customerFormSchema = z
  .object({
    name: textField(customerFieldRules.name),
    gstin: textField(customerFieldRules.gstin).transform((gstin) => gstin.toUpperCase()),
    billing_address: textField(customerFieldRules.billingAddress),
    state_code: z.string().min(1, 'State is required.'),
    shipping_address: textField(customerFieldRules.shippingAddress),
    ...contactFields,
    credit_days: z
      .string()
      .trim()
      .refine((days) => /^[0-9]{0,3}$/.test(days) && Number(days) <= 365, {
        message: 'Credit days must be a whole number from 0 to 365.',
      })
      .transform((days) => (days === '' ? 0 : Number(days))),
  })
  .superRefine((customer, ctx) =>
    checkGstinState(customer, ctx, (code) => `A registered customer's state is its GSTIN's: ${code}.`),
  );
export type CustomerForm = z.input<typeof customerFormSchema>;
export type CustomerInput = z.output<typeof customerFormSchema>;

export function customerFormDefaults(edited: Customer | null): CustomerForm {
  return {
    name: edited?.name ?? '',
    gstin: edited?.gstin ?? '',
    billing_address: edited?.billing_address ?? '',
    state_code: edited?.state_code ?? '',
    shipping_address: edited?.shipping_address ?? '',
    phone: edited?.phone ?? '',
    email: edited?.email ?? '',
    credit_days: String(edited?.credit_days ?? 30),
  };
}

/** Empty text is left out: the server's default, null, clears it (update_customer too). */
const orNone = (text: string) => (text === '' ? undefined : text);

function customerArgs(input: CustomerInput) {
  return {
    name: input.name,
    gstin: orNone(input.gstin),
    billing_address: orNone(input.billing_address),
    state_code: input.state_code,
    shipping_address: orNone(input.shipping_address),
    phone: orNone(input.phone),
    email: orNone(input.email),
    credit_days: input.credit_days,
  };
}

/** Saves the customer form: a new customer (create_customer) or the edited one (update_customer). */
export function useSaveCustomer(edited: Customer | null) {
  return useWrite({
    write: async (input: CustomerInput, submissionId) =>
      (edited === null
        ? await callRpc('create_customer', withRequestId(customerArgs(input), submissionId))
        : await callRpc('update_customer', { customer_id: edited.id, ...customerArgs(input) })) as Customer,
    tables: ['customers'],
  });
}

export function useArchiveCustomer() {
  return useWrite({
    write: async ({ customer, archived }: { customer: Customer; archived: boolean }) =>
      (await callRpc('archive_customer', { customer_id: customer.id, archived })) as Customer,
    tables: ['customers'],
  });
}

// Payments ---------------------------------------------------------------------------------------

export interface PaymentInput {
  customer_id: string;
  paid_on: string;
  mode: PaymentMode;
  reference: string;
  /** The documents paid, each with its part: they add up to the payment's amount. */
  allocations: { kind: 'invoice' | 'order'; id: string; amount: number }[];
}

export function useRecordPayment() {
  return useWrite({
    write: async (input: PaymentInput, submissionId) =>
      (await callRpc(
        'record_payment',
        withRequestId(
          {
            customer_id: input.customer_id,
            // Added in paise, so the sum is the allocations' exactly.
            amount: input.allocations.reduce((total, part) => total + Math.round(part.amount * 100), 0) / 100,
            paid_on: input.paid_on,
            mode: input.mode,
            reference: orNone(input.reference.trim()),
            allocations: input.allocations.map((part) =>
              part.kind === 'invoice'
                ? { invoice_id: part.id, amount: part.amount }
                : { order_id: part.id, amount: part.amount },
            ),
          },
          submissionId,
        ),
      )) as unknown as { payment_id: string; due: number },
    tables: ['customer_payments'],
  });
}

// The statement ----------------------------------------------------------------------------------

const statementSchema = z.object({
  customer: z.object({
    name: z.string(),
    gstin: z.string().nullable(),
    billing_address: z.string().nullable(),
    state_code: z.string(),
    state_name: z.string().nullable(),
    credit_days: z.number(),
  }),
  supplier: z.object({ legal_name: z.string(), address: z.string(), gstin: z.string() }).nullable(),
  date_from: z.string(),
  date_to: z.string(),
  opening_balance: money,
  entries: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(['invoice', 'order', 'credit_note', 'payment']),
      number: z.string().nullable(),
      description: z.string(),
      debit: money,
      credit: money,
      balance: money,
    }),
  ),
  total_debit: money,
  total_credit: money,
  closing_balance: money,
});
export type Statement = z.infer<typeof statementSchema>;

export function useCustomerStatement(customerId: string, dateFrom: string, dateTo: string) {
  return useQuery({
    queryKey: [...customersKeys.customers, 'statement', customerId, dateFrom, dateTo],
    queryFn: async () => {
      const { data, error } = await supabase.rpc('customer_statement', {
        customer_id: customerId,
        date_from: dateFrom,
        date_to: dateTo,
      });
      if (error) throw toUserError(error);
      return statementSchema.parse(data);
    },
    enabled: dateFrom !== '' && dateTo !== '' && dateFrom <= dateTo,
  });
}
