import { describe, expect, it, vi } from 'vitest';
import { toCsv } from '@/lib/csv';
import type { SalesOrder } from './get-sales-orders';

const { fetchSalesOrderPage, skuRequests } = vi.hoisted(() => ({
  fetchSalesOrderPage: vi.fn(),
  skuRequests: [] as string[][],
}));

vi.mock('./get-sales-orders', () => ({ fetchSalesOrderPage }));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: () => ({
      select: () => ({
        in: async (_column: string, ids: string[]) => {
          skuRequests.push(ids);
          return { data: ids.map((id) => ({ id, products: { sku: `SKU-${id}` } })), error: null };
        },
      }),
    }),
  },
}));

const { earnsNothing, salesOrdersExport } = await import('./sales-orders-export');

const order = (id: string, status: SalesOrder['status']): SalesOrder => ({
  id,
  order_date: '2026-11-03T10:00:00Z',
  product_name: 'Kurta',
  platform: 'Flipkart',
  quantity: 2,
  total_amount: 1598,
  status,
  external_order_id: null,
  fees: 120.5,
  profit: 377.5,
  // A fully returned order: both units back, one unrestocked (cost 250), 60 of return fees.
  returned_quantity: status === 'Returned' ? 2 : 0,
  return_fees: status === 'Returned' ? 60 : 0,
  profit_after_returns: status === 'Returned' ? -430.5 : 377.5,
});

const query = { search: '', sort_by: 'order_date', ascending: false };

describe('salesOrdersExport', () => {
  it('keeps the spec columns in place and adds SKU after them', () => {
    expect(salesOrdersExport(query).columns.map((column) => column.header)).toEqual([
      'Order ID',
      'Date',
      'Product',
      'Platform',
      'Qty',
      'Total',
      'Fees',
      'Recorded Profit',
      'Status',
      'Marketplace Order ID',
      'SKU',
      'Returned Qty',
      'Return Fees',
      'Profit After Returns',
    ]);
  });

  it('leaves the recorded profit empty on cancelled and returned orders, and fees and profit after returns only on cancelled ones', () => {
    expect(
      ['Unfulfilled', 'Fulfilled', 'Cancelled', 'Returned'].map((status) => earnsNothing({ status } as SalesOrder)),
    ).toEqual([false, false, true, true]);
    const rows = (['Unfulfilled', 'Fulfilled', 'Cancelled', 'Returned'] as const).map((status, index) => ({
      ...order(`o${index}`, status),
      sku: 'K-1',
    }));
    const lines = toCsv(salesOrdersExport(query).columns, rows).split('\r\n').slice(1, -1);
    expect(lines.map((line) => line.split(',').slice(5))).toEqual([
      ['1598.00', '120.50', '377.50', 'Unfulfilled', '', 'K-1', '0', '0.00', '377.50'],
      ['1598.00', '120.50', '377.50', 'Fulfilled', '', 'K-1', '0', '0.00', '377.50'],
      ['1598.00', '', '', 'Cancelled', '', 'K-1', '0', '0.00', ''],
      // A returned order's lost fees and loss stay, as the dashboard counts them (issue 29).
      ['1598.00', '120.50', '', 'Returned', '', 'K-1', '2', '60.00', '-430.50'],
    ]);
  });

  it('leaves both profits empty, never 0, on an order whose cost was unknown (issue 33)', () => {
    const unknown = { ...order('u1', 'Fulfilled'), profit: null, profit_after_returns: null, sku: 'D-1' };
    const [line] = toCsv(salesOrdersExport(query).columns, [unknown]).split('\r\n').slice(1, -1);
    expect(line?.split(',').slice(5)).toEqual(['1598.00', '120.50', '', 'Fulfilled', '', 'D-1', '0', '0.00', '']);
  });

  it("fetches each page's SKUs a hundred orders at a time", async () => {
    const orders = Array.from({ length: 250 }, (_, index) => order(`o${index}`, 'Fulfilled'));
    fetchSalesOrderPage.mockResolvedValueOnce({ total: 250, offset: 0, rows: orders });
    skuRequests.length = 0;
    const rows = await salesOrdersExport(query).fetchPage({ from: 0, to: 999 });
    expect(fetchSalesOrderPage).toHaveBeenCalledWith(query, { page: 1, pageSize: 1000 });
    expect(skuRequests.map((ids) => ids.length)).toEqual([100, 100, 50]);
    expect(rows).toHaveLength(250);
    expect(rows[249]).toEqual({ ...orders[249], sku: 'SKU-o249' });
  });
});
