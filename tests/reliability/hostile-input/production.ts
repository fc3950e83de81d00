import { caseBuilders, numberCases, rpcCase, type Case, type Fixture } from './support';

/** fulfil_sales_order, start_production, complete_production. */
export default function cases(f: Fixture): Case[] {
  const { run } = caseBuilders(f);
  const list: Case[] = [];
  // fulfil_sales_order, start_production, complete_production -------------------------------------
  list.push(
    rpcCase('fulfil_sales_order', 'order null', { order_id: null }, 400, 'Sales order not found.'),
    rpcCase('fulfil_sales_order', 'order unknown', { order_id: crypto.randomUUID() }, 400, 'Sales order not found.'),
    rpcCase(
      'fulfil_sales_order',
      'order not a uuid',
      { order_id: '1; drop table x' },
      400,
      /invalid input syntax for type uuid/,
    ),
    rpcCase(
      'fulfil_sales_order',
      'order an array',
      { order_id: [f.saleId] },
      400,
      /invalid input syntax for type uuid/,
    ),
    rpcCase(
      'fulfil_sales_order',
      'order already fulfilled',
      { order_id: f.saleId },
      400,
      'This order is already fulfilled.',
    ),
    rpcCase('fulfil_sales_orders', 'ids null', { order_ids: null }, 400, 'Choose at least one order to fulfil.'),
    rpcCase('fulfil_sales_orders', 'ids empty', { order_ids: [] }, 400, 'Choose at least one order to fulfil.'),
    rpcCase(
      'fulfil_sales_orders',
      'ids not uuids',
      { order_ids: ['1; drop table x'] },
      400,
      /invalid input syntax for type uuid/,
    ),
    rpcCase('fulfil_sales_orders', 'ids not a list', { order_ids: 'kurta' }, 400, /malformed array literal/),
    rpcCase(
      'fulfil_sales_orders',
      'an id unknown',
      { order_ids: [crypto.randomUUID()] },
      400,
      '1 of the 1 orders was not found. Nothing was fulfilled.',
    ),
    rpcCase(
      'fulfil_sales_orders',
      'more than 1,000 ids',
      { order_ids: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
      400,
      'At most 1000 orders can be fulfilled at once; this has 1001.',
    ),
    rpcCase(
      'fulfil_sales_orders',
      'an order already fulfilled',
      { order_ids: [f.saleId] },
      400,
      '1 of the 1 orders is no longer Unfulfilled (fulfilled, cancelled or returned). Nothing was fulfilled.',
    ),
    ...numberCases('start_production', 'quantity_to_produce', 'Quantity to produce', run, {
      minimum: '1',
      whole: true,
    }),
    rpcCase(
      'start_production',
      'quantity beyond the materials',
      { ...run, quantity_to_produce: 1_000_000_000 },
      400,
      'Not enough raw materials to start production.',
    ),
    rpcCase('start_production', 'product null', { ...run, product_id: null }, 400, 'Product is required.'),
    rpcCase(
      'start_production',
      'product unknown',
      { ...run, product_id: crypto.randomUUID() },
      400,
      'Product not found.',
    ),
    rpcCase(
      'start_production',
      'product not a uuid',
      { ...run, product_id: 'x' },
      400,
      /invalid input syntax for type uuid/,
    ),
    rpcCase('complete_production', 'order null', { order_id: null }, 400, 'Manufacturing order not found.'),
    rpcCase(
      'complete_production',
      'order unknown',
      { order_id: crypto.randomUUID() },
      400,
      'Manufacturing order not found.',
    ),
    rpcCase(
      'complete_production',
      'order already completed',
      { order_id: f.completedRunId },
      400,
      'This manufacturing order is already completed.',
    ),
    rpcCase('complete_production', 'order not a uuid', { order_id: 'NaN' }, 400, /invalid input syntax for type uuid/),
    rpcCase('dashboard_summary', 'an unknown argument', { user_id: crypto.randomUUID() }, 404, /dashboard_summary/),
  );

  return list;
}
