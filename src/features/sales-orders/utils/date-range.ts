/** The date ranges a seller filters orders by. */
export const dateRanges = [
  { value: 'any', label: 'Any date' },
  { value: 'today', label: 'Today' },
  { value: 'last-7-days', label: 'Last 7 days' },
  { value: 'this-month', label: 'This month' },
  { value: 'custom', label: 'Custom dates' },
] as const;
export type DateRange = (typeof dateRanges)[number]['value'];

/** A custom range's first and last day, as a date input gives them: 'YYYY-MM-DD' or ''. */
export interface CustomDays {
  from: string;
  to: string;
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/**
 * A range as instants [from, to) in the browser's time zone (the seller's days), whole days so
 * the bounds (and the list's query) stay the same all day. Open ends are null.
 */
export function dateRangeBounds(
  range: DateRange,
  custom: CustomDays,
  now: Date,
): { from: string | null; to: string | null } {
  const today = startOfDay(now);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  switch (range) {
    case 'any':
      return { from: null, to: null };
    case 'today':
      return { from: iso(today), to: iso(addDays(today, 1)) };
    case 'last-7-days':
      return { from: iso(addDays(today, -6)), to: iso(addDays(today, 1)) };
    case 'this-month':
      return {
        from: iso(new Date(today.getFullYear(), today.getMonth(), 1)),
        to: iso(new Date(today.getFullYear(), today.getMonth() + 1, 1)),
      };
    case 'custom': {
      const last = parseDay(custom.to);
      return { from: iso(parseDay(custom.from)), to: iso(last && addDays(last, 1)) };
    }
  }
}
