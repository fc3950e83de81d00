import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { AlertTitle } from '@/components/alert-title';
import { LoadError } from '@/components/load-error';
import { downloadFile, todayInIndia } from '@/lib/csv';
import { formatDay, formatPoNumber, formatQuantity, formatRupees } from '@/lib/format';
import { sumAmounts } from '@/lib/money';
import { notifications } from '@mantine/notifications';
import { StateSelect } from '@/components/state-select';
import { placeOfSupply } from '@/lib/india-states';
import { useGstMonth, useSetPlaceOfSupply, type InputTax } from '../api/gst-month';
import {
  gstr1Files,
  outputTaxByRate,
  tableTaxableValue,
  totalOutputTax,
  type Gstr1Summary,
  type PlaceUnknownSale,
} from '../utils/gstr1-files';

/**
 * A table that scrolls sideways on a phone, reachable by keyboard (a scrolling region must take
 * focus: axe's scrollable-region-focusable).
 */
function Scrolling({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box tabIndex={0} role="region" aria-label={label} style={{ overflowX: 'auto' }}>
      <Box miw={420}>{children}</Box>
    </Box>
  );
}

const monthLabel = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The last 24 months in India, newest first, as 'YYYY-MM' with their names. */
function recentMonths(): { value: string; label: string }[] {
  const [year, month] = todayInIndia().split('-').map(Number) as [number, number];
  return Array.from({ length: 24 }, (_, back) => {
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    return { value: first.toISOString().slice(0, 7), label: monthLabel.format(first) };
  });
}

const tableNames: Record<string, string> = {
  b2b: 'B2B invoices (4A)',
  b2cl: 'B2C large (5)',
  b2cs: 'B2C small (7)',
  cdnr: 'Credit notes, registered (9B)',
  cdnur: 'Credit notes, unregistered (9B)',
  hsn: 'HSN summary (12)',
  'hsn(b2b)': 'HSN summary, B2B (12)',
  'hsn(b2c)': 'HSN summary, B2C (12)',
  docs: 'Documents issued (13)',
  eco: 'Through e-commerce operators (14a)',
};

function tableTotal(summary: Gstr1Summary, table: string): string {
  switch (table) {
    case 'docs':
      return `${formatQuantity(summary.docs.reduce((count, row) => count + Number(row.total_number), 0))} documents`;
    case 'hsn(b2b)':
      return formatRupees(tableTaxableValue(summary.hsn_b2b));
    case 'hsn(b2c)':
      return formatRupees(tableTaxableValue(summary.hsn_b2c));
    case 'eco':
      return formatRupees(sumAmounts(summary.eco.map((row) => Number(row.net_value_of_supplies))));
    default:
      return formatRupees(tableTaxableValue(summary[table as 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'hsn']));
  }
}

const PLACE_UNKNOWN_SHOWN = 3;

/**
 * The sales whose buyer's state no report or shop gave: each says "Place of supply unknown" and is
 * filed in no table until an invoice names the state (issue 42), rather than as the business's own.
 */
function PlaceUnknownSales({ count, orders }: { count: number; orders: PlaceUnknownSale[] }) {
  const setPlace = useSetPlaceOfSupply();
  // Three at first: a month of old order files can leave a hundred, which would push the month's
  // tables pages down, on a phone most of all.
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? orders : orders.slice(0, PLACE_UNKNOWN_SHOWN);
  const settle = (order: PlaceUnknownSale, state: string | null) => {
    if (state === null) return;
    setPlace.mutate(
      { order_id: order.sales_order_id, state },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `Place of supply set: ${placeOfSupply(state)}.` }),
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );
  };
  return (
    <Alert
      color="orange"
      title={
        <AlertTitle>
          {formatQuantity(count)} {count === 1 ? 'sale has' : 'sales have'} no place of supply
        </AlertTitle>
      }
    >
      <Text size="sm">
        The order report or website order gave no buyer state FactoryFlow could read, so they are in no table. Choose
        each one&apos;s buyer state to file it.
      </Text>
      <Stack component="ul" gap={2} mt="xs" pl="md" aria-label="Sales with place of supply unknown">
        {shown.map((order) => (
          <Group component="li" key={order.sales_order_id} gap="xs" wrap="wrap">
            <Text size="sm">
              {order.platform}
              {order.external_order_id && ` ${order.external_order_id}`} · {order.product_name} ·{' '}
              {formatRupees(order.total_amount)} · Place of supply unknown
            </Text>
            <StateSelect
              size="xs"
              w={200}
              placeholder="Buyer state"
              aria-label={`Buyer state of ${order.platform} ${order.external_order_id ?? order.product_name}`}
              value={null}
              disabled={setPlace.isPending}
              onChange={(state) => settle(order, state)}
            />
          </Group>
        ))}
      </Stack>
      {shown.length < orders.length && (
        <Button variant="subtle" size="compact-sm" mt={4} onClick={() => setShowAll(true)}>
          Show all {formatQuantity(orders.length)}
        </Button>
      )}
      {showAll && count > orders.length && (
        <Text size="xs" mt={4}>
          The first {formatQuantity(orders.length)} are listed.
        </Text>
      )}
    </Alert>
  );
}

