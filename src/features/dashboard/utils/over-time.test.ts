import { describe, expect, it } from 'vitest';
import { overTimeSeries } from './over-time';

// 25 Nov 2026, 10:00 in India.
const now = new Date('2026-11-25T04:30:00Z');
const sale = (date: string, revenue: number, profit = revenue / 2) => ({ date, revenue, profit });

describe('overTimeSeries', () => {
  it('spaces this month’s days as the calendar does, from the 1st to today, days without sales at 0', () => {
    const series = overTimeSeries(
      [sale('2026-11-03', 1000), sale('2026-11-05', 500), sale('2026-11-09', 200), sale('2026-11-25', 800)],
      'day',
      'this_month',
      now,
    );
    expect(series).toHaveLength(25);
    expect(series[0]).toEqual({ date: '2026-11-01', revenue: 0, profit: 0 });
    expect(series[2]).toEqual({ date: '2026-11-03', revenue: 1000, profit: 500 });
    expect(series[3]).toEqual({ date: '2026-11-04', revenue: 0, profit: 0 });
    expect(series[24]).toEqual({ date: '2026-11-25', revenue: 800, profit: 400 });
    expect(series.filter((point) => point.revenue > 0).map((point) => point.date)).toEqual([
      '2026-11-03',
      '2026-11-05',
      '2026-11-09',
      '2026-11-25',
    ]);
  });

  it('takes the last 30 days (today and the 29 before) across a month’s end, and keeps a loss', () => {
    const series = overTimeSeries([sale('2026-10-28', 300, -40)], 'day', 'last_30_days', now);
    expect(series[0]!.date).toBe('2026-10-27');
    expect(series.at(-1)!.date).toBe('2026-11-25');
    expect(series).toHaveLength(30);
    expect(series.find((point) => point.date === '2026-10-28')).toEqual({
      date: '2026-10-28',
      revenue: 300,
      profit: -40,
    });
  });

  it('counts months from April for the financial year, and from the first sale for all time', () => {
    expect(
      overTimeSeries([sale('2026-06-01', 100)], 'month', 'this_financial_year', now).map((point) => point.date),
    ).toEqual([
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    const allTime = overTimeSeries([sale('2025-11-01', 100), sale('2026-02-01', 50)], 'month', 'all_time', now);
    expect(allTime).toHaveLength(13);
    expect(allTime[0]).toEqual({ date: '2025-11-01', revenue: 100, profit: 50 });
    expect(allTime[1]).toEqual({ date: '2025-12-01', revenue: 0, profit: 0 });
    expect(allTime[3]).toEqual({ date: '2026-02-01', revenue: 50, profit: 25 });
    expect(allTime.at(-1)!.date).toBe('2026-11-01');
  });

  it('is empty for all time without sales, and reads the day in India (early morning of the 1st)', () => {
    expect(overTimeSeries([], 'month', 'all_time', now)).toEqual([]);
    // 1 Dec 00:30 in India is still 30 Nov in UTC.
    const series = overTimeSeries([], 'day', 'this_month', new Date('2026-11-30T19:00:00Z'));
    expect(series).toEqual([{ date: '2026-12-01', revenue: 0, profit: 0 }]);
  });
});
