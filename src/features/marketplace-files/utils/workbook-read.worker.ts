// Reads an .xlsx workbook off the page's thread: unzipping and parsing a sheet of 100,000 rows
// would otherwise freeze the page.
import readXlsxFile from 'read-excel-file/web-worker';
import { keepNumberText, sheetsAsText } from './workbook-cells';

self.onmessage = async (event: MessageEvent<File>) => {
  try {
    self.postMessage({ sheets: sheetsAsText(await readXlsxFile(event.data, keepNumberText)) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
