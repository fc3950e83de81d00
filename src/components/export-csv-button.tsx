import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile, toCsv, todayInIndia } from '@/lib/csv';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import type { CsvExport } from '@/lib/csv-export';

interface ExportCsvButtonProps<Row> extends CsvExport<Row> {
  label?: string;
  size?: ButtonProps['size'];
}

/** Fetches every row page by page and saves them as factoryflow-<fileName>-<date>.csv. */
export function ExportCsvButton<Row>({
  fileName,
  columns,
  fetchPage,
  arrange = (rows) => rows,
  label = 'Export CSV',
  size,
}: ExportCsvButtonProps<Row>) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await fetchAllPages(fetchPage);
      downloadFile(
        `factoryflow-${fileName}-${todayInIndia()}.csv`,
        toCsv(columns, arrange(rows)),
        'text/csv;charset=utf-8',
      );
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not export', message: (error as Error).message });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button
      variant="default"
      size={size}
      leftSection={<IconDownload size={18} />}
      loading={exporting}
      onClick={exportCsv}
    >
      {label}
    </Button>
  );
}
