import { MB, PERIOD_MESSAGE, rpcCase, type Case } from './support';

/** Settlements (issue 30). */
export default function cases(): Case[] {
  const list: Case[] = [];
  // Settlements (issue 30): the settlement import and its preview, the reconciliation reads -------------
  const settlementLine = {
    settlement_id: 'S-1',
    external_order_id: 'S-ORDER-1',
    posted_date: '2026-01-05',
    category: 'sale',
    amount: 100,
  };
  const settlementOf = (line: unknown) => ({ platform: 'Amazon', lines: [line] });
  list.push(
    rpcCase(
      'import_settlement',
      '10,001 lines',
      { platform: 'Amazon', lines: Array.from({ length: 10_001 }, () => settlementLine) },
      400,
      'At most 10000 lines can be imported at once; this has 10001.',
    ),
    rpcCase(
      'import_settlement',
      'lines an object',
      { platform: 'Amazon', lines: { lines: [settlementLine] } },
      400,
      'Lines must be a list of settlement lines.',
    ),
    rpcCase(
      'import_settlement',
      'line number 2.5',
      settlementOf({ ...settlementLine, line: 2.5 }),
      400,
      'Line 1: Line number must be a whole number.',
    ),
    rpcCase(
      'import_settlement',
      'amount "NaN"',
      settlementOf({ ...settlementLine, amount: 'NaN' }),
      400,
      'Line 1: Amount must be a number.',
    ),
    rpcCase(
      'import_settlement',
      'amount 1e300',
      settlementOf({ ...settlementLine, amount: 1e300 }),
      400,
      'Line 1: Amount must be at most 1000000000.',
    ),
    rpcCase(
      'import_settlement',
      'description 1 MB',
      settlementOf({ ...settlementLine, description: MB }),
      400,
      'Line 1: Description must be at most 500 characters.',
    ),
    rpcCase(
      'import_settlement',
      'category SQL text',
      settlementOf({ ...settlementLine, category: "sale'; delete from public.settlement_lines; --" }),
      400,
      /^Line 1: Category must be one of: sale, /,
    ),
    rpcCase(
      'import_settlement',
      'posted date impossible',
      settlementOf({ ...settlementLine, posted_date: '2026-13-45' }),
      400,
      'Line 1: Posted date must be a date (YYYY-MM-DD).',
    ),
    rpcCase(
      'import_settlement',
      'a user_id argument',
      { ...settlementOf(settlementLine), user_id: crypto.randomUUID() },
      404,
      /import_settlement/,
    ),
    rpcCase(
      'list_reconciliation',
      'status unknown',
      { status: 'Paid' },
      400,
      'Status must be one of: Settled, Short paid, Over paid, Awaiting payment, Overdue.',
    ),
    rpcCase(
      'list_reconciliation',
      'sort by SQL text',
      { sort_by: 'difference; drop table public.settlement_lines' },
      400,
      'This list can be sorted by order_date, difference.',
    ),
    rpcCase('reconciliation_summary', 'period unknown', { period: 'yesterday' }, 400, PERIOD_MESSAGE),
    rpcCase('profit_leaks', 'period unknown', { period: 'yesterday' }, 400, PERIOD_MESSAGE),
  );

  return list;
}
