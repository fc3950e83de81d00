import { expect } from 'vitest';
import { rpcOk } from '../support';
import type { IsolationArea } from './support';

/** Sales orders: logging, fulfilling, cancelling and returning them, and the order report import. */
const area: IsolationArea = {
  tables: {
    sales_orders: {
      key: (owner) => ['id', owner.saleId],
      row: (owner, user_id) => ({
        id: owner.saleId,
        user_id,
        product_id: owner.productId,
        product_name: 'Pwned',
        quantity: 1,
        unit_price: 0,
        total_amount: 0,
      }),
      edit: { status: 'Fulfilled' },
    },
  },
  attempts: 10,
  async attack({ first, second, as }, attempts) {
    await attempts.call('log_sale', as('log_sale', { product_id: first.productId, quantity: 1 }), 'Product not found.');

    await attempts.call(
      'fulfil_sales_order',
      as('fulfil_sales_order', { order_id: first.saleId }),
      'Sales order not found.',
    );
    await attempts.call(
      'fulfil_sales_orders',
      as('fulfil_sales_orders', { order_ids: [first.saleId] }),
      '1 of the 1 orders was not found. Nothing was fulfilled.',
    );

    // Ids of the wrong kind: an order id where a product goes, and the other way round.
    await attempts.call(
      'log_sale (order id)',
      as('log_sale', { product_id: first.saleId, quantity: 1 }),
      'Product not found.',
    );

    await attempts.call(
      'fulfil_sales_order (run id)',
      as('fulfil_sales_order', { order_id: first.openOrderId }),
      'Sales order not found.',
    );

    await attempts.call(
      'cancel_sales_order',
      as('cancel_sales_order', { order_id: first.saleId }),
      'Sales order not found.',
    );
    await attempts.call(
      'return_sales_order',
      as('return_sales_order', { order_id: first.saleId, restock: true }),
      'Sales order not found.',
    );

    // A marketplace report naming the first user's SKU: unknown to the second user, in the preview too.
    const stolenLine = {
      external_order_id: 'STEAL-1',
      order_date: '2026-01-05',
      sku: 'SKU-First shirt',
      quantity: 1,
      total_amount: 100,
    };
    await attempts.call(
      'import_sales_orders',
      as('import_sales_orders', { platform: 'Amazon', lines: [stolenLine] }),
      'Line 1: No product has SKU SKU-First shirt.',
    );
    attempts.count++;
    expect(
      await rpcOk(second.user, 'preview_sales_orders_import', { platform: 'Amazon', lines: [stolenLine] }),
    ).toEqual([
      {
        line_number: 1,
        outcome: 'unknown_sku',
        message: 'No product has SKU SKU-First shirt.',
        product_name: null,
        status: 'Unfulfilled',
        sku: 'SKU-First shirt',
        product_id: null,
        place_of_supply: null,
      },
    ]);
    // Nor does the first user's Amazon alias (issue 34) resolve for the second user.
    attempts.count++;
    expect(
      await rpcOk(second.user, 'preview_sales_orders_import', {
        platform: 'Amazon',
        lines: [{ ...stolenLine, sku: 'First-AMZ' }],
      }),
    ).toMatchObject([{ outcome: 'unknown_sku', product_id: null, product_name: null, sku: 'First-AMZ' }]);
  },
};

export default area;
