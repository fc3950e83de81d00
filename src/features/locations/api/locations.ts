import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { numberField, stockFieldRules, textField, type TextRules } from '@/lib/form-fields';
import { gstinProblem } from '@/lib/gstin';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import { locationsKeys } from '../query-keys';
import type { EwayBillInput } from './eway-bill-fields';

/** One item's quantity at one location (stock_by_location). */
export interface LocatedStock {
  location_id: string;
  location_name: string;
  location_kind: 'own' | 'job_worker';
  is_main: boolean;
  product_id: string | null;
  material_id: string | null;
  item_name: string;
  unit: string;
  quantity: number;
}

/** The owner's stock per item per location. */
export function useStockByLocation() {
  return useQuery({
    queryKey: [...locationsKeys.locations, 'stock'],
    queryFn: async () => (await callRpc('stock_by_location')) as LocatedStock[],
  });
}

/** An item at locations: the key of its row in the stock table and of its choice in a transfer line. */
export const itemKey = (row: { product_id: string | null; material_id: string | null }) =>
  row.product_id ? `product:${row.product_id}` : `material:${row.material_id}`;

// create_location's limits, for feedback as the owner types; the server decides.
export const locationFieldRules = {
  name: { label: 'Name', maxLength: 100, required: true },
  gstin: { label: 'GSTIN', maxLength: 15, required: false },
  address: { label: 'Address', maxLength: 500, required: false },
} satisfies Record<string, TextRules>;

/** A supplier a job worker location can name (its GSTIN and state are the supplier's). */
export interface JobWorkerSupplier {
  id: string;
  supplier_name: string;
  gstin: string | null;
}

/** The owner's suppliers, for the job worker choice (a shop has tens, not thousands). */
export function useJobWorkerSuppliers() {
  return useQuery({
    queryKey: [...locationsKeys.locations, 'suppliers'],
    queryFn: async (): Promise<JobWorkerSupplier[]> => {
      const { data, error } = await supabase
        .from('suppliers')
        .select('id, supplier_name, gstin')
        .order('supplier_name')
        .order('id')
        .limit(1000);
      if (error) throw toUserError(error);
      return data;
    },
  });
}

// An own place (a shop, a second godown, with its GSTIN when registered apart), or a job worker:
// one of the owner's suppliers, whose GSTIN and state the location takes.
export const createLocationSchema = z
  .object({
    kind: z.enum(['own', 'job_worker']),
    name: textField(locationFieldRules.name),
    supplier_id: z.string(),
    gstin: z.string().trim().toUpperCase(),
    address: textField(locationFieldRules.address),
  })
  .superRefine((location, ctx) => {
    const problem = location.gstin === '' || location.kind !== 'own' ? null : gstinProblem(location.gstin);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
    if (location.kind === 'job_worker' && location.supplier_id === '') {
      ctx.addIssue({ code: 'custom', path: ['supplier_id'], message: 'A job worker location names its supplier.' });
    }
  });
export type CreateLocationForm = z.input<typeof createLocationSchema>;
export type CreateLocationInput = z.output<typeof createLocationSchema>;

export function useCreateLocation() {
  return useWrite({
    write: (input: CreateLocationInput, submissionId: string) =>
      callRpc(
        'create_location',
        withRequestId(
          input.kind === 'job_worker'
            ? {
                name: input.name,
                kind: 'job_worker',
                supplier_id: input.supplier_id,
                address: input.address || undefined,
              }
            : {
                name: input.name,
                kind: 'own',
                gstin: input.gstin || undefined,
                address: input.address || undefined,
              },
          submissionId,
        ),
      ),
    tables: ['locations'],
  });
}

