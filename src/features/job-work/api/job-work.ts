import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { numberField, optionalDayField, purchaseFieldRules, supplierInvoiceIssues, textField } from '@/lib/form-fields';
import { todayInIndia } from '@/lib/csv';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import { jobWorkKeys } from '../query-keys';

/** What is with a job worker, per item. */
export interface HeldItem {
  item: string;
  unit: string;
  quantity: number;
}

/** One job work order (job_work_orders_list). */
export interface JobWorkOrder {
  job_work_order_id: string;
  job_worker_location_id: string;
  job_worker_name: string;
  delivery_challan_id: string;
  challan_number: string;
  sent_on: string;
  expected_on: string | null;
  return_item: string;
  return_unit: string;
  /** A product in pieces comes back whole; one in metres or kg, and a material, to 3 decimals. */
  return_in_pieces: boolean;
  return_quantity: number;
  received_quantity: number;
  lost_quantity: number;
  due_quantity: number;
  charge_rate: number;
  charge_unit: string;
  charges: number;
  with_them: HeldItem[];
  age_days: number;
  return_by: string;
  warning: boolean;
}

/** Per job worker holding or owing something (job_work_pending). */
export interface JobWorkerPending {
  job_worker_location_id: string;
  job_worker_name: string;
  open_orders: number;
  with_them: HeldItem[];
  due_back: (HeldItem & { expected_on: string | null; challan_number: string })[];
  charges: number;
  oldest_sent_on: string;
  age_days: number;
  return_by: string;
  warning: boolean;
}

export function useJobWorkOrders() {
  return useQuery({
    queryKey: [...jobWorkKeys.jobWork, 'orders'],
    queryFn: async () => (await callRpc('job_work_orders_list')) as unknown as JobWorkOrder[],
  });
}

export function useJobWorkPending() {
  return useQuery({
    queryKey: [...jobWorkKeys.jobWork, 'pending'],
    queryFn: async () => (await callRpc('job_work_pending')) as unknown as JobWorkerPending[],
  });
}

/** An item at one of the owner's places, as the send form offers it. */
export interface StockHere {
  location_id: string;
  product_id: string | null;
  material_id: string | null;
  item_name: string;
  unit: string;
  quantity: number;
}

/** Stock per location, for the items the send form offers at the place they leave. */
export function useStockToSend() {
  return useQuery({
    queryKey: [...jobWorkKeys.jobWork, 'stock'],
    queryFn: async () => (await callRpc('stock_by_location')) as StockHere[],
  });
}

/** A stock item's choice in a line: "product:<id>" or "material:<id>". */
export const itemChoice = (row: { product_id: string | null; material_id: string | null }) =>
  row.product_id ? `product:${row.product_id}` : `material:${row.material_id}`;

/** {"product_id" | "material_id": id} from a choice. */
function itemOf(choice: string) {
  const [kind, id] = choice.split(':');
  return { [kind === 'product' ? 'product_id' : 'material_id']: id };
}

// send_job_work's checks and messages, for feedback before a round trip; the server decides.
export const sendJobWorkSchema = z
  .object({
    job_worker_location_id: z.string().min(1, 'Choose a job worker.'),
    from_location_id: z.string().min(1, 'Choose one of your own locations.'),
    lines: z
      .array(
        z.object({
          item: z.string().min(1, 'Choose an item.'),
          quantity: numberField({ label: 'Quantity', decimals: 3, min: 0, positive: true }),
        }),
      )
      .min(1, 'Add at least one item to send.'),
    returns: z.string().min(1, 'Say what comes back: one product or one material, and its quantity.'),
    returns_quantity: numberField({ label: 'Quantity to come back', decimals: 3, min: 0, positive: true }),
    charge_rate: numberField({ label: 'Charge per unit', decimals: 2, min: 0 }),
    charge_unit: textField({ label: 'Charge unit', maxLength: 32, required: false }),
    expected_on: optionalDayField({
      earliest: todayInIndia(),
      latest: () => '2100-12-31',
      message: 'Expected back on must be today or later.',
    }),
  })
  .superRefine((order, ctx) => {
    const seen = new Set<string>();
    order.lines.forEach((line, index) => {
      if (line.item !== '' && seen.has(line.item))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'item'],
          message: 'Each item can be listed once per job work order.',
        });
      seen.add(line.item);
    });
  });
export type SendJobWorkForm = z.input<typeof sendJobWorkSchema>;
export type SendJobWorkInput = z.output<typeof sendJobWorkSchema>;

export interface SendJobWorkAnswer {
  job_work_order_id: string;
  delivery_challan_id: string;
  challan_number: string;
}

const jobWorkTables = ['job_work_orders', 'locations', 'products', 'raw_materials'] as const;

export function useSendJobWork() {
  return useWrite({
    write: async (input: SendJobWorkInput, submissionId: string) =>
      (await callRpc(
        'send_job_work',
        withRequestId(
          {
            job_worker_location_id: input.job_worker_location_id,
            from_location_id: input.from_location_id,
            lines: input.lines.map((line) => ({ ...itemOf(line.item), quantity: line.quantity })),
            returns: { ...itemOf(input.returns), quantity: input.returns_quantity },
            charge_rate: input.charge_rate,
            charge_unit: input.charge_unit || undefined,
            expected_on: input.expected_on,
          },
          submissionId,
        ),
      )) as unknown as SendJobWorkAnswer,
    tables: [...jobWorkTables],
  });
}

