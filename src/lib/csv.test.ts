import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, neutraliseFormula, toCsv, todayInIndia, type CsvColumn } from './csv';

interface Order {
  name: string;
  amount: number | string;
  quantity: number | string | null;
  date: string;
}

const columns: CsvColumn<Order>[] = [
  { header: 'Product', kind: 'text', value: (row) => row.name },
  { header: 'Total', kind: 'amount', value: (row) => row.amount },
  { header: 'Qty', kind: 'number', value: (row) => row.quantity },
  { header: 'Date', kind: 'datetime', value: (row) => row.date },
  { header: 'Day', kind: 'date', value: (row) => row.date },
];

const order = (overrides: Partial<Order>): Order => ({
  name: 'Kurta',
  amount: 1499.5,
  quantity: 2,
  date: '2026-11-23T18:45:00Z',
  ...overrides,
});

/** The file's lines after the byte order mark, split at CRLF. */
function lines(csv: string): string[] {
  return csv.slice(CSV_BOM.length).split('\r\n');
}

describe('toCsv', () => {
  it('starts with a UTF-8 byte order mark and ends every line, the last included, with CRLF', () => {
    const csv = toCsv(columns, [order({})]);
    expect(csv.startsWith('\uFEFFProduct,Total,Qty,Date,Day\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes amounts as plain numbers with two decimals, quantities as numbers, dates in ISO in India time', () => {
    const csv = toCsv(columns, [order({ amount: '123456.5', quantity: '12.500' })]);
    // 18:45 UTC is 00:15 the next day in India.
    expect(lines(csv)[1]).toBe('Kurta,123456.50,12.5,2026-11-24 00:15:00,2026-11-24');
  });

  it('quotes cells holding commas, quotes and line breaks (RFC 4180), and only those', () => {
    const csv = toCsv(columns, [order({ name: 'Shirt, "Linen"\r\nBlue' }), order({ name: 'Plain shirt' })]);
    const parsed = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[1]?.[0]).toBe('Shirt, "Linen"\r\nBlue');
    expect(csv).toContain('"Shirt, ""Linen""\r\nBlue",');
    expect(lines(csv).at(-2)).toMatch(/^Plain shirt,/);
  });

  it('neutralises text cells a spreadsheet would run as formulas, =HYPERLINK included', () => {
    const hostile = ['=HYPERLINK("http://evil.example","Click")', '+91 98765', '-2+3', '@SUM(A1)', '\tTab', '\rCR'];
    const csv = toCsv(
      columns,
      hostile.map((name) => order({ name })),
    );
    const parsed = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n', skipEmptyLines: true });
    expect(parsed.data.slice(1).map((row) => row[0])).toEqual(hostile.map((text) => `'${text}`));
    expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"")",');
  });

  it('never alters numeric cells: a negative quantity stays a number', () => {
    const csv = toCsv(columns, [order({ name: '-5', quantity: -5, amount: -12.3 })]);
    expect(lines(csv)[1]).toBe("'-5,-12.30,-5,2026-11-24 00:15:00,2026-11-24");
  });

  it('keeps unicode as it is and leaves missing values empty', () => {
    const csv = toCsv(columns, [order({ name: 'कुर्ता ₹ 👕 Ärmel', quantity: null })]);
    expect(lines(csv)[1]).toBe('कुर्ता ₹ 👕 Ärmel,1499.50,,2026-11-24 00:15:00,2026-11-24');
  });

  it('writes a header line alone when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('\uFEFFProduct,Total,Qty,Date,Day\r\n');
  });
});

describe('neutraliseFormula', () => {
  it('leaves ordinary text alone', () => {
    expect(neutraliseFormula('Cotton = good')).toBe('Cotton = good');
    expect(neutraliseFormula('')).toBe('');
  });
});

describe('todayInIndia', () => {
  it('is the date in India, not UTC', () => {
    expect(todayInIndia(new Date('2026-03-31T20:00:00Z'))).toBe('2026-04-01');
  });
});
