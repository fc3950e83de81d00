import { describe, expect, it, vi } from 'vitest';
import { toCsv } from '@/lib/csv';

vi.mock('@/lib/supabase', () => ({ supabase: {} }));

const { ownerReports } = await import('./report-exports');

describe('the profit report export (issue 33)', () => {
  const report = ownerReports.find((entry) => entry.fileName === 'profit-by-platform-month')!;

  it('counts the orders of unknown cost in a last column, so every earlier column keeps its place', () => {
    expect(report.columns.map((column) => column.header).slice(-3)).toEqual([
      'Profit After Returns',
      'Recorded Profit (at sale)',
      'Orders Without Cost',
    ]);
  });

  it('leaves cost and profits empty, never 0, for a month whose every order had an unknown cost', () => {
    const row = {
      month: '2026-11-01',
      platform: 'Myntra',
      orders: 1,
      units_sold: 1,
      revenue: '800.00',
      fees: '0.00',
      return_fees: '0.00',
      reimbursed: '0.00',
      cost: null,
      profit_after_returns: null,
      recorded_profit: null,
      orders_without_cost: 1,
    };
    const [line] = toCsv(report.columns, [row]).split('\r\n').slice(1, -1);
    expect(line?.split(',').slice(-4)).toEqual(['', '', '', '1']);
  });
});
