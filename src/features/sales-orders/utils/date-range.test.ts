import { describe, expect, it } from 'vitest';
import { dateRangeBounds } from './date-range';

const now = new Date(2026, 10, 23, 15, 30);
const noDays = { from: '', to: '' };

describe('dateRangeBounds', () => {
  it('gives no bounds for any date', () => {
    expect(dateRangeBounds('any', noDays, now)).toEqual({ from: null, to: null });
  });

  it('covers whole days, from midnight to the next midnight', () => {
    expect(dateRangeBounds('today', noDays, now)).toEqual({
      from: new Date(2026, 10, 23).toISOString(),
      to: new Date(2026, 10, 24).toISOString(),
    });
    expect(dateRangeBounds('last-7-days', noDays, now)).toEqual({
      from: new Date(2026, 10, 17).toISOString(),
      to: new Date(2026, 10, 24).toISOString(),
    });
  });

  it('takes this month from its first day to the first day of the next, across a year end', () => {
    expect(dateRangeBounds('this-month', noDays, new Date(2026, 11, 31, 23, 59))).toEqual({
      from: new Date(2026, 11, 1).toISOString(),
      to: new Date(2027, 0, 1).toISOString(),
    });
  });

  it('includes the whole last day of a custom range and leaves a missing end open', () => {
    expect(dateRangeBounds('custom', { from: '2026-11-01', to: '2026-11-05' }, now)).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 6).toISOString(),
    });
    expect(dateRangeBounds('custom', { from: '', to: '2026-11-05' }, now)).toEqual({
      from: null,
      to: new Date(2026, 10, 6).toISOString(),
    });
    expect(dateRangeBounds('custom', { from: 'garbage', to: '' }, now)).toEqual({ from: null, to: null });
  });
});
