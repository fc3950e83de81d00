import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Database } from '@/lib/database.types';
import { pageRange, type ListState, type Page } from '@/lib/list-state';
import { purchasingKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import type { PurchaseOrderStatus } from '../utils/purchase-status';
import type { ReceiveInput } from './receive-form';

export type { PurchaseOrderStatus };

const amount = z.coerce.number();
const status = z.enum(['Draft', 'Ordered', 'Partially received', 'Received', 'Cancelled'] satisfies [
  Database['public']['Enums']['purchase_order_status'],
  ...Database['public']['Enums']['purchase_order_status'][],
]);

const listedOrder = z.object({
  purchase_order_id: z.string(),
  po_number: z.number(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  status,
  expected_date: z.string().nullable(),
  late: z.boolean(),
  created_at: z.string(),
  line_count: z.number(),
  total: amount,
});
const orderPage = z.object({ total: z.number(), rows: z.array(listedOrder) });

/** A row of list_purchase_orders, with `id` for the list table. */
export type ListedPurchaseOrder = z.infer<typeof listedOrder> & { id: string };

export interface PurchaseOrderFilters {
  lateOnly: boolean;
}

export const initialPurchaseOrderList: ListState<PurchaseOrderFilters, 'created_at'> = {
  page: 1,
  pageSize: 25,
  search: '',
  filters: { lateOnly: false },
  sort: { by: 'created_at', ascending: false },
};

async function fetchPurchaseOrderPage({
  search,
  filters,
  page,
  pageSize,
}: Pick<ListState<PurchaseOrderFilters, 'created_at'>, 'search' | 'filters' | 'page' | 'pageSize'>): Promise<
  Page<ListedPurchaseOrder>
> {
  const { offset, limit } = pageRange({ page, pageSize });
  const { data, error } = await supabase.rpc('list_purchase_orders', {
    search,
    late_only: filters.lateOnly,
    page_size: limit,
    page_offset: offset,
  });
  if (error) throw toUserError(error);
  const parsed = orderPage.parse(data);
  return { ...parsed, offset, rows: parsed.rows.map((row) => ({ ...row, id: row.purchase_order_id })) };
}

/** One page of purchase orders, newest first; the previous page stays up while the next loads. */
export function usePurchaseOrderPage(state: ListState<PurchaseOrderFilters, 'created_at'>) {
  return useQuery({
    queryKey: [...purchasingKeys.purchaseOrders, 'page', state],
    queryFn: () => fetchPurchaseOrderPage(state),
    placeholderData: keepPreviousData,
  });
}

/** The late orders (placed, not all here, past their expected date): the dashboard's card. */
export function useLatePurchaseOrders() {
  return useQuery({
    queryKey: [...purchasingKeys.purchaseOrders, 'late'],
    queryFn: () => fetchPurchaseOrderPage({ search: '', filters: { lateOnly: true }, page: 1, pageSize: 25 }),
  });
}

// One order with its lines ----------------------------------------------------------------------------

const orderLine = z.object({
  id: z.string(),
  line_number: z.number(),
  material_id: z.string(),
  purchase_unit: z.string(),
  units_per_purchase_unit: amount,
  quantity: amount,
  unit_price: amount,
  received_quantity: amount,
  raw_materials: z.object({
    material_name: z.string(),
    unit_of_measure: z.string(),
    stock_level: amount,
    cost_per_unit: amount,
  }),
});
const orderDetail = z.object({
  id: z.string(),
  po_number: z.number(),
  status,
  supplier_id: z.string(),
  expected_date: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  placed_at: z.string().nullable(),
  suppliers: z.object({
    supplier_name: z.string(),
    contact: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    gstin: z.string().nullable(),
    payment_terms: z.string().nullable(),
  }),
  purchase_order_lines: z.array(orderLine),
});

export type PurchaseOrder = z.infer<typeof orderDetail>;
export type PurchaseOrderLine = PurchaseOrder['purchase_order_lines'][number];

async function fetchPurchaseOrder(id: string): Promise<PurchaseOrder | null> {
  const { data, error } = await supabase
    .from('purchase_orders')
    .select(
      'id, po_number, status, supplier_id, expected_date, note, created_at, placed_at, ' +
        'suppliers(supplier_name, contact, phone, email, gstin, payment_terms), ' +
        'purchase_order_lines(id, line_number, material_id, purchase_unit, units_per_purchase_unit, quantity, ' +
        'unit_price, received_quantity, raw_materials(material_name, unit_of_measure, stock_level, cost_per_unit))',
    )
    .eq('id', id)
    .maybeSingle();
  if (error) throw toUserError(error);
  if (data === null) return null;
  const order = orderDetail.parse(data);
  order.purchase_order_lines.sort((a, b) => a.line_number - b.line_number);
  return order;
}

/** One order with its supplier and lines (null: not found), kept live by its row's changes. */
export function usePurchaseOrder(id: string | null) {
  return useQuery({
    queryKey: [...purchasingKeys.purchaseOrders, 'one', id],
    queryFn: id ? () => fetchPurchaseOrder(id) : skipToken,
  });
}

// Status changes ----------------------------------------------------------------------------------------

/** Place order, and Cancel order: each one update conditioned on the status, so a repeat is refused. */
export function usePurchaseOrderStatus() {
  return useWrite({
    write: ({ orderId, action }: { orderId: string; action: 'place' | 'cancel' }) =>
      callRpc(action === 'place' ? 'place_purchase_order' : 'cancel_purchase_order', { po_id: orderId }),
    tables: ['purchase_orders'],
  });
}

/**
 * What arrived, per line in its purchase unit with its GST rate, on the supplier's invoice: stock and
 * cost change with the order, and the GST paid is the month's input tax.
 */
export function useReceivePurchaseOrder() {
  return useWrite({
    write: ({ orderId, ...input }: ReceiveInput & { orderId: string }, submissionId) =>
      callRpc(
        'receive_purchase_order',
        withRequestId(
          {
            po_id: orderId,
            lines: input.lines,
            note: input.note === '' ? undefined : input.note,
            supplier_invoice_number: input.supplier_invoice_number === '' ? undefined : input.supplier_invoice_number,
            supplier_invoice_date: input.supplier_invoice_date,
          },
          submissionId,
        ),
      ),
    tables: ['purchase_orders', 'purchase_order_lines', 'raw_materials'],
  });
}
