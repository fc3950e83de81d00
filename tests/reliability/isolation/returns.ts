import { expect } from 'vitest';
import { rpcOk } from '../support';
import type { IsolationArea } from './support';

/** Returns and claims (issue 29). */
const area: IsolationArea = {
  tables: {
    sales_returns: {
      key: (owner) => ['id', owner.returnId],
      row: (owner, user_id) => ({
        id: owner.returnId,
        user_id,
        sales_order_id: owner.shippedId,
        kind: 'rto',
        sellable: 999,
        return_date: '2026-01-01',
      }),
      edit: { sellable: 999 },
    },
    return_claims: {
      key: (owner) => ['id', owner.claimId],
      row: (owner, user_id) => ({
        id: owner.claimId,
        user_id,
        sales_return_id: owner.returnId,
        sales_order_id: owner.shippedId,
        reason: 'damaged',
        units: 999,
        deadline: '2099-01-01',
      }),
      edit: { status: 'Approved', amount_reimbursed: 999 },
    },
  },
  attempts: 6,
  async attack({ first, second, as }, attempts) {
    // Returns (issue 29): the first user's orders cannot be returned, their claim not moved, their
    // returns report lines find nothing, and the returns panel counts only own figures.
    for (const [label, orderId] of [
      ['open order', first.saleId],
      ['shipped order', first.shippedId],
    ] as const) {
      await attempts.call(
        `record_return of the first user's ${label}`,
        as('record_return', { order_id: orderId, kind: 'customer_return', sellable: 1 }),
        'Sales order not found.',
      );
    }
    await attempts.call(
      'update_claim',
      as('update_claim', { claim_id: first.claimId, status: 'Approved', amount_reimbursed: 1 }),
      'Claim not found.',
    );
    const stolenReturn = {
      external_order_id: 'STEAL-1',
      sku: 'SKU-First shirt',
      quantity: 1,
      kind: 'rto',
      return_date: '2026-01-05',
    };
    await attempts.call(
      'import_returns',
      as('import_returns', { platform: 'Flipkart', lines: [stolenReturn] }),
      'Line 1: No Flipkart order STEAL-1 has SKU SKU-First shirt.',
    );
    attempts.count++;
    expect(
      await rpcOk(second.user, 'preview_returns_import', { platform: 'Flipkart', lines: [stolenReturn] }),
    ).toMatchObject([{ line_number: 1, outcome: 'unknown_order', product_name: null }]);
    attempts.count++;
    const returnsPanel = await rpcOk<{ most_returned: { product_id: string }[] }>(second.user, 'dashboard_returns', {
      period: 'all_time',
    });
    expect(returnsPanel.most_returned.map((row) => row.product_id)).toEqual([second.productId]);
    expect(JSON.stringify(returnsPanel)).not.toContain(first.claimId);
  },
};

export default area;
