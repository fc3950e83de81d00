import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { inventoryMaterialsExport, inventoryProductsExport } from '@/features/exports/api/list-exports';
import { ExportCsvButton } from '@/features/exports/components/export-csv-button';
import { QueryList } from '@/components/query-list';
import { StockStatusBadge } from '@/components/stock-status-badge';
import { useProducts, type Product } from '@/lib/api/products';
import { useRawMaterials, type RawMaterial } from '@/lib/api/raw-materials';
import { formatQuantity, materialWithUnit } from '@/lib/format';
import { isLowStock } from '@/lib/stock';
import { WhatToBuy } from './what-to-buy';

/** Spec: the inventory tables scroll at 60% of the viewport height. */
const TABLE_MAX_HEIGHT = '60vh';

export function InventoryStatus() {
  return (
    <>
      <PageHeader
        title="Inventory Status"
        description="What is running low: anything below its reorder point is marked Low Stock."
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <FinishedProducts />
        <RawMaterialsStock />
      </SimpleGrid>
      <WhatToBuy />
    </>
  );
}

function InventoryTable({ title, exportCsv, children }: { title: string; exportCsv: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {exportCsv}
      </Group>
      {children}
    </Paper>
  );
}

const productColumns: DataTableColumn<Product>[] = [
  {
    label: 'Product',
    // One element, so that on a phone the name and SKU stay together on the right of the label.
    cell: (product) => (
      <div>
        <Text fw={500} size="sm">
          {product.product_name}
        </Text>
        <Text c="dimmed" size="xs" ff="monospace">
          {product.sku}
        </Text>
      </div>
    ),
  },
  { label: 'Stock on Hand', numeric: true, cell: (product) => formatQuantity(product.stock_on_hand) },
  { label: 'Reorder Point', numeric: true, cell: (product) => formatQuantity(product.reorder_point) },
  {
    label: 'Status',
    cell: (product) => <StockStatusBadge low={isLowStock(product.stock_on_hand, product.reorder_point)} />,
  },
];

function FinishedProducts() {
  const products = useProducts();
  return (
    <InventoryTable title="Finished Products" exportCsv={<ExportCsvButton {...inventoryProductsExport} size="xs" />}>
      <QueryList
        query={products}
        what="products"
        empty={
          <Text c="dimmed" size="sm">
            No products yet. Add them on the Products tab.
          </Text>
        }
      >
        {(rows) => (
          <DataTable columns={productColumns} rows={rows} minWidth={420} maxHeight={TABLE_MAX_HEIGHT} />
        )}
      </QueryList>
    </InventoryTable>
  );
}

const rawMaterialColumns: DataTableColumn<RawMaterial>[] = [
  {
    label: 'Material',
    fw: 500,
    cell: (material) => materialWithUnit(material.material_name, material.unit_of_measure),
  },
  {
    label: 'Stock Level',
    numeric: true,
    cell: (material) => formatQuantity(material.stock_level),
  },
  { label: 'Reorder Point', numeric: true, cell: (material) => formatQuantity(material.reorder_point) },
  {
    label: 'Status',
    cell: (material) => <StockStatusBadge low={isLowStock(material.stock_level, material.reorder_point)} />,
  },
];

function RawMaterialsStock() {
  const rawMaterials = useRawMaterials();
  return (
    <InventoryTable title="Raw Materials" exportCsv={<ExportCsvButton {...inventoryMaterialsExport} size="xs" />}>
      <QueryList
        query={rawMaterials}
        what="raw materials"
        empty={
          <Text c="dimmed" size="sm">
            No raw materials yet. Add them on the Raw Materials tab.
          </Text>
        }
      >
        {(rows) => (
          <DataTable columns={rawMaterialColumns} rows={rows} minWidth={420} maxHeight={TABLE_MAX_HEIGHT} />
        )}
      </QueryList>
    </InventoryTable>
  );
}
