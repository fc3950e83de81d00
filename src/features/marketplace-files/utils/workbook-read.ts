import { keepNumberText, sheetsAsText, type ReportSheet } from './workbook-cells';

/** An .xlsx workbook, by its name or type (Flipkart's payments and returns reports come as .xlsx). */
export const isWorkbook = (file: File) =>
  /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Every sheet of an .xlsx workbook, its cells as text, read in a Web Worker so the page stays
 * responsive; where there are no workers (tests in Node), on this thread.
 */
export async function readWorkbook(file: File): Promise<ReportSheet[]> {
  if (typeof Worker === 'undefined') {
    const { default: readXlsxFile } = await import('read-excel-file/universal');
    return sheetsAsText(await readXlsxFile(file, keepNumberText));
  }
  const worker = new Worker(new URL('./workbook-read.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ReportSheet[]>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ sheets?: ReportSheet[]; error?: string }>) =>
        event.data.sheets ? resolve(event.data.sheets) : reject(new Error(event.data.error));
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage(file);
    });
  } finally {
    worker.terminate();
  }
}
