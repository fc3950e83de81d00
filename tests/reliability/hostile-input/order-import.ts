import { MB, PLATFORM_MESSAGE, rpcCase, SQL_TEXTS, type Case, type Fixture } from './support';

/** import_sales_orders and its preview. */
export default function cases(f: Fixture): Case[] {
  const list: Case[] = [];
  // import_sales_orders and its preview: every refusal names the line and writes nothing ------------
  const orderLine = {
    external_order_id: 'H-1',
    order_date: '2026-01-05',
    sku: `SKU-${f.productName}`,
    quantity: 1,
    total_amount: 100,
  };
  const importOf = (line: unknown) => ({ platform: 'Amazon', lines: [line] });
  const LINES_MESSAGE = 'Lines must be a list of order lines.';
  list.push(
    rpcCase(
      'import_sales_orders',
      'lines an object',
      { platform: 'Amazon', lines: { lines: [orderLine] } },
      400,
      LINES_MESSAGE,
    ),
    rpcCase('import_sales_orders', 'lines null', { platform: 'Amazon', lines: null }, 400, LINES_MESSAGE),
    rpcCase(
      'import_sales_orders',
      'lines a JSON string',
      { platform: 'Amazon', lines: JSON.stringify([orderLine]) },
      400,
      LINES_MESSAGE,
    ),
    rpcCase(
      'import_sales_orders',
      '5,001 lines',
      { platform: 'Amazon', lines: Array.from({ length: 5_001 }, () => orderLine) },
      400,
      'At most 5000 lines can be imported at once; this has 5001.',
    ),
    rpcCase(
      'import_sales_orders',
      'platform unknown',
      { platform: 'Nykaa', lines: [orderLine] },
      400,
      PLATFORM_MESSAGE,
    ),
    rpcCase('import_sales_orders', 'a line a number', importOf(7), 400, 'Line 1: Each line must be an object.'),
    rpcCase(
      'import_sales_orders',
      'quantity 2.5',
      importOf({ ...orderLine, quantity: 2.5 }),
      400,
      'Line 1: Quantity must be a whole number.',
    ),
    rpcCase(
      'import_sales_orders',
      'quantity "NaN"',
      importOf({ ...orderLine, quantity: 'NaN' }),
      400,
      'Line 1: Quantity must be a number.',
    ),
    rpcCase(
      'import_sales_orders',
      'quantity 1e300',
      importOf({ ...orderLine, quantity: 1e300 }),
      400,
      'Line 1: Quantity must be at most 1000000000.',
    ),
    rpcCase(
      'import_sales_orders',
      'quantity beyond stock',
      importOf({ ...orderLine, quantity: 1000 }),
      400,
      new RegExp(`^Line 1: Not enough stock for ${f.productName}\\. Only \\d+ available\\.$`),
    ),
    rpcCase(
      'import_sales_orders',
      'amount negative',
      importOf({ ...orderLine, total_amount: -1 }),
      400,
      'Line 1: Amount must be at least 0.',
    ),
    rpcCase(
      'import_sales_orders',
      'amount a fraction of a paisa',
      importOf({ ...orderLine, total_amount: 1.005 }),
      400,
      'Line 1: Amount can have at most 2 decimal places.',
    ),
    rpcCase(
      'import_sales_orders',
      'order id 1 MB',
      importOf({ ...orderLine, external_order_id: MB }),
      400,
      'Line 1: Order id must be at most 100 characters.',
    ),
    rpcCase(
      'import_sales_orders',
      'order date impossible',
      importOf({ ...orderLine, order_date: '2026-13-45' }),
      400,
      'Line 1: Order date must be a date (YYYY-MM-DD).',
    ),
    rpcCase(
      'import_sales_orders',
      'order date SQL text',
      importOf({ ...orderLine, order_date: "2026-01-01'; delete from public.sales_orders; --" }),
      400,
      'Line 1: Order date must be a date (YYYY-MM-DD).',
    ),
    rpcCase(
      'import_sales_orders',
      'SKU SQL text',
      importOf({ ...orderLine, sku: SQL_TEXTS[0] }),
      400,
      `Line 1: No product has SKU ${SQL_TEXTS[0]}.`,
    ),
    rpcCase(
      'import_sales_orders',
      'line number 0',
      importOf({ ...orderLine, line: 0 }),
      400,
      'Line 1: Line number must be at least 1.',
    ),
    rpcCase(
      'import_sales_orders',
      'a user_id argument',
      { ...importOf(orderLine), user_id: crypto.randomUUID() },
      404,
      /import_sales_orders/,
    ),
    rpcCase(
      'preview_sales_orders_import',
      'lines an object',
      { platform: 'Amazon', lines: { lines: [orderLine] } },
      400,
      LINES_MESSAGE,
    ),
    rpcCase(
      'preview_sales_orders_import',
      'platform unknown',
      { platform: 'Nykaa', lines: [orderLine] },
      400,
      PLATFORM_MESSAGE,
    ),
  );

  return list;
}
