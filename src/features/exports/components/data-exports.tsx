import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDatabaseExport } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile, todayInIndia } from '@/lib/csv';
import { ownerReports } from '../api/report-exports';
import { fetchWorkspaceBackup } from '../api/workspace-data';
import { ExportCsvButton } from '@/components/export-csv-button';
import { RestoreBackup } from './restore-backup';

/** Settings: every table of the workspace in one file, its restore, and the owner reports as CSV. */
export function DataExports() {
  const [downloading, setDownloading] = useState(false);

  async function downloadAll() {
    setDownloading(true);
    try {
      const backup = await fetchWorkspaceBackup();
      downloadFile(`factoryflow-all-data-${todayInIndia()}.json`, JSON.stringify(backup), 'application/json');
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not download your data', message: (error as Error).message });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Paper withBorder p="md" maw={640} mt="lg" component="section" aria-label="Your data">
      <Title order={3} size="h4" mb="xs">
        Your data
      </Title>
      <Stack gap="md">
        <div>
          <Text size="sm" mb="xs">
            One JSON file with everything in this workspace: products, materials, orders, invoices, stock movements,
            settings and the rest. Keep it as a backup, or take everything elsewhere.
          </Text>
          <Button leftSection={<IconDatabaseExport size={18} />} loading={downloading} onClick={downloadAll}>
            Download all my data
          </Button>
        </div>
        <RestoreBackup />
        <div>
          <Text size="sm" mb="xs">
            Reports as CSV files for Excel or Google Sheets, with amounts as plain numbers and dates such as{' '}
            <span style={{ whiteSpace: 'nowrap' }}>2026-04-01</span>.
          </Text>
          <Group gap="xs">
            {ownerReports.map(({ title, ...report }) => (
              <ExportCsvButton key={report.fileName} {...report} label={title} size="xs" />
            ))}
          </Group>
        </div>
      </Stack>
    </Paper>
  );
}
