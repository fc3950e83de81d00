import { Alert, Button, FileInput, Group, Loader, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { FormError } from '@/components/form-error';
import type { Enums } from '@/lib/database.types';
import { ImportPartlyDoneError, previewImport, useImportSalesOrders } from '../api/import-sales-orders';
import { salesPlatforms } from '../api/log-sale';
import {
  emptyMapping,
  loadRememberedMapping,
  mappingFits,
  recognizeLayout,
  rememberMapping,
  type ColumnMapping,
  type OrderReportLayout,
} from '../utils/order-report-layouts';
import { chunkLines, LINES_PER_CALL, toImportLines, type ImportLine } from '../utils/order-report-lines';
import { previewRows, newLines, type PreviewRow } from '../utils/order-report-preview';
import { readReportHeaders, readReportRows } from '../utils/order-report-read';
import { importedMessage, orderCount, plural } from './import-orders-count';
import { ImportOrdersMapping } from './import-orders-mapping';
import { ImportOrdersPreview } from './import-orders-preview';

type Platform = Enums<'sales_platform'>;

interface ReportFile {
  file: File;
  headers: string[];
  layout: OrderReportLayout | null;
}

interface Preview {
  rows: PreviewRow[];
  toImport: ImportLine[];
}

export function ImportOrdersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const importOrders = useImportSalesOrders();
  const [platform, setPlatform] = useState<Platform>('Amazon');
  const [report, setReport] = useState<ReportFile | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>(emptyMapping);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<Error | null>(null);
  // A recognised layout's columns stay folded into one line unless the owner opens them.
  const [editingColumns, setEditingColumns] = useState(false);

  const startOver = () => {
    setPreview(null);
    setProblem(null);
    importOrders.reset();
  };

  const close = () => {
    // An import on its way runs to its end whatever the dialog does: it stays until it is answered.
    if (importOrders.isPending) return;
    startOver();
    setReport(null);
    setMapping(emptyMapping);
    onClose();
  };

  const chooseFile = async (file: File | null) => {
    startOver();
    setReport(null);
    if (!file) return;
    try {
      const headers = await readReportHeaders(file);
      const recognized = recognizeLayout(headers);
      const remembered = loadRememberedMapping(platform);
      setReport({ file, headers, layout: recognized?.layout ?? null });
      setEditingColumns(!recognized);
      setMapping(recognized?.mapping ?? (remembered && mappingFits(remembered, headers) ? remembered : emptyMapping));
    } catch (error) {
      setProblem(error as Error);
    }
  };

  const choosePlatform = (value: string | null) => {
    if (!value) return;
    startOver();
    setPlatform(value as Platform);
    // A file mapped by hand takes the new platform's remembered mapping when it fits.
    const remembered = loadRememberedMapping(value);
    if (report && !report.layout && remembered && mappingFits(remembered, report.headers)) setMapping(remembered);
  };

  const runPreview = async () => {
    if (!report) return;
    startOver();
    try {
      setBusy('Reading the file…');
      const rows = await readReportRows(report.file, mapping, (count) => setBusy(`Reading the file… ${count} rows`));
      if (!report.layout) rememberMapping(platform, mapping);
      const lines = toImportLines(rows);
      setBusy(`Checking ${plural(lines.lines.length, 'line', 'lines')} against your products and orders…`);
      const previews = await previewImport(platform, lines.lines);
      setPreview({ rows: previewRows(rows, lines, previews), toImport: newLines(lines.lines, previews) });
    } catch (error) {
      setProblem(error as Error);
    } finally {
      setBusy(null);
    }
  };

  // Done, the dialog closes with a notification, as the catalogue import does. mutateAsync, whose
  // promise settles even if the dialog is gone by then, so a finished import is always announced.
  const runImport = async () => {
    if (!preview) return;
    const sent = preview.toImport;
    // A refusal shows in the dialog (the alert below).
    const done = await importOrders.mutateAsync({ platform, lines: sent }).catch(() => null);
    if (!done) return;
    notifications.show({ color: 'teal', message: importedMessage(sent, done) });
    startOver();
    setReport(null);
    setMapping(emptyMapping);
    onClose();
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    void chooseFile(event.dataTransfer.files[0] ?? null);
  };

  const parts = preview ? chunkLines(preview.toImport).length : 0;
  const importError = importOrders.error;

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnEscape={!importOrders.isPending}
      closeOnClickOutside={!importOrders.isPending}
      closeButtonProps={{ 'aria-label': 'Close', disabled: importOrders.isPending }}
      title="Import orders"
      size="80rem"
      fullScreen={phone}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          A marketplace's order report becomes sales here, each with its order id and date. The file is read in this
          browser and not uploaded; nothing is saved until you import.
        </Text>
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label="Platform"
            data={salesPlatforms}
            value={platform}
            onChange={choosePlatform}
            allowDeselect={false}
            withAsterisk
            maw={{ sm: 220 }}
          />
          <Paper
            withBorder
            p="sm"
            style={{ borderStyle: 'dashed', flexGrow: 3 }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={drop}
          >
            <FileInput
              label="Order report"
              description="Drop a CSV or tab-separated file here, or choose one"
              placeholder="Choose a file"
              // Mantine draws this placeholder as text, lighter than WCAG AA allows on white.
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
              leftSection={<IconFileSpreadsheet size={18} />}
              value={report?.file ?? null}
              onChange={(file) => void chooseFile(file)}
              clearable
            />
          </Paper>
        </Group>

        {report && (
          <Stack gap="xs">
            {report.layout ? (
              <Alert color={report.layout.platform === platform ? 'blue' : 'yellow'} icon={<IconInfoCircle />}>
                Recognised as {report.layout.name}.{' '}
                {!editingColumns && (
                  <Button variant="subtle" size="compact-sm" onClick={() => setEditingColumns(true)}>
                    Change columns
                  </Button>
                )}
                {report.layout.platform !== platform && (
                  <>
                    {' '}
                    This is a {report.layout.platform} report, but the platform chosen is {platform}.{' '}
                    <Button variant="subtle" size="compact-sm" onClick={() => choosePlatform(report.layout!.platform)}>
                      Import as {report.layout.platform}
                    </Button>
                  </>
                )}
              </Alert>
            ) : (
              <Text size="sm">
                Which column holds each field? This mapping is remembered for your next {platform} file.
              </Text>
            )}
            {editingColumns && (
              <ImportOrdersMapping
                headers={report.headers}
                mapping={mapping}
                onChange={(next) => {
                  startOver();
                  setMapping(next);
                }}
              />
            )}
          </Stack>
        )}

        {busy && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{busy}</Text>
          </Group>
        )}
        <FormError error={problem} />
        {preview && <ImportOrdersPreview rows={preview.rows} />}
        {preview && parts > 1 && (
          <Alert color="blue" icon={<IconInfoCircle />}>
            This file is imported in {parts} parts of up to {LINES_PER_CALL.toLocaleString('en-IN')} lines, each all or
            nothing; stock was checked part by part. If a part is refused, the parts before it stay imported, and
            importing the file again skips them.
          </Alert>
        )}
        {importError && (
          <Alert color="red" title="Nothing from this part was imported">
            {importError.message}
            {importError instanceof ImportPartlyDoneError &&
              ` The parts before it were imported: ${plural(importError.done.created, 'line', 'lines')}.`}{' '}
            Preview again to see what changed.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={importOrders.isPending}>
            Cancel
          </Button>
          {preview ? (
            <Button
              onClick={() => void runImport()}
              loading={importOrders.isPending}
              disabled={preview.toImport.length === 0}
            >
              Import {orderCount(preview.toImport)}
            </Button>
          ) : (
            <Button
              onClick={() => void runPreview()}
              loading={busy !== null}
              disabled={!report || !mappingFits(mapping, report.headers)}
            >
              Preview
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
