import { Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { downloadFile, todayInIndia } from '@/lib/csv';
import { formatQuantity, formatRupees } from '@/lib/format';
import { stateName } from '@/lib/india-states';
import { itc04Periods, useItc04, type Itc04, type Itc04Period } from '../api/job-work';

const periodKey = (period: Itc04Period) => `${period.from_date}/${period.to_date}`;

type SentRow = Itc04['m2jw'][number]['itms'][number] & { id: string; chnum: string; chdt: string; state: string };
type ReceivedRow = Itc04['table5A'][number]['items'][number] & { id: string };

const sentColumns: DataTableColumn<SentRow>[] = [
  { label: 'Challan', cell: (row) => row.chnum },
  { label: 'Date', cell: (row) => row.chdt },
  { label: 'Job worker in', cell: (row) => row.state },
  { label: 'Goods', cell: (row) => row.desc },
  { label: 'Quantity', numeric: true, cell: (row) => `${formatQuantity(row.qty)} ${row.uqc}` },
  { label: 'Taxable value', numeric: true, cell: (row) => formatRupees(row.txval) },
];

const receivedColumns: DataTableColumn<ReceivedRow>[] = [
  { label: 'Challan', cell: (row) => row.o_chnum },
  { label: 'Received on', cell: (row) => row.jw2_chdt },
  { label: 'Their challan or invoice', cell: (row) => row.jw2_chnum ?? '—' },
  { label: 'Goods', cell: (row) => row.desc },
  { label: 'Received', numeric: true, cell: (row) => `${formatQuantity(row.qty)} ${row.uqc}` },
  { label: 'Lost', numeric: true, cell: (row) => (row.lwqty ? `${formatQuantity(row.lwqty)} ${row.uqc}` : '—') },
];

/**
 * ITC-04 (rule 45(3)): what went to job workers and came back in a half-year or a year, as tables 4
 * and 5A, and the file the GST portal's offline tool takes.
 */
export function Itc04Section() {
  const periods = itc04Periods(todayInIndia());
  const [chosen, setChosen] = useState(periods[0]!);
  const itc04 = useItc04(chosen);
  const sent: SentRow[] = (itc04.data?.m2jw ?? []).flatMap((challan) =>
    challan.itms.map((item, index) => ({
      ...item,
      id: `${challan.chnum}:${index}`,
      chnum: challan.chnum,
      chdt: challan.chdt,
      state: stateName(challan.jw_stcd) ?? challan.jw_stcd,
    })),
  );
  const received: ReceivedRow[] = (itc04.data?.table5A ?? []).flatMap((receipt, receiptIndex) =>
    receipt.items.map((item, index) => ({ ...item, id: `${receiptIndex}:${index}` })),
  );
  const sentValue = sent.reduce((total, row) => total + row.txval, 0);

  return (
    <Card withBorder mt="lg" component="section" aria-label="ITC-04">
      <Stack>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={3} size="h4">
              ITC-04
            </Title>
            <Text size="sm" c="dimmed">
              Goods sent to and received back from job workers, for each half-year (turnover above ₹5 crore) or the
              year.
            </Text>
          </div>
          <Select
            label="Period"
            data={periods.map((period) => ({ value: periodKey(period), label: period.label }))}
            value={periodKey(chosen)}
            onChange={(value) => setChosen(periods.find((period) => periodKey(period) === value) ?? chosen)}
            allowDeselect={false}
            w={260}
          />
        </Group>
        {itc04.error ? (
          <Text c="red.7" role="alert">
            {itc04.error.message}
          </Text>
        ) : !itc04.data ? (
          <Loader aria-label="Loading ITC-04" />
        ) : (
          <>
            <Text fw={600}>
              Table 4, sent to job workers: {sent.length === 0 ? 'nothing' : formatRupees(sentValue)}
            </Text>
            {sent.length > 0 && <DataTable columns={sentColumns} rows={sent} minWidth={640} />}
            <Text fw={600}>
              Table 5A, received back: {received.length === 0 ? 'nothing' : `${received.length} receipts`}
            </Text>
            {received.length > 0 && <DataTable columns={receivedColumns} rows={received} minWidth={640} />}
            <Text size="sm" c="dimmed">
              Tables 5B and 5C stay empty: FactoryFlow sends nothing on from one job worker to another, and sells
              nothing from a job worker&apos;s place.
            </Text>
            {itc04.data.gstin === null && (
              <Text size="sm">Fill in your business profile (GSTIN) in Settings to download the ITC-04 file.</Text>
            )}
            <Group>
              <Button
                variant="light"
                leftSection={<IconDownload size={18} />}
                disabled={itc04.data.gstin === null}
                onClick={() =>
                  downloadFile(
                    `ITC-04-${itc04.data.gstin}-${itc04.data.fp}.json`,
                    JSON.stringify(itc04.data),
                    'application/json',
                  )
                }
              >
                Download ITC-04 JSON
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
