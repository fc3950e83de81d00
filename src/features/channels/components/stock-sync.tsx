import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { downloadFile, todayInIndia } from '@/lib/csv';
import { formatDateTime, formatQuantity } from '@/lib/format';
import { stockFileRows, useRecordStockFile, useStockSync, type StockSyncRow } from '../api/stock-sync';
import { stockFileLayout, stockFileLayouts, type SalesPlatform, type StockFileLayout } from '../lib/stock-files';

/** The website's file is Shopify's; the other platforms go by their own names. */
const platformName = (platform: SalesPlatform) => (platform === 'Brand Website' ? 'Website (Shopify)' : platform);

const columns: DataTableColumn<StockSyncRow & { id: string }>[] = [
  { label: 'Listed as', ff: 'monospace', fw: 500, cell: (row) => row.alias },
  { label: 'Product', cell: (row) => `${row.product_name} (${row.sku})` },
  {
    label: 'Last file',
    numeric: true,
    cell: (row) => (row.last_quantity === null ? 'Not in it' : formatQuantity(row.last_quantity)),
  },
  { label: 'Now', numeric: true, fw: 600, cell: (row) => formatQuantity(row.quantity) },
];

/**
 * Stock sync (issue 34), below Inventory: per platform, the listings whose available-to-sell changed
 * since the last stock file was downloaded, and the file with those changes in the layout the
 * platform's portal takes. Downloading records what the file said, so the next view shows only
 * what changes after it.
 */
export function StockSync() {
  const [platform, setPlatform] = useState<SalesPlatform>('Amazon');
  const layout = stockFileLayout(platform)!;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="stock-sync-title" mt="lg">
      <Title id="stock-sync-title" order={3} size="h4" mb={4}>
        Stock sync
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        What each marketplace may sell: stock, less the platform&apos;s buffer (Buffers, below), plus what the materials
        can still make where you chose so; a combo, what its parts make. Upload the file to the seller portal so it
        never sells what you do not have.
      </Text>
      <SegmentedControl
        aria-label="Platform"
        data={stockFileLayouts.map((each) => ({ value: each.platform, label: platformName(each.platform) }))}
        value={platform}
        onChange={(value) => setPlatform(value as SalesPlatform)}
        mb="sm"
        fullWidth
        styles={{ label: { whiteSpace: 'normal' } }}
      />
      <PlatformSync key={platform} layout={layout} />
    </Paper>
  );
}

function PlatformSync({ layout }: { layout: StockFileLayout }) {
  const { platform } = layout;
  const sync = useStockSync(platform);
  const record = useRecordStockFile();
  const [everyListing, setEveryListing] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [shopifyLocation, setShopifyLocation] = useLocalStorage({
    key: 'factoryflow-shopify-location',
    defaultValue: '',
  });

  if (sync.isError) return <Text c="red.7">Could not load what changed. {sync.error.message}</Text>;
  if (!sync.data) {
    return (
      <Text c="dimmed" aria-busy="true">
        Loading…
      </Text>
    );
  }
  const { rows, last_downloaded_at: lastDownloadedAt } = sync.data;
  const changed = rows.filter((row) => row.changed);
  const inFile = everyListing ? rows : changed;
  const needsLocation = platform === 'Brand Website' && shopifyLocation.trim() === '';

  const downloadStockFile = async () => {
    setPreparing(true);
    try {
      const file = layout.write(await stockFileRows(platform, inFile), { date: todayInIndia(), shopifyLocation });
      downloadFile(file.fileName, file.content, file.mimeType);
      // What the portal has once this file is uploaded: every listing at its quantity now.
      await record.mutateAsync({ platform, rows });
      notifications.show({
        color: 'teal',
        message: `${file.fileName} downloaded: upload it to ${platformName(platform)}.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Stack gap="sm">
      <Alert
        // Gray, not yellow: Mantine's light yellow text on its yellow tint is below WCAG AA contrast.
        color={layout.confidence === 'documented' ? 'blue' : 'gray'}
        icon={<IconInfoCircle />}
        title={
          <Group gap="xs">
            {platformName(platform)}: {layout.portalFile}
            {layout.confidence !== 'documented' && (
              <Badge color="yellow" variant="filled" autoContrast tt="none">
                {layout.confidence === 'not found' ? 'Layout not published' : 'Best public evidence'}
              </Badge>
            )}
          </Group>
        }
      >
        {layout.help}
      </Alert>
      <Text size="sm">
        {lastDownloadedAt
          ? `Last file downloaded ${formatDateTime(lastDownloadedAt)}. `
          : 'No file downloaded yet: the first file lists every listing. '}
        {rows.length === 0
          ? 'No products yet.'
          : changed.length === 0
            ? 'Nothing changed since.'
            : `${changed.length} of ${rows.length} ${rows.length === 1 ? 'listing' : 'listings'} changed.`}
      </Text>
      {changed.length > 0 && (
        <DataTable
          columns={columns}
          rows={changed.map((row) => ({ ...row, id: `${row.product_id}:${row.alias}` }))}
          minWidth={520}
          maxHeight="40dvh"
        />
      )}
      {platform === 'Brand Website' && (
        <TextInput
          label="Shopify location"
          description="The location's name exactly as in Shopify (Settings → Locations)"
          value={shopifyLocation}
          onChange={(event) => setShopifyLocation(event.currentTarget.value)}
          maw={360}
          withAsterisk
        />
      )}
      <Group justify="space-between" wrap="wrap">
        <Checkbox
          label="Every listing, not only the changes"
          checked={everyListing}
          onChange={(event) => setEveryListing(event.currentTarget.checked)}
        />
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void downloadStockFile()}
          loading={preparing}
          disabled={inFile.length === 0 || needsLocation}
        >
          {layout.label}
        </Button>
      </Group>
    </Stack>
  );
}
