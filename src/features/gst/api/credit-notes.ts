import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gstKeys } from '../query-keys';
import { callRpc } from '@/lib/write';
import type { Party } from './invoices';

export interface CreditNoteListRow {
  credit_note_id: string;
  note_number: string;
  note_date: string;
  invoice_id: string;
  invoice_number: string;
  invoice_date: string;
  buyer_name: string;
  buyer_gstin: string | null;
  reason: string | null;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export const CREDIT_NOTES_PER_PAGE = 25;

/** One page of credit notes on their own (list_credit_notes), newest first. */
export function useCreditNotes(page: number) {
  return useQuery({
    queryKey: [...gstKeys.gst, 'credit-notes', page],
    queryFn: async () =>
      (await callRpc('list_credit_notes', {
        page_size: CREDIT_NOTES_PER_PAGE,
        page_offset: page * CREDIT_NOTES_PER_PAGE,
      })) as unknown as { total: number; rows: CreditNoteListRow[] },
    placeholderData: keepPreviousData,
  });
}

/** A credit note as get_credit_note gives it: what Rule 53 asks the printed note to show. */
export interface CreditNoteDocument {
  credit_note_id: string;
  note_number: string;
  note_date: string;
  reason: string | null;
  invoice_number: string;
  invoice_date: string;
  supplier: Party;
  buyer: Party;
  place_of_supply: { state_code: string; state_name: string };
  intra_state: boolean;
  reverse_charge: string;
  lines: {
    line_number: number;
    description: string;
    hsn_code: string | null;
    quantity: number | null;
    uqc: string | null;
    gst_rate: number;
    cgst_rate: number;
    sgst_rate: number;
    igst_rate: number;
    taxable_value: number;
    cgst: number;
    sgst: number;
    igst: number;
    total: number;
  }[];
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  total_in_words: string;
  tax_in_words: string;
}

export function useCreditNote(creditNoteId: string) {
  return useQuery({
    queryKey: [...gstKeys.gst, 'credit-note', creditNoteId],
    queryFn: async () =>
      (await callRpc('get_credit_note', { credit_note_id: creditNoteId })) as unknown as CreditNoteDocument,
  });
}
