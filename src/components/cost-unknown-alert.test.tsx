import { describe, expect, it } from 'vitest';
import { formatProfit } from '@/lib/format';
import { costUnknownMessage } from './cost-unknown-alert';

describe('profit of unknown cost (issue 33)', () => {
  it('says how many orders the profit leaves out', () => {
    expect(costUnknownMessage(1)).toBe(
      'Profit leaves out 1 order of products without a cost: add a BOM or a purchase cost to count them.',
    );
    expect(costUnknownMessage(3)).toBe(
      'Profit leaves out 3 orders of products without a cost: add a BOM or a purchase cost to count them.',
    );
  });

  it('shows an unknown profit as "Cost unknown", never as 0', () => {
    expect(formatProfit(null)).toBe('Cost unknown');
    expect(formatProfit(0)).toBe('₹0.00');
    expect(formatProfit(1234.5)).toBe('₹1,234.50');
  });
});
