import { useQuery } from '@tanstack/react-query';
import { gstKeys } from '../query-keys';
import { callRpc, useWrite } from '@/lib/write';
import type { Gstr1Summary } from '../utils/gstr1-files';

export interface InputTax {
  month: string;
  rows: { gst_rate: number | null; receipts: number; purchase_value: number; gst_paid: number }[];
  /** Each supplier's invoice received in the month, by GSTIN: the rows to match with GSTR-2B. */
  invoices: {
    supplier_gstin: string | null;
    supplier_name: string | null;
    supplier_invoice_number: string | null;
    supplier_invoice_date: string | null;
    po_number: number | null;
    receipts: number;
    purchase_value: number;
    gst_paid: number;
  }[];
  purchase_value: number;
  gst_paid: number;
}

/** A month's GSTR-1 (gstr1_summary) and input tax, for the GST section. */
export function useGstMonth(month: string) {
  return useQuery({
    queryKey: [...gstKeys.gst, 'month', month],
    queryFn: async () => {
      const [summary, inputTax] = await Promise.all([
        callRpc('gstr1_summary', { month }),
        callRpc('input_tax', { month }),
      ]);
      return { summary: summary as unknown as Gstr1Summary, inputTax: inputTax as unknown as InputTax };
    },
  });
}

/**
 * The buyer's state of a sale whose place of supply is unknown (issue 42): its tax is split again
 * for it (set_place_of_supply), and it leaves the unknown list for its GSTR-1 table.
 */
export function useSetPlaceOfSupply() {
  return useWrite({
    write: (input: { order_id: string; state: string }) => callRpc('set_place_of_supply', input),
    tables: ['sales_orders'],
  });
}
