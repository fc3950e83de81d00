import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { downloadFile, todayInIndia } from '@/lib/csv';
import { callRpc } from '@/lib/write';

/** The first and last days of the month before today's (India), the range an accountant asks for. */
export function lastMonth(today: string = todayInIndia()): { from_date: string; to_date: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from_date: first.toISOString().slice(0, 10), to_date: last.toISOString().slice(0, 10) };
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const day = (label: string) => z.string().refine(isDay, { message: `${label} is required.` });

/** tally_export's checks and messages, shown on the field before a round trip. */
export const tallyExportSchema = z
  .object({ from_date: day('From date'), to_date: day('To date'), include_exported: z.boolean() })
  .superRefine((range, ctx) => {
    if (isDay(range.from_date) && range.from_date < '2000-01-01')
      ctx.addIssue({ code: 'custom', path: ['from_date'], message: 'From date must be on or after 2000-01-01.' });
    if (!isDay(range.to_date)) return;
    if (range.to_date > todayInIndia())
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'To date cannot be after today.' });
    else if (isDay(range.from_date) && range.to_date < range.from_date)
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'To date must be on or after the from date.' });
  });

export type TallyExportForm = z.input<typeof tallyExportSchema>;

/** The file's name: factoryflow-tally-2026-10-01-to-2026-10-31.xml. */
export const tallyFileName = (range: TallyExportForm) => `factoryflow-tally-${range.from_date}-to-${range.to_date}.xml`;

/** Builds the range's Tally file (tally_export, which records the export) and downloads it. */
export function useTallyExport() {
  return useMutation({
    mutationFn: async (range: TallyExportForm) => {
      const xml = await callRpc('tally_export', range);
      downloadFile(tallyFileName(range), xml, 'application/xml');
      return { vouchers: (xml.match(/<VOUCHER /g) ?? []).length };
    },
  });
}
