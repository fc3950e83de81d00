import type { IsolationArea } from './support';

/** Production runs and planning (issue 33). */
const area: IsolationArea = {
  tables: {
    manufacturing_orders: {
      key: (owner) => ['id', owner.openOrderId],
      row: (owner, user_id) => ({
        id: owner.openOrderId,
        user_id,
        product_id: owner.productId,
        product_name: 'Pwned',
        quantity_to_produce: 999,
      }),
      edit: { status: 'Completed' },
    },
  },
  attempts: 9,
  async attack({ first, db, as }, attempts) {
    await attempts.call(
      'start_production',
      as('start_production', { product_id: first.productId, quantity_to_produce: 1 }),
      'Product not found.',
    );
    await attempts.call(
      'complete_production',
      as('complete_production', { order_id: first.openOrderId }),
      'Manufacturing order not found.',
    );

    await attempts.call(
      'complete_production (sale id)',
      as('complete_production', { order_id: first.saleId }),
      'Manufacturing order not found.',
    );

    await attempts.call(
      'cancel_manufacturing_order',
      as('cancel_manufacturing_order', { order_id: first.openOrderId }),
      'Manufacturing order not found.',
    );

    // Planning (issue 33): velocity of the caller's products only; the first user's product is not found.
    await attempts.read('product_planning', () => db.rpc('product_planning'), 'own');
    await attempts.read(
      "product_planning of the first user's product",
      () => db.rpc('product_planning', { product_ids: [first.productId] }),
      'none',
    );
    await attempts.call(
      "plan_production for the first user's product",
      as('plan_production', { targets: [{ product_id: first.productId, quantity: 1 }] }),
      'Product not found.',
    );
    await attempts.call(
      "commit_production_plan of the first user's product",
      as('commit_production_plan', { plan: { runs: [{ product_id: first.productId, quantity_to_produce: 1 }] } }),
      'Product not found.',
    );
    await attempts.call(
      "accept_reorder_point of the first user's product",
      as('accept_reorder_point', { product_id: first.productId }),
      'Product not found.',
    );
  },
};

export default area;