function MonthFigures({ month }: { month: string }) {
  const gst = useGstMonth(month);
  if (gst.isError) return <LoadError what="the month's GST" error={gst.error} onRetry={() => void gst.refetch()} />;
  if (!gst.data) return <Skeleton h={260} />;
  const { summary, inputTax } = gst.data;
  const output = outputTaxByRate(summary.hsn);
  const outputTax = totalOutputTax(summary.hsn);
  const files = gstr1Files(summary);
  return (
    <Stack>
      {summary.business_state_code === null && (
        <Alert color="orange" title={<AlertTitle>No business profile yet</AlertTitle>}>
          Sales are placed in your own state until you set your GSTIN and state in Business profile, below.
        </Alert>
      )}
      {summary.tax_unknown.count > 0 && (
        <Alert
          color="orange"
          title={<AlertTitle>{formatQuantity(summary.tax_unknown.count)} sales have no GST rate</AlertTitle>}
        >
          They are in no table: set the HSN code and GST rate of{' '}
          {[...new Set(summary.tax_unknown.orders.map((order) => order.product_name))].slice(0, 5).join(', ')}{' '}
          (Products, Edit).
        </Alert>
      )}
      {summary.place_unknown.count > 0 && <PlaceUnknownSales {...summary.place_unknown} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <div>
          <Title order={4} size="h5" mb="xs">
            Output tax by rate
          </Title>
          <Scrolling label="Output tax by rate, scrolling">
            <Table aria-label="Output tax by rate">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th ta="right">Taxable value</Table.Th>
                  <Table.Th ta="right">IGST</Table.Th>
                  <Table.Th ta="right">CGST</Table.Th>
                  <Table.Th ta="right">SGST</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {output.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text size="sm" c="dimmed">
                        No taxed sales this month.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  output.map((row) => (
                    <Table.Tr key={row.rate}>
                      <Table.Td>{row.rate}%</Table.Td>
                      <Table.Td ta="right">{formatRupees(row.taxable_value)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(row.igst)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(row.cgst)}</Table.Td>
                      <Table.Td ta="right">{formatRupees(row.sgst)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Scrolling>
          <Text size="sm" mt="xs">
            Output tax: <strong>{formatRupees(outputTax)}</strong> · Input tax on materials:{' '}
            <strong>{formatRupees(inputTax.gst_paid)}</strong>
          </Text>
          {inputTax.rows.length > 0 && (
            <Text size="xs" c="dimmed">
              Input tax by rate:{' '}
              {inputTax.rows
                .map(
                  (row) =>
                    `${row.gst_rate === null ? 'rate not given' : `${Number(row.gst_rate)}%`} ${formatRupees(row.gst_paid)} on ${formatRupees(row.purchase_value)}`,
                )
                .join(' · ')}
            </Text>
          )}
        </div>
        <div>
          <Title order={4} size="h5" mb="xs">
            GSTR-1 files
          </Title>
          {/* Three columns, the file's button under its table's name: it fits a phone without scrolling. */}
          <Table aria-label="GSTR-1 tables">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Table and file</Table.Th>
                <Table.Th ta="right">Rows</Table.Th>
                <Table.Th ta="right">Taxable value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((file) => (
                <Table.Tr key={file.table}>
                  <Table.Td>
                    <Text size="sm">{tableNames[file.table]}</Text>
                    <Button
                      mt={4}
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconDownload size={14} />}
                      aria-label={`Download ${file.table}.csv`}
                      onClick={() => downloadFile(file.fileName, file.content, 'text/csv;charset=utf-8')}
                    >
                      {file.table}.csv
                    </Button>
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(file.rows)}</Table.Td>
                  <Table.Td ta="right">{tableTotal(summary, file.table)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt="xs">
            Import each file into the matching sheet of the GST Returns Offline Tool, check it there, and file from the
            GST portal. FactoryFlow prepares GSTR-1; it does not file it.
          </Text>
        </div>
      </SimpleGrid>
      <OperatorSales summary={summary} />
      <PurchaseInvoices invoices={inputTax.invoices} />
    </Stack>
  );
}

/** Table 14(a): the month's sales through each e-commerce operator, by its GSTIN. */
function OperatorSales({ summary }: { summary: Gstr1Summary }) {
  const note = (
    <Text size="xs" c="dimmed" mt="xs">
      A marketplace&apos;s sales are filed under its GSTIN (B2C small type E) once you enter it in Settings, E-commerce
      operators; until then they are type OE and not in this table.
    </Text>
  );
  return (
    <div>
      <Title order={4} size="h5" mb="xs">
        Sales through e-commerce operators (Table 14)
      </Title>
      {summary.eco.length === 0 ? (
        <>
          <Text size="sm" c="dimmed">
            No sales through an operator whose GSTIN is known this month.
          </Text>
          {note}
        </>
      ) : (
        <>
          <Scrolling label="Sales through e-commerce operators, scrolling">
            <Table aria-label="Sales through e-commerce operators">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Operator GSTIN</Table.Th>
                  <Table.Th ta="right">Net value</Table.Th>
                  <Table.Th ta="right">IGST</Table.Th>
                  <Table.Th ta="right">CGST</Table.Th>
                  <Table.Th ta="right">SGST</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.eco.map((row) => (
                  <Table.Tr key={row.ecommerce_gstin}>
                    <Table.Td ff="monospace">{row.ecommerce_gstin}</Table.Td>
                    <Table.Td ta="right">{formatRupees(Number(row.net_value_of_supplies))}</Table.Td>
                    <Table.Td ta="right">{formatRupees(Number(row.igst))}</Table.Td>
                    <Table.Td ta="right">{formatRupees(Number(row.cgst))}</Table.Td>
                    <Table.Td ta="right">{formatRupees(Number(row.sgst))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Scrolling>
          {note}
        </>
      )}
    </div>
  );
}

/**
 * GST (issue 31), first on the GST screen: a month's output tax by rate, the input tax on
 * materials, the GSTR-1 tables' totals and each table as the offline tool's CSV file.
 */
export function GstSection() {
  const [months] = useState(recentMonths);
  const [month, setMonth] = useState(months[0]!.value);
  return (
    <Paper withBorder p="md" component="section" aria-label="GST">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <div>
          <Text c="dimmed" size="sm">
            The month&apos;s tax and its GSTR-1, ready for the GST offline tool.
          </Text>
        </div>
        <Select
          label="Month"
          data={months}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={200}
        />
      </Group>
      <MonthFigures month={month} />
    </Paper>
  );
}

/** The month's input tax by purchase invoice and supplier GSTIN (issue 42), to match with GSTR-2B. */
function PurchaseInvoices({ invoices }: { invoices: InputTax['invoices'] }) {
  return (
    <div>
      <Title order={4} size="h5" mb="xs">
        Input tax by purchase invoice
      </Title>
      {invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          No GST paid on receipts this month.
        </Text>
      ) : (
        <Scrolling label="Input tax by purchase invoice, scrolling">
          <Table aria-label="Input tax by purchase invoice">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Supplier GSTIN</Table.Th>
                <Table.Th>Supplier</Table.Th>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Invoice date</Table.Th>
                <Table.Th ta="right">Value before tax</Table.Th>
                <Table.Th ta="right">GST paid</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{invoice.supplier_gstin ?? 'No GSTIN'}</Table.Td>
                  <Table.Td>
                    {invoice.supplier_name ?? '—'}
                    {invoice.po_number !== null && (
                      <Text size="xs" c="dimmed">
                        {formatPoNumber(invoice.po_number)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{invoice.supplier_invoice_number ?? 'Not given'}</Table.Td>
                  <Table.Td>{invoice.supplier_invoice_date ? formatDay(invoice.supplier_invoice_date) : '—'}</Table.Td>
                  <Table.Td ta="right">{formatRupees(invoice.purchase_value)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(invoice.gst_paid)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Scrolling>
      )}
    </div>
  );
}