/** receive_job_work's checks: what came back and what was lost, the charge's GST and its invoice. */
export function receiveJobWorkSchema(
  order: Pick<JobWorkOrder, 'due_quantity' | 'return_unit' | 'return_item' | 'job_worker_name' | 'return_in_pieces'>,
) {
  const piece = order.return_in_pieces;
  const quantity = (label: string) => numberField({ label, decimals: piece ? 0 : 3, min: 0, whenEmpty: 0 });
  return z
    .object({
      quantity_received: quantity('Quantity received'),
      loss: quantity('Loss'),
      location_id: z.string(),
      gst_rate: z.string(),
      supplier_invoice_number: textField(purchaseFieldRules.supplierInvoiceNumber),
      supplier_invoice_date: optionalDayField(purchaseFieldRules.supplierInvoiceDate),
    })
    .superRefine((receipt, ctx) => {
      if (receipt.quantity_received + receipt.loss === 0)
        ctx.addIssue({ code: 'custom', path: ['quantity_received'], message: 'Enter the quantity received or lost.' });
      else if (receipt.quantity_received + receipt.loss > order.due_quantity)
        ctx.addIssue({
          code: 'custom',
          path: ['quantity_received'],
          // receive_job_work's words.
          message: `Only ${Number(order.due_quantity)} ${order.return_unit} of ${order.return_item} is still due back from ${order.job_worker_name}.`,
        });
      const taxed = receipt.gst_rate !== '' && Number(receipt.gst_rate) > 0 && receipt.quantity_received > 0;
      for (const issue of supplierInvoiceIssues(receipt, taxed)) ctx.addIssue({ code: 'custom', ...issue });
    });
}
export type ReceiveJobWorkForm = z.input<ReturnType<typeof receiveJobWorkSchema>>;
export type ReceiveJobWorkInput = z.output<ReturnType<typeof receiveJobWorkSchema>>;

export interface ReceiveJobWorkAnswer {
  received: number;
  lost: number;
  due: number;
  charge: number;
  gst_paid: number;
  unit_cost: number | null;
}

export function useReceiveJobWork(orderId: string) {
  return useWrite({
    write: async (input: ReceiveJobWorkInput, submissionId: string) =>
      (await callRpc(
        'receive_job_work',
        withRequestId(
          {
            job_work_order_id: orderId,
            quantity_received: input.quantity_received,
            loss: input.loss,
            location_id: input.location_id || undefined,
            gst_rate: input.gst_rate === '' ? undefined : Number(input.gst_rate),
            supplier_invoice_number: input.supplier_invoice_number || undefined,
            supplier_invoice_date: input.supplier_invoice_date,
          },
          submissionId,
        ),
      )) as unknown as ReceiveJobWorkAnswer,
    // A receipt is the job worker's bill too (supplier_dues reads job_work_orders).
    tables: [...jobWorkTables],
  });
}

/** A period ITC-04 is filed for (rules.itc04_return_period): a half-year or a financial year. */
export interface Itc04Period {
  from_date: string;
  to_date: string;
  label: string;
}

/**
 * The periods to offer on `today` (YYYY-MM-DD, India): this financial year's and the last one's
 * half-years and whole years, the one running now first. Half-yearly above Rs 5 crore of the
 * previous year's turnover, else yearly (Notification 35/2021-Central Tax).
 */
export function itc04Periods(today: string): Itc04Period[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return [start, start - 1].flatMap((first) => {
    const later = {
      from_date: `${first}-10-01`,
      to_date: `${first + 1}-03-31`,
      label: `October ${first} to March ${first + 1}`,
    };
    const earlier = { from_date: `${first}-04-01`, to_date: `${first}-09-30`, label: `April to September ${first}` };
    const halves = first === start && month >= 4 && month <= 9 ? [earlier] : [later, earlier];
    return [
      ...halves,
      {
        from_date: `${first}-04-01`,
        to_date: `${first + 1}-03-31`,
        label: `Financial year ${first}-${String((first + 1) % 100).padStart(2, '0')}`,
      },
    ];
  });
}

interface Itc04Line {
  desc: string;
  uqc: string;
  qty: number;
}

/** The caller's ITC-04 (public.itc04) in the GST portal offline tool's layout. */
export interface Itc04 {
  /** Null until the business profile (Settings) is filled in. */
  gstin: string | null;
  fp: string;
  m2jw: { ctin?: string; jw_stcd: string; chnum: string; chdt: string; itms: (Itc04Line & { txval: number })[] }[];
  table5A: {
    ctin?: string;
    jw_stcd: string;
    items: (Itc04Line & { o_chnum: string; o_chdt: string; jw2_chnum?: string; jw2_chdt: string; lwqty?: number })[];
  }[];
  table5B: unknown[];
  table5C: unknown[];
}

export function useItc04(period: Itc04Period) {
  return useQuery({
    queryKey: [...jobWorkKeys.jobWork, 'itc04', period.from_date, period.to_date],
    queryFn: async () =>
      (await callRpc('itc04', { from_date: period.from_date, to_date: period.to_date })) as unknown as Itc04,
  });
}
