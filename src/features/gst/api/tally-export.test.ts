import { describe, expect, it } from 'vitest';
import { lastMonth, tallyExportSchema, tallyFileName } from './tally-export';

describe('the Tally export form', () => {
  it('offers last month by default, across a year end too', () => {
    expect(lastMonth('2026-11-28')).toEqual({ from_date: '2026-10-01', to_date: '2026-10-31' });
    expect(lastMonth('2026-01-15')).toEqual({ from_date: '2025-12-01', to_date: '2025-12-31' });
    expect(lastMonth('2028-03-01')).toEqual({ from_date: '2028-02-01', to_date: '2028-02-29' });
  });

  it('refuses on its field what tally_export refuses', () => {
    const problems = (range: { from_date: string; to_date: string }) => {
      const result = tallyExportSchema.safeParse({ ...range, include_exported: false });
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(problems({ from_date: '2026-10-01', to_date: '2026-09-30' })).toEqual([
      'to_date: To date must be on or after the from date.',
    ]);
    expect(problems({ from_date: '1999-12-31', to_date: '2000-01-31' })).toEqual([
      'from_date: From date must be on or after 2000-01-01.',
    ]);
    expect(problems({ from_date: '2026-10-01', to_date: '2999-01-01' })).toEqual([
      'to_date: To date cannot be after today.',
    ]);
    expect(problems({ from_date: '', to_date: '2026-10-31' })).toEqual(['from_date: From date is required.']);
    expect(problems({ from_date: '2026-10-01', to_date: '2026-10-31' })).toEqual([]);
  });

  it('names the file by its range', () => {
    expect(tallyFileName({ from_date: '2026-10-01', to_date: '2026-10-31', include_exported: false })).toBe(
      'factoryflow-tally-2026-10-01-to-2026-10-31.xml',
    );
  });
});
