import { Alert, Badge, Button, FileButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { downloadFile } from '@/lib/csv';
import { useCommitImport, usePreviewImport, type RowResult } from '../api/import-catalogue';
import { catalogueTemplate, parseCatalogueCsv, type CatalogueKind, type CatalogueRow } from '../utils/catalogue-csv';

/** Larger files are refused before reading: 2,000 catalogue rows fit in far less. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

const wording = {
  raw_materials: {
    title: 'Import raw materials',
    one: 'material',
    many: 'materials',
    template: 'factoryflow-raw-materials-template.csv',
    columns:
      'One material per row, with the columns Material Name (required), Supplier, Cost per Unit, Stock Level, Unit and Reorder Point. Stock Level is recorded as opening stock.',
  },
  products: {
    title: 'Import products',
    one: 'product',
    many: 'products',
    template: 'factoryflow-products-template.csv',
    columns:
      'One product per row, with the columns SKU, Product Name and Selling Price (required), Category, Stock on Hand, Reorder Point and BOM: each material and its quantity, separated by semicolons, such as "Cotton fabric: 2.5; Buttons: 6". The materials must already be on Raw Materials. For sizes and colours, give each variant a row with its style\'s name in Style and its values in Options, such as "Size: M; Colour: Red": one row for each combination.',
  },
} as const;

interface PreviewRow {
  id: string;
  row: CatalogueRow;
  result: RowResult;
}

const previewColumns: Record<CatalogueKind, DataTableColumn<PreviewRow>[]> = {
  raw_materials: [
    { label: 'Material Name', fw: 500, cell: ({ row }) => row.material_name || '—' },
    { label: 'Stock Level', numeric: true, cell: ({ row }) => row.stock_level || '—' },
  ],
  products: [
    {
      label: 'SKU',
      ff: 'monospace',
      cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{row.sku || '—'}</span>,
    },
    { label: 'Product Name', fw: 500, cell: ({ row }) => row.product_name || '—' },
    { label: 'BOM', cell: ({ row }) => row.bom || '—' },
  ],
};

const hasStyle = ({ row }: PreviewRow) => Boolean(row.style?.trim() || row.options?.trim());

/** Shown when the file has style rows: each row's style and, under it, its values. */
const styleColumn: DataTableColumn<PreviewRow> = {
  label: 'Style',
  cell: (preview) =>
    hasStyle(preview) ? (
      // One block, so that a phone's card shows the two lines together as the value.
      <div>
        {preview.row.style || '—'}
        <Text size="xs" c="dimmed">
          {preview.row.options || '—'}
        </Text>
      </div>
    ) : (
      '—'
    ),
};

const resultColumns: DataTableColumn<PreviewRow>[] = [
  {
    label: 'Result',
    cell: ({ result }) =>
      result.message === null ? (
        <Badge color="teal" variant="light" tt="none">
          Ready
        </Badge>
      ) : (
        <Text size="sm" c="red.8">
          {result.message}
        </Text>
      ),
  },
];

const rowColumn: DataTableColumn<PreviewRow> = { label: 'Row', numeric: true, cell: ({ result }) => result.row_number };

const count = (n: number, kind: CatalogueKind) => `${n} ${n === 1 ? wording[kind].one : wording[kind].many}`;

/** "Import" beside a catalogue list's header buttons: template, file, preview of every row, commit. */
export function ImportCatalogueButton({ kind }: { kind: CatalogueKind }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconUpload size={18} />} onClick={modal.open}>
        Import
      </Button>
      {opened && <ImportCatalogueModal kind={kind} onClose={modal.close} />}
    </>
  );
}

function ImportCatalogueModal({ kind, onClose }: { kind: CatalogueKind; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rows, setRows] = useState<CatalogueRow[]>([]);
  const [ignoredColumns, setIgnoredColumns] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const preview = usePreviewImport(kind);
  const commit = useCommitImport(kind);

  async function readFile(file: File | null) {
    if (!file) return;
    setFileName(file.name);
    setRows([]);
    setIgnoredColumns([]);
    preview.reset();
    commit.reset();
    if (file.size > MAX_FILE_BYTES) {
      setFileError('The file is larger than 5 MB. Split it into smaller files.');
      return;
    }
    const parsed = parseCatalogueCsv(kind, await file.text());
    if (!parsed.ok) {
      setFileError(parsed.error);
      return;
    }
    setFileError(null);
    setRows(parsed.rows);
    setIgnoredColumns(parsed.ignoredColumns);
    preview.mutate(parsed.rows);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0] ?? null);
  }

  async function importRows() {
    const imported = await commit.mutateAsync(rows).catch(() => null);
    if (imported === null) return;
    notifications.show({ color: 'teal', message: `Imported ${count(imported.length, kind)}.` });
    onClose();
  }

  const results = preview.data ?? [];
  const previewRows: PreviewRow[] = results.map((result, index) => ({
    id: String(result.row_number),
    row: rows[index] ?? {},
    result,
  }));
  const refused = results.filter((result) => result.message !== null).length;
  const ready = results.length > 0 && refused === 0;

  return (
    <Modal opened onClose={onClose} title={wording[kind].title} size="xl" fullScreen={phone}>
      <Stack>
        <Text size="sm">{wording[kind].columns}</Text>
        <Text size="sm" c="dimmed">
          A name or SKU you already have is refused, and nothing is imported until every row is ready.
        </Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconFileDownload size={18} />}
            onClick={() => downloadFile(wording[kind].template, catalogueTemplate(kind), 'text/csv;charset=utf-8')}
          >
            Download template
          </Button>
        </Group>
        <Paper
          withBorder
          p="lg"
          style={{ borderStyle: 'dashed', background: dragging ? 'var(--mantine-color-blue-light)' : undefined }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <Stack align="center" gap="xs">
            <Text size="sm" ta="center">
              Drop a CSV file here, or
            </Text>
            <FileButton
              onChange={(file) => void readFile(file)}
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
            >
              {(props) => (
                <Button {...props} leftSection={<IconFileUpload size={18} />}>
                  Choose CSV file
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed" ta="center">
              {fileName ?? 'The file is read in this browser; it is not uploaded.'}
            </Text>
          </Stack>
        </Paper>

        {fileError && (
          <Alert color="red" title="This file cannot be imported">
            {fileError}
          </Alert>
        )}
        {ignoredColumns.length > 0 && (
          <Text size="sm" c="dimmed">
            Not imported (not in the template): {ignoredColumns.join(', ')}.
          </Text>
        )}
        {preview.isPending && <Text size="sm">Checking every row…</Text>}
        {preview.isError && (
          <Alert color="red" title="Could not check the file">
            {preview.error.message}
          </Alert>
        )}
        {results.length > 0 &&
          (ready ? (
            <Alert color="teal" title={`All ${results.length} rows are ready`}>
              Nothing has been saved yet.
            </Alert>
          ) : (
            <Alert color="red" title={`${refused} of ${results.length} rows need fixing`}>
              Fix them in the file and choose it again. Nothing is imported until every row is ready.
            </Alert>
          ))}
        {previewRows.length > 0 && (
          <DataTable
            columns={[
              rowColumn,
              ...previewColumns[kind],
              ...(previewRows.some(hasStyle) ? [styleColumn] : []),
              ...resultColumns,
            ]}
            rows={previewRows}
            minWidth={520}
            maxHeight="45vh"
          />
        )}
        {commit.isError && (
          <Alert color="red" title="Nothing was imported">
            {commit.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!ready} loading={commit.isPending} onClick={importRows}>
            Import {rows.length > 0 ? count(rows.length, kind) : wording[kind].many}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
