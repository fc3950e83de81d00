import { describe, expect, it } from 'vitest';
import { flipkartSettlementWorkbook } from '../../../../tests/fixtures/real/flipkart-workbook';
import { openReport } from './report-read';
import { settlementReport } from './settlement-report-layouts';
import { readSettlementReportRows, settlementLines } from './settlement-report-lines';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('an .xlsx workbook', () => {
  it("is read from the sheet whose header a layout recognises (Flipkart's Orders, after Report Help)", async () => {
    const file = new File(
      [new Uint8Array(await flipkartSettlementWorkbook())],
      'PaymentReports_SettledTransactions.xlsx',
      {
        type: XLSX_TYPE,
      },
    );
    const { source, headerRow, recognized } = await openReport(settlementReport, file);
    expect(recognized?.layout.name).toBe('Flipkart settled transactions (payments report)');
    expect(headerRow).toBe(8);
    expect(typeof source === 'object' && 'name' in source ? source.name : null).toBe('Orders');
    const rows = await readSettlementReportRows(source, recognized!.mapping, recognized!.layout, headerRow);
    const lines = settlementLines(rows);
    // As the CSV of the same rows: the three-decimal TCS kept as sent, rounded once, the total the file's own.
    expect(lines.find((line) => line.category === 'tcs')).toMatchObject({
      amount: -0.57,
      external_order_id: 'OD437810194605824100',
      posted_date: '2026-06-24',
    });
    expect(lines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0)).toBe(-8283);
  });

  it('that is not a workbook is refused with a sentence', async () => {
    const file = new File(['not a zip'], 'report.xlsx', { type: XLSX_TYPE });
    await expect(openReport(settlementReport, file)).rejects.toThrow(/^The workbook could not be read: /);
  });
});
