import type { Database } from '@/lib/database.types';

export type PurchaseOrderStatus = Database['public']['Enums']['purchase_order_status'];

/** Badge colours: open orders stand out, finished ones read as done. */
export const purchaseStatusColor: Record<PurchaseOrderStatus, string> = {
  Draft: 'gray',
  Ordered: 'blue',
  'Partially received': 'orange',
  Received: 'green',
  Cancelled: 'gray',
};

export const canEdit = (status: PurchaseOrderStatus) => status === 'Draft';
export const canPlace = (status: PurchaseOrderStatus) => status === 'Draft';
export const canReceive = (status: PurchaseOrderStatus) => status === 'Ordered' || status === 'Partially received';
export const canCancel = (status: PurchaseOrderStatus) =>
  status === 'Draft' || status === 'Ordered' || status === 'Partially received';
