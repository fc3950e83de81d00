import { Alert, Button, FileInput, Group, Loader, Modal, Paper, Radio, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import { FormError } from '@/components/form-error';
import { Constants, type Enums } from '@/lib/database.types';
import { ImportPartlyDoneError, type ImportResult } from '../api/report-import';
import { chunkLines, LINES_PER_CALL, type FileTotal } from '../utils/report-import';
import {
  emptyMapping,
  loadRememberedMapping,
  mappingFits,
  rememberMapping,
  type ColumnMapping,
  type DateOrder,
  type ReportKind,
  type ReportLayout,
} from '../utils/report-layouts';
import { openReport, type ReportSource } from '../utils/report-read';
import type { ReportSheet } from '../utils/workbook-cells';
import { formatRupees, plural } from '@/lib/format';
import { ReportImportMapping } from './report-import-mapping';
import type { OutcomeLabels } from './report-import-outcome';
import { PreviewActionsContext } from './preview-actions';
import { ReportImportPreview } from './report-import-preview';

export type Platform = Enums<'sales_platform'>;

/** A file's rows with what importing each would do, and the lines the import sends. */
export interface CheckedReport<PreviewRow, Line> {
  rows: PreviewRow[];
  toImport: Line[];
  /** The file's own totals, shown above its rows; none for a kind that counts no money. */
  totals?: readonly FileTotal[];
}

/**
 * Where the file's header is, how its dates are written when the owner or the file said so, and
 * every sheet of a workbook, for a layout that reads more than the one its header is on.
 */
export interface ReadOptions {
  headerRow: number;
  dateOrder: DateOrder | null;
  workbook: readonly ReportSheet[];
}

export interface ImportRequest<Line> {
  platform: Platform;
  lines: readonly Line[];
}

/** What one kind of report import (orders, returns) puts into the shared dialog. */
export interface ReportImporter<
  Field extends string,
  Line,
  Outcome extends string,
  PreviewRow extends { id: string; outcome: Outcome },
  Layout extends ReportLayout<Field> = ReportLayout<Field>,
> {
  kind: ReportKind<Field, Layout>;
  title: string;
  intro: string;
  fileLabel: string;
  /**
   * Reads the file's rows with the mapping (and the layout recognised, null when mapped by hand),
   * asks the server's preview, and says what each row would do.
   */
  check: (
    platform: Platform,
    source: ReportSource,
    mapping: ColumnMapping<Field>,
    layout: Layout | null,
    read: ReadOptions,
    onProgress: (status: string) => void,
  ) => Promise<CheckedReport<PreviewRow, Line>>;
  /**
   * How the file's slashed dates are written, decided from its own values (or its layout's, where a
   * layout fixes it); null when they cannot tell, and the owner is asked.
   */
  dateOrder: (
    source: ReportSource,
    mapping: ColumnMapping<Field>,
    headerRow: number,
    layout: Layout | null,
  ) => Promise<DateOrder | null>;
  columns: DataTableColumn<PreviewRow>[];
  outcomeLabels: OutcomeLabels<Outcome>;
  /** The import button's words for these lines ("Import 3 orders"). */
  importLabel: (lines: readonly Line[]) => string;
  /** The notification once they are imported. */
  importedMessage: (lines: readonly Line[], result: ImportResult) => string;
  /** What the server checked part by part, in the note about files of several parts. */
  checkedPerPart: string;
}

interface ReportFile<Layout> {
  file: File;
  /** The file, or the sheet of an .xlsx workbook, that is read. */
  source: ReportSource;
  workbook: readonly ReportSheet[];
  headers: string[];
  headerRow: number;
  layout: Layout | null;
}

interface ReportImportModalProps<
  Field extends string,
  Line,
  Outcome extends string,
  PreviewRow extends { id: string; outcome: Outcome },
  Layout extends ReportLayout<Field>,
> {
  opened: boolean;
  onClose: () => void;
  importer: ReportImporter<Field, Line, Outcome, PreviewRow, Layout>;
  importing: UseMutationResult<ImportResult, Error, ImportRequest<Line>>;
}

/** What the file's lines add up to, part by part (a payout's orders, then its ads), then in all. */
function FileTotals({ totals }: { totals: readonly FileTotal[] }) {
  return (
    <Group gap="lg" aria-label="File totals">
      {totals.map((total, index) => (
        <Text key={total.label} size="sm" fw={index === totals.length - 1 ? 600 : undefined}>
          {total.label}:{' '}
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {formatRupees(total.amount)}
          </Text>
        </Text>
      ))}
    </Group>
  );
}

/**
 * The platform last chosen for a kind of report, kept in this browser as its mappings are: the
 * dialog opens on it again, after its screen was left or the page reloaded.
 */
const chosenPlatform = (kind: ReportKind<string, ReportLayout<string>>): Platform => {
  const stored = localStorage.getItem(kind.platformKey);
  return Constants.public.Enums.sales_platform.find((platform) => platform === stored) ?? 'Amazon';
};

/**
 * The dialog of a report import: platform and file, the layout recognised by its headers (or the
 * columns mapped by hand, remembered per platform), the preview of every row, then the import.
 */
export function ReportImportModal<
  Field extends string,
  Line,
  Outcome extends string,
  PreviewRow extends { id: string; outcome: Outcome },
  Layout extends ReportLayout<Field>,
>({ opened, onClose, importer, importing }: ReportImportModalProps<Field, Line, Outcome, PreviewRow, Layout>) {
  const { kind } = importer;
  const phone = useMediaQuery('(max-width: 36em)');
  const [platform, setPlatform] = useState<Platform>(() => chosenPlatform(kind));
  const [report, setReport] = useState<ReportFile<Layout> | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping<Field>>(() => emptyMapping(kind));
  const [preview, setPreview] = useState<CheckedReport<PreviewRow, Line> | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<Error | null>(null);
  // A recognised layout's columns stay folded into one line unless the owner opens them.
  const [editingColumns, setEditingColumns] = useState(false);
  // The date order the owner chose, asked only when a file's own dates cannot tell.
  const [dateOrder, setDateOrder] = useState<DateOrder | null>(null);
  const [askingDateOrder, setAskingDateOrder] = useState(false);

  const startOver = () => {
    setPreview(null);
    setProblem(null);
    importing.reset();
  };

  const close = () => {
    // An import on its way runs to its end whatever the dialog does: it stays until it is answered.
    if (importing.isPending) return;
    startOver();
    setReport(null);
    setMapping(emptyMapping(kind));
    onClose();
  };

  const chooseFile = async (file: File | null) => {
    startOver();
    setReport(null);
    setDateOrder(null);
    setAskingDateOrder(false);
    if (!file) return;
    try {
      const { source, workbook, headers, headerRow, recognized } = await openReport(kind, file);
      const remembered = loadRememberedMapping(kind, platform);
      setReport({ file, source, workbook, headers, headerRow, layout: recognized?.layout ?? null });
      setEditingColumns(!recognized);
      setMapping(
        recognized?.mapping ?? (remembered && mappingFits(kind, remembered, headers) ? remembered : emptyMapping(kind)),
      );
    } catch (error) {
      setProblem(error as Error);
    }
  };

  const choosePlatform = (value: string | null) => {
    if (!value) return;
    startOver();
    setPlatform(value as Platform);
    localStorage.setItem(kind.platformKey, value);
    // A file mapped by hand takes the new platform's remembered mapping when it fits.
    const remembered = loadRememberedMapping(kind, value);
    if (report && !report.layout && remembered && mappingFits(kind, remembered, report.headers)) setMapping(remembered);
  };

  const runPreview = async () => {
    if (!report) return;
    startOver();
    try {
      setBusy('Reading the file…');
      let order = dateOrder;
      if (order === null) {
        order = await importer.dateOrder(report.source, mapping, report.headerRow, report.layout);
        if (order === null) {
          setAskingDateOrder(true);
          return;
        }
      }
      const read = { headerRow: report.headerRow, dateOrder: order, workbook: report.workbook };
      const checked = await importer.check(platform, report.source, mapping, report.layout, read, setBusy);
      if (!report.layout) rememberMapping(kind, platform, mapping);
      setPreview(checked);
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
    const done = await importing.mutateAsync({ platform, lines: sent }).catch(() => null);
    if (!done) return;
    notifications.show({ color: 'teal', message: importer.importedMessage(sent, done) });
    startOver();
    setReport(null);
    setMapping(emptyMapping(kind));
    onClose();
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    void chooseFile(event.dataTransfer.files[0] ?? null);
  };

  const parts = preview ? chunkLines(preview.toImport).length : 0;
  const importError = importing.error;

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnEscape={!importing.isPending}
      closeOnClickOutside={!importing.isPending}
      closeButtonProps={{ 'aria-label': 'Close', disabled: importing.isPending }}
      title={importer.title}
      size="80rem"
      fullScreen={phone}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {importer.intro}
        </Text>
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label="Platform"
            data={Constants.public.Enums.sales_platform}
            value={platform}
            onChange={choosePlatform}
            allowDeselect={false}
            withAsterisk
            maw={{ sm: 220 }}
          />
          <Paper
            withBorder
            p="sm"
            // minWidth 0: a long file name is cut short on a phone, not pushed past the dialog's edge.
            style={{ borderStyle: 'dashed', flexGrow: 3, minWidth: 0 }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={drop}
          >
            <FileInput
              label={importer.fileLabel}
              description="Drop a CSV, tab-separated or Excel (.xlsx) file here, or choose one"
              placeholder="Choose a file"
              // Mantine draws this placeholder as text, lighter than WCAG AA allows on white.
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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
              <ReportImportMapping
                kind={kind}
                headers={report.headers}
                mapping={mapping}
                onChange={(next) => {
                  startOver();
                  setMapping(next);
                }}
              />
            )}
            {askingDateOrder && (
              <Radio.Group
                label="Dates in this file"
                description="Its dates read either way, day first or month first: which does the file write?"
                value={dateOrder}
                onChange={(value) => {
                  startOver();
                  setDateOrder(value as DateOrder);
                }}
                withAsterisk
              >
                <Group mt="xs">
                  <Radio value="day_first" label="Day first (31/01/2026)" />
                  <Radio value="month_first" label="Month first (01/31/2026)" />
                </Group>
              </Radio.Group>
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
        {preview?.totals && <FileTotals totals={preview.totals} />}
        {preview && (
          <PreviewActionsContext value={{ platform, previewAgain: () => void runPreview() }}>
            <ReportImportPreview rows={preview.rows} columns={importer.columns} labels={importer.outcomeLabels} />
          </PreviewActionsContext>
        )}
        {preview && parts > 1 && (
          <Alert color="blue" icon={<IconInfoCircle />}>
            This file is imported in {parts} parts of up to {LINES_PER_CALL.toLocaleString('en-IN')} lines, each all or
            nothing; {importer.checkedPerPart} part by part. If a part is refused, the parts before it stay imported,
            and importing the file again skips them.
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
          <Button variant="default" onClick={close} disabled={importing.isPending}>
            Cancel
          </Button>
          {preview ? (
            <Button
              onClick={() => void runImport()}
              loading={importing.isPending}
              disabled={preview.toImport.length === 0}
            >
              {importer.importLabel(preview.toImport)}
            </Button>
          ) : (
            <Button
              onClick={() => void runPreview()}
              loading={busy !== null}
              disabled={!report || !mappingFits(kind, mapping, report.headers) || (askingDateOrder && !dateOrder)}
            >
              Preview
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
