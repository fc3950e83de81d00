import type { DashboardPanels, PanelPeriod } from '../api/get-dashboard-panels';

export interface OverTimePoint {
  /** The day (YYYY-MM-DD) or the month's first day. */
  date: string;
  revenue: number;
  profit: number;
}

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Days as UTC midnights, so that adding a day never meets a daylight saving change. */
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const DAY = 86_400_000;
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
function nextMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The first bucket of a period, as dashboard_panels() starts it (in India time); null for all time. */
function periodStart(period: PanelPeriod, today: string, now: Date): string | null {
  switch (period) {
    case 'this_month':
      return monthOf(today);
    case 'last_30_days':
      // Today and the 29 days before.
      return indiaDate.format(new Date(now.getTime() - 29 * DAY));
    case 'this_financial_year': {
      const [year, month] = today.split('-').map(Number) as [number, number];
      return `${month < 4 ? year - 1 : year}-04-01`;
    }
    case 'all_time':
      return null;
  }
}

/**
 * Every day (or month) of the period in order, each with its figures, 0 where there were no
 * sales: so that a chart of them spaces the days as the calendar does (3, 5, 9 and 25 Nov are not
 * four neighbours) and shows the days without sales as nothing sold. From the period's start (all
 * time: the first month with sales) to today; points outside that span (a clock that is off) stay.
 */
export function overTimeSeries(
  points: readonly OverTimePoint[],
  bucket: DashboardPanels['bucket'],
  period: PanelPeriod,
  now: Date = new Date(),
): OverTimePoint[] {
  const key = (date: string) => (bucket === 'day' ? date.slice(0, 10) : monthOf(date));
  const byDate = new Map<string, OverTimePoint>();
  for (const point of points) {
    const date = key(point.date);
    const earlier = byDate.get(date);
    byDate.set(date, {
      date,
      revenue: (earlier?.revenue ?? 0) + point.revenue,
      profit: (earlier?.profit ?? 0) + point.profit,
    });
  }
  const dates = [...byDate.keys()].sort();
  const today = indiaDate.format(now);
  const start = [periodStart(period, today, now), dates[0]]
    .filter((date): date is string => date !== null && date !== undefined)
    .map(key)
    .sort()[0];
  if (start === undefined) return [];
  const end = [key(today), dates.at(-1) ?? start].sort().at(-1)!;

  const series: OverTimePoint[] = [];
  // Bounded: a day series of ten years at most, whatever the dates say.
  for (let date = start; date <= end && series.length < 3660;) {
    series.push(byDate.get(date) ?? { date, revenue: 0, profit: 0 });
    date = bucket === 'day' ? toDate(toTime(date) + DAY) : nextMonth(date);
  }
  return series;
}
