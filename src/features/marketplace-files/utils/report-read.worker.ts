// Parses a CSV or tab-separated report off the page's thread, as .xlsx workbooks are
// (workbook-read.worker.ts): its rows go to the page 1 MB at a time, and the next megabyte is parsed
// only when the page asks for it, so a 50 MB report neither freezes the page nor piles up in memory.
import Papa from 'papaparse';
import type { ReportChunkMessage, ReportReadRequest } from './report-read';

let waiting: Papa.Parser | null = null;
const send = (message: ReportChunkMessage) => self.postMessage(message);

self.onmessage = (event: MessageEvent<ReportReadRequest | 'next'>) => {
  if (event.data === 'next') {
    waiting?.resume();
    return;
  }
  Papa.parse<string[], File>(event.data.file, {
    ...event.data.config,
    chunkSize: event.data.chunkSize,
    chunk: (results, parser) => {
      parser.pause();
      waiting = parser;
      send({
        rows: results.data,
        // Only what the page reads of an error: structured cloning keeps plain data.
        errors: results.errors.map(({ code, row, message }) => ({ code, row, message })),
      });
    },
    complete: () => send({ done: true }),
    error: (error: Error) => send({ error: error.message }),
  });
};
