import { Alert, Progress, Stack, Text } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { AlertTitle } from '@/components/alert-title';
import { formatQuantity } from '@/lib/format';
import { useItemTaxBackfillProgress } from '../api/item-tax-backfill';

/**
 * Where an item's tax is set (the Products screen: products, styles, combos): how many of the
 * earlier orders have been given the tax so far, while the app gives them it in batches.
 */
export function ItemTaxBackfillProgress() {
  const progress = useItemTaxBackfillProgress().data;
  if (!progress) return null;
  const { done, total } = progress;
  return (
    <Alert
      mb="lg"
      color="blue"
      icon={<IconReceiptTax size={18} />}
      title={<AlertTitle>Giving earlier orders their tax</AlertTitle>}
    >
      <Stack gap="xs">
        <Text size="sm">
          {formatQuantity(done)} of {formatQuantity(total)} orders recorded before the tax was set have it now. The rest
          follow while FactoryFlow is open.
        </Text>
        <Progress value={(done / total) * 100} aria-label="Earlier orders given their tax" />
      </Stack>
    </Alert>
  );
}
