import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useProductPicker } from '@/features/catalogue/components/product-picker';
import type { SalesPlatform } from '../lib/stock-files';
import { useSetSkuAlias } from '../api/sku-aliases';

interface MapUnknownSkuProps {
  sku: string;
  platform: SalesPlatform;
  /** The alias is saved: the preview runs again, and the line becomes this product's. */
  onMapped: () => void;
}

/**
 * "This is…" under an Unknown SKU line of an import preview (issue 34): choosing the product saves
 * the report's SKU as that product's marketplace SKU on this platform (set_sku_alias).
 */
export function MapUnknownSku({ sku, platform, onMapped }: MapUnknownSkuProps) {
  const [picking, setPicking] = useState(false);
  const save = useSetSkuAlias();
  const picker = useProductPicker({ value: null, includeArchived: false });

  if (!picking) {
    return (
      <Button size="compact-xs" variant="light" onClick={() => setPicking(true)} aria-label={`This is… (map ${sku})`}>
        This is…
      </Button>
    );
  }
  return (
    <Stack gap={4} miw="12rem" ta="left">
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Select
          size="xs"
          label={`${sku} is`}
          placeholder="Search your products"
          data-autofocus
          autoFocus
          value={null}
          disabled={save.isPending}
          {...picker.selectProps}
          onChange={(productId) => {
            if (!productId) return;
            save.mutate({ product_id: productId, platform, alias: sku }, { onSuccess: onMapped });
          }}
          style={{ flex: 1 }}
        />
        <Button size="compact-xs" variant="subtle" mt={22} onClick={() => setPicking(false)} disabled={save.isPending}>
          Cancel
        </Button>
      </Group>
      {save.error && (
        <Text size="xs" c="red.8" role="alert">
          {save.error.message}
        </Text>
      )}
    </Stack>
  );
}
