import { expect } from 'vitest';
import { rpcOk } from '../support';
import type { IsolationArea } from './support';

/** Platform fees and settlements (issue 30). */
const area: IsolationArea = {
  tables: {
    platform_fees: {
      key: () => ['platform', 'Flipkart'],
      row: (_owner, user_id) => ({
        user_id,
        platform: 'Flipkart',
        commission_percent: 0,
        fee_per_order: 0,
        shipping_per_order: 0,
      }),
      edit: { commission_percent: 0 },
    },
  },
  attempts: 3,
  async attack({ first, second }, attempts) {
    // A settlement naming the first user's marketplace order: never matched to it (issue 30), and
    // none of the first user's payments reach the second user's reads.
    attempts.count++;
    const firstOrderId = (
      await first.user.client
        .from('sales_orders')
        .select('external_order_id')
        .not('external_order_id', 'is', null)
        .single()
    ).data!.external_order_id!;
    expect(
      await rpcOk(second.user, 'preview_settlement_import', {
        platform: 'Flipkart',
        lines: [
          {
            settlement_id: 'S-1',
            external_order_id: firstOrderId,
            posted_date: '2026-01-05',
            category: 'sale',
            amount: 10,
          },
        ],
      }),
    ).toMatchObject([{ line_number: 1, outcome: 'unmatched', matched: false }]);
    attempts.count++;
    const reconciliation = await rpcOk<{ rows: { external_order_id: string }[] }>(
      second.user,
      'list_reconciliation',
      {},
    );
    expect(JSON.stringify(reconciliation)).not.toContain(firstOrderId);
    attempts.count++;
    expect(JSON.stringify(await rpcOk(second.user, 'list_unmatched_settlement_lines', {}))).not.toContain(firstOrderId);
  },
};

export default area;