export const transferSchema = z
  .object({
    from_location_id: z.string().min(1, 'Choose the location the stock leaves.'),
    to_location_id: z.string().min(1, 'Choose the location the stock goes to.'),
    lines: z
      .array(
        z.object({
          item: z.string().min(1, 'Choose an item.'),
          quantity: numberField(stockFieldRules.receivedQuantity),
        }),
      )
      .min(1, 'Add at least one item to transfer.'),
  })
  .superRefine((transfer, ctx) => {
    if (transfer.from_location_id !== '' && transfer.from_location_id === transfer.to_location_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_location_id'],
        message: 'Stock goes to another location than the one it leaves.',
      });
    }
    const seen = new Set<string>();
    transfer.lines.forEach((line, index) => {
      if (line.item !== '' && seen.has(line.item)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'item'],
          message: 'Each item can be listed once per transfer.',
        });
      }
      seen.add(line.item);
    });
  });
export type TransferForm = z.input<typeof transferSchema>;
export type TransferInput = z.output<typeof transferSchema>;

export interface TransferAnswer {
  delivery_challan_id: string;
  challan_number: string;
  lines: number;
  taxable_value: number | null;
}

export function useTransferStock() {
  return useWrite({
    write: async (input: TransferInput, submissionId: string) =>
      (await callRpc(
        'transfer_stock',
        withRequestId(
          {
            from_location_id: input.from_location_id,
            to_location_id: input.to_location_id,
            lines: input.lines.map((line) => {
              const [kind, id] = line.item.split(':');
              return { [kind === 'product' ? 'product_id' : 'material_id']: id, quantity: line.quantity };
            }),
          },
          submissionId,
        ),
      )) as unknown as TransferAnswer,
    tables: ['locations'],
  });
}

export interface ChallanListRow {
  id: string;
  challan_number: string;
  challan_date: string;
  from_location_name: string;
  to_location_name: string;
  taxable_value: number | null;
  /** Rule 138 (rules.needs_eway_bill); null when the value is not known. */
  needs_eway_bill: boolean | null;
}

/** The latest delivery challans, newest first. */
export function useDeliveryChallans() {
  return useQuery({
    queryKey: [...locationsKeys.locations, 'challans'],
    queryFn: async (): Promise<ChallanListRow[]> => {
      const { data, error } = await supabase
        .from('delivery_challans')
        .select(
          'id, challan_number, challan_date, from_location_name, to_location_name, taxable_value, needs_eway_bill',
        )
        .order('created_at', { ascending: false })
        .limit(50);
      if (error) throw toUserError(error);
      return data;
    },
  });
}

export interface DeliveryChallan {
  delivery_challan_id: string;
  challan_number: string;
  challan_date: string;
  /** transfer (between own places) or job_work (to a job worker). */
  purpose: 'transfer' | 'job_work';
  consignor: { name: string; address: string; gstin: string; location: string; state_code: string; state_name: string };
  consignee: {
    name: string;
    address: string | null;
    gstin: string | null;
    location: string;
    state_code: string;
    state_name: string;
  };
  place_of_supply: { state_code: string; state_name: string };
  taxable_value: number | null;
  lines: {
    position: number;
    description: string;
    hsn_code: string | null;
    unit: string;
    quantity: number;
    unit_value: number | null;
    taxable_value: number | null;
  }[];
}

export function useDeliveryChallan(id: string) {
  return useQuery({
    queryKey: [...locationsKeys.locations, 'challan', id],
    queryFn: async () => {
      const challan = (await callRpc('get_delivery_challan', {
        delivery_challan_id: id,
      })) as unknown as DeliveryChallan | null;
      if (!challan) throw new Error('This delivery challan was not found.');
      return challan;
    },
  });
}

/** The e-way bill portal's bulk JSON for one challan (eway_bill_json), saved as a download. */
export function useEwayBillJson() {
  return useMutation({
    mutationFn: async ({ challanId, input }: { challanId: string; input: EwayBillInput }) =>
      await callRpc('eway_bill_json', {
        delivery_challan_ids: [challanId],
        transport_mode: 'road',
        distance_km: input.distance_km,
        vehicle_number: input.vehicle_number,
      }),
  });
}
