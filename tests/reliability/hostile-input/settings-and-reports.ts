import { fees, MB, numberCases, PERIOD_MESSAGE, PLATFORM_MESSAGE, rpcCase, type Case } from './support';

/** set_platform_fees, dashboard_panels, product_costing, what_to_buy. */
export default function cases(): Case[] {
  const list: Case[] = [];
  // set_platform_fees, dashboard_panels, product_costing, what_to_buy -------------------------------
  list.push(
    ...numberCases('set_platform_fees', 'commission_percent', 'Commission percent', fees, {
      minimum: '0',
      whole: false,
    }),
    ...numberCases('set_platform_fees', 'fee_per_order', 'Fee per order', fees, { minimum: '0', whole: false }),
    ...numberCases('set_platform_fees', 'shipping_per_order', 'Shipping per order', fees, {
      minimum: '0',
      whole: false,
    }),
    rpcCase(
      'set_platform_fees',
      'commission_percent 100.01',
      { ...fees, commission_percent: 100.01 },
      400,
      'Commission percent must be at most 100.',
    ),
    rpcCase(
      'set_platform_fees',
      'commission_percent 1000',
      { ...fees, commission_percent: 1000 },
      400,
      'Commission percent must be at most 100.',
    ),
    rpcCase(
      'set_platform_fees',
      'commission_percent 3 decimals',
      { ...fees, commission_percent: 12.345 },
      400,
      'Commission percent can have at most 2 decimal places.',
    ),
    rpcCase(
      'set_platform_fees',
      'fee_per_order a fraction of a paisa',
      { ...fees, fee_per_order: 1.005 },
      400,
      'Fee per order can have at most 2 decimal places.',
    ),
    rpcCase(
      'set_platform_fees',
      'shipping_per_order 1e-10',
      { ...fees, shipping_per_order: 1e-10 },
      400,
      'Shipping per order can have at most 2 decimal places.',
    ),
    rpcCase('set_platform_fees', 'platform unknown', { ...fees, platform: 'Nykaa' }, 400, PLATFORM_MESSAGE),
    rpcCase('set_platform_fees', 'platform lower case', { ...fees, platform: 'amazon' }, 400, PLATFORM_MESSAGE),
    rpcCase('set_platform_fees', 'platform null', { ...fees, platform: null }, 400, PLATFORM_MESSAGE),
    rpcCase(
      'set_platform_fees',
      'platform SQL text',
      { ...fees, platform: "Amazon'; delete from public.platform_fees; --" },
      400,
      PLATFORM_MESSAGE,
    ),
    rpcCase('set_platform_fees', 'platform 1 MB', { ...fees, platform: MB }, 400, PLATFORM_MESSAGE),
    rpcCase(
      'set_platform_fees',
      'shipping missing',
      { platform: 'Amazon', commission_percent: 5, fee_per_order: 0 },
      404,
      /set_platform_fees/,
    ),
    rpcCase(
      'set_platform_fees',
      'a user_id argument',
      { ...fees, user_id: crypto.randomUUID() },
      404,
      /set_platform_fees/,
    ),
    rpcCase('dashboard_panels', 'period unknown', { period: 'yesterday' }, 400, PERIOD_MESSAGE),
    rpcCase('dashboard_panels', 'period null', { period: null }, 400, PERIOD_MESSAGE),
    rpcCase('dashboard_panels', 'period a number', { period: 30 }, 400, PERIOD_MESSAGE),
    rpcCase(
      'dashboard_panels',
      'period SQL text',
      { period: "all_time'; delete from public.sales_orders; --" },
      400,
      PERIOD_MESSAGE,
    ),
    rpcCase('dashboard_panels', 'period 1 MB', { period: MB }, 400, PERIOD_MESSAGE),
    rpcCase('dashboard_panels', 'period missing', {}, 404, /dashboard_panels/),
    rpcCase('product_costing', 'an unknown argument', { user_id: crypto.randomUUID() }, 404, /product_costing/),
    rpcCase('what_to_buy', 'an unknown argument', { user_id: crypto.randomUUID() }, 404, /what_to_buy/),
  );

  return list;
}
