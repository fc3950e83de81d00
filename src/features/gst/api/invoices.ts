import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { todayInIndia } from '@/lib/csv';
import { optionalDayField, textField } from '@/lib/form-fields';
import { gstinProblem } from '@/lib/gstin';
import { stateName } from '@/lib/india-states';
import { gstKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import { invoiceFieldRules } from './field-rules';

/** Amounts as the database sends numerics in JSON: numbers. */
type Amount = number;

export interface InvoiceListRow {
  invoice_id: string;
  invoice_number: string;
  invoice_date: string;
  buyer_name: string;
  buyer_gstin: string | null;
  buyer_state_code: string;
  /** The customer who owes it (issue 46); null for a buyer typed in. */
  customer_id: string | null;
  taxable_value: Amount;
  cgst: Amount;
  sgst: Amount;
  igst: Amount;
  total: Amount;
  orders: number;
  credited: Amount;
}

export interface InvoicePage {
  total: number;
  rows: InvoiceListRow[];
}

export const INVOICES_PER_PAGE = 25;

async function fetchInvoices(page: number): Promise<InvoicePage> {
  const data = await callRpc('list_invoices', { page_size: INVOICES_PER_PAGE, page_offset: page * INVOICES_PER_PAGE });
  return data as unknown as InvoicePage;
}

/** One page of invoices, newest first. */
export function useInvoices(page: number) {
  return useQuery({
    queryKey: [...gstKeys.gst, 'invoices', page],
    queryFn: () => fetchInvoices(page),
    placeholderData: keepPreviousData,
  });
}

export interface Party {
  name?: string;
  legal_name?: string;
  address: string | null;
  gstin: string | null;
  state_code: string;
  state_name: string;
}

export interface InvoiceLine {
  invoice_line_id: string;
  line_number: number;
  description: string;
  hsn_code: string | null;
  quantity: number;
  uqc: string | null;
  unit_price: Amount;
  gst_rate: Amount;
  cgst_rate: Amount;
  sgst_rate: Amount;
  igst_rate: Amount;
  taxable_value: Amount;
  cgst: Amount;
  sgst: Amount;
  igst: Amount;
  total: Amount;
  credited_quantity: number;
  credited_total: Amount;
}

export interface CreditNote {
  credit_note_id: string;
  note_number: string;
  note_date: string;
  reason: string | null;
  taxable_value: Amount;
  cgst: Amount;
  sgst: Amount;
  igst: Amount;
  total: Amount;
  total_in_words: string;
  lines: {
    invoice_line_id: string;
    line_number: number;
    description: string;
    hsn_code: string | null;
    quantity: number | null;
    gst_rate: Amount;
    taxable_value: Amount;
    cgst: Amount;
    sgst: Amount;
    igst: Amount;
    total: Amount;
  }[];
}

/** An invoice as get_invoice gives it: everything Rule 46 asks the printed invoice to show. */
export interface Invoice {
  invoice_id: string;
  invoice_number: string;
  invoice_date: string;
  supplier: Party;
  buyer: Party;
  place_of_supply: { state_code: string; state_name: string };
  intra_state: boolean;
  reverse_charge: string;
  lines: InvoiceLine[];
  taxable_value: Amount;
  cgst: Amount;
  sgst: Amount;
  igst: Amount;
  total: Amount;
  total_in_words: string;
  tax_in_words: string;
  credit_notes: CreditNote[];
}

export function useInvoice(invoiceId: string) {
  return useQuery({
    queryKey: [...gstKeys.gst, 'invoice', invoiceId],
    queryFn: async () => (await callRpc('get_invoice', { invoice_id: invoiceId })) as unknown as Invoice,
  });
}

/**
 * A Brand Website, Ajio or Other order that no invoice lists yet (marketplaces invoice their buyers;
 * Ajio's purchase orders are sales to Reliance Retail, invoiced to its GSTIN).
 */
export interface InvoiceableOrder {
  id: string;
  product_name: string;
  quantity: number;
  total_amount: number;
  order_date: string;
  platform: string;
  gst_rate: number | null;
}

/** How many recent orders the Create invoice dialog looks at (an invoice lists at most 100). */
const INVOICEABLE_SHOWN = 100;

async function fetchInvoiceableOrders(): Promise<InvoiceableOrder[]> {
  const { data, error } = await supabase
    .from('sales_orders')
    .select('id, product_name, quantity, total_amount, order_date, platform, gst_rate, invoice_lines(id)')
    .in('platform', ['Brand Website', 'Ajio', 'Other'])
    .not('status', 'in', '("Cancelled","Returned")')
    .order('order_date', { ascending: false })
    .limit(INVOICEABLE_SHOWN);
  if (error) throw toUserError(error);
  // An invoiced order has its invoice line (one at most): those stay out.
  return data
    .filter((order) => order.invoice_lines === null)
    .map(({ invoice_lines: _lines, ...order }) => ({
      ...order,
      quantity: Number(order.quantity),
      total_amount: Number(order.total_amount),
      gst_rate: order.gst_rate === null ? null : Number(order.gst_rate),
    }));
}

export function useInvoiceableOrders(enabled: boolean) {
  return useQuery({ queryKey: [...gstKeys.gst, 'invoiceable'], queryFn: fetchInvoiceableOrders, enabled });
}

/**
 * rules.place_of_supply_problem's refusal: a registered buyer's place of supply is its GSTIN's state.
 */
function placeOfSupplyProblem(gstin: string, stateCode: string): string | null {
  const gstinState = gstin.slice(0, 2);
  if (gstinState === stateCode) return null;
  return `GSTIN ${gstin} is ${stateName(gstinState)} (${gstinState}) but place of supply is ${stateCode} ${stateName(stateCode)}: a registered buyer's place of supply is its GSTIN's state.`;
}

// create_invoice's refusals about the buyer, for feedback before a save; the server decides.
export const invoiceFormSchema = z
  .object({
    order_ids: z.array(z.string()).min(1, 'Choose at least one order to invoice.').max(100),
    // A customer's id, or empty for a buyer typed in.
    customer_id: z.string(),
    buyer_name: textField(invoiceFieldRules.buyerName),
    buyer_gstin: z.string().trim().toUpperCase(),
    buyer_state_code: z.string().min(1, 'Buyer state code is required.'),
    buyer_address: textField(invoiceFieldRules.buyerAddress),
    // Empty: today (India). create_invoice refuses a future day and one before the latest sale.
    invoice_date: optionalDayField({
      earliest: '2000-01-01',
      latest: () => todayInIndia(),
      message: 'Invoice date cannot be in the future.',
    }),
  })
  .superRefine((invoice, ctx) => {
    const problem = invoice.buyer_gstin === '' ? null : gstinProblem(invoice.buyer_gstin);
    if (problem) ctx.addIssue({ code: 'custom', path: ['buyer_gstin'], message: problem });
    else if (invoice.buyer_gstin !== '' && invoice.buyer_state_code !== '') {
      const mismatch = placeOfSupplyProblem(invoice.buyer_gstin, invoice.buyer_state_code);
      if (mismatch) ctx.addIssue({ code: 'custom', path: ['buyer_state_code'], message: mismatch });
    }
  });
export type InvoiceForm = z.input<typeof invoiceFormSchema>;
export type InvoiceInput = z.output<typeof invoiceFormSchema>;

export const newInvoice: InvoiceForm = {
  order_ids: [],
  customer_id: '',
  buyer_name: '',
  buyer_gstin: '',
  buyer_state_code: '',
  buyer_address: '',
  invoice_date: '',
};

export interface CreatedInvoice {
  invoice_id: string;
  invoice_number: string;
  taxable_value: Amount;
  cgst: Amount;
  sgst: Amount;
  igst: Amount;
  total: Amount;
}

export function useCreateInvoice() {
  return useWrite({
    write: async (input: InvoiceInput, submissionId) =>
      (await callRpc(
        'create_invoice',
        withRequestId(
          {
            order_ids: input.order_ids,
            customer_id: input.customer_id === '' ? undefined : input.customer_id,
            buyer_name: input.buyer_name,
            buyer_gstin: input.buyer_gstin === '' ? undefined : input.buyer_gstin,
            buyer_state_code: input.buyer_state_code,
            buyer_address: input.buyer_address === '' ? undefined : input.buyer_address,
            invoice_date: input.invoice_date,
          },
          submissionId,
        ),
      )) as unknown as CreatedInvoice,
    tables: ['invoices'],
  });
}

/** One line of a credit note: units returned, or an amount (GST included) for a price correction. */
export type CreditLine = { invoice_line_id: string; quantity: number } | { invoice_line_id: string; amount: number };

export interface CreatedCreditNote {
  credit_note_id: string;
  note_number: string;
  total: Amount;
}

export function useCreateCreditNote() {
  return useWrite({
    write: async (input: { invoice_id: string; lines: CreditLine[]; reason: string }, submissionId) =>
      (await callRpc(
        'create_credit_note',
        withRequestId(
          { invoice_id: input.invoice_id, lines: input.lines, reason: input.reason === '' ? undefined : input.reason },
          submissionId,
        ),
      )) as unknown as CreatedCreditNote,
    tables: ['invoices'],
  });
}
