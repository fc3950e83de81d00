import { type Case } from './support';

/** Malformed JSON bodies on every operation. */
export default function cases(): Case[] {
  const list: Case[] = [];
  // Malformed JSON bodies on every operation ------------------------------------------------------
  for (const fn of [
    'create_product',
    'create_raw_material',
    'log_sale',
    'fulfil_sales_order',
    'start_production',
    'complete_production',
    'dashboard_summary',
    'receive_material',
    'adjust_stock',
    'update_product',
    'update_raw_material',
    'archive_item',
    'cancel_sales_order',
    'return_sales_order',
    'cancel_manufacturing_order',
    'set_platform_fees',
    'dashboard_panels',
    'product_costing',
    'what_to_buy',
    'import_raw_materials',
    'import_products',
    'owner_report',
    'import_sales_orders',
    'preview_sales_orders_import',
    'record_return',
    'update_claim',
    'import_returns',
    'preview_returns_import',
    'dashboard_returns',
  ]) {
    for (const [name, raw] of [
      ['truncated JSON', '{"product_id":'],
      ['not JSON', 'product_id=1'],
      ['a JSON string', '"log_sale"'],
      ['single quotes', "{'quantity': 1}"],
      ['a trailing comma', '{"quantity": 1,}'],
      ['NaN literal', '{"quantity": NaN}'],
    ] as const) {
      list.push({
        name: `${fn}: body ${name}`,
        route: `/rest/v1/rpc/${fn}`,
        method: 'POST',
        raw,
        status: 400,
        code: 'PGRST102',
        message: /^(Empty or invalid json|The payload of a function call must be one JSON object)$/,
      });
    }
  }

  return list;
}
