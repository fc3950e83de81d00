import { Button, Group, Paper, SegmentedControl, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list';
import { inventoryMaterialsExport, inventoryProductsExport } from '../api/inventory-exports';
import { ExportCsvButton } from '@/components/export-csv-button';
import { StockStatusBadge } from '@/components/stock-status-badge';
import {
  initialItemList,
  useProductPage,
  useRawMaterialPage,
  type ItemFilters,
  type ProductSort,
  type RawMaterialSort,
} from '@/features/catalogue/api/item-lists';
import type { Product } from '@/features/catalogue/api/products';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { formatDay, formatQuantity, materialWithUnit } from '@/lib/format';
import { useListState } from '@/lib/list-state';
import { isLowStock } from '@/lib/stock';
import { StylesSection } from '@/features/catalogue/components/styles-section';
import { useAcceptReorderPoint, useProductPlanning, type ProductPlanning } from '../api/product-planning';

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
      <StylesSection withVariants={false} />
    </>
  );
}

interface InventoryTableProps {
  title: string;
  exportCsv: ReactNode;
  filters: ItemFilters;
  onFiltersChange: (change: Partial<ItemFilters>) => void;
  children: ReactNode;
}

/** One of the two tables, with its title, a status filter (every item, or the low ones) and its export. */
function InventoryTable({ title, exportCsv, filters, onFiltersChange, children }: InventoryTableProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" gap="sm" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label={`${title} status`}
            data={[
              { value: 'all', label: 'All' },
              { value: 'low', label: 'Low Stock' },
            ]}
            value={filters.lowStockOnly ? 'low' : 'all'}
            onChange={(value) => onFiltersChange({ lowStockOnly: value === 'low' })}
          />
          {exportCsv}
        </Group>
      </Group>
      {children}
    </Paper>
  );
}

const specProductColumns: DataTableColumn<Product>[] = [
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

/** Units per day: two decimals below 1 a day (one sale a month is 0.03), one below 10, whole above. */
function formatPerDay(perDay: number): string {
  if (perDay < 1) return perDay.toFixed(2);
  return perDay < 10 ? perDay.toFixed(1) : formatQuantity(Math.round(perDay));
}

/**
 * The spec's columns, then how long each product's stock lasts at its 30-day sales and how fast it
 * sells (issue 33), with the reorder point its velocity and lead time suggest, one click away.
 */
function ProductsTable({ rows }: { rows: Product[] }) {
  const planning = useProductPlanning(rows.map((product) => product.id));
  const accept = useAcceptReorderPoint();
  const planOf = (product: Product): ProductPlanning | undefined => planning.data?.get(product.id);
  const acceptSuggestion = (product: Product, suggested: number) =>
    accept.mutate(product.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: `${product.product_name}: reorder point set to ${suggested}.` }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  // One column, so the half-width table still shows it beside the status.
  const columns: DataTableColumn<Product>[] = [
    ...specProductColumns,
    {
      label: 'Days Left',
      numeric: true,
      cell: (product) => {
        const plan = planOf(product);
        if (!plan || plan.days_left === null) {
          return (
            <Text size="sm" c="dimmed">
              No sales
            </Text>
          );
        }
        const short = plan.days_left < plan.lead_time_days;
        const suggested = plan.suggested_reorder_point;
        return (
          <div>
            <Text size="sm" fw={short ? 700 : 500} c={short ? 'red.9' : undefined}>
              {plan.runs_out_on ? `${formatQuantity(Math.floor(plan.days_left))} days` : 'Over 100 years'}
            </Text>
            <Text
              size="xs"
              c="dimmed"
              title={`Sold per day: ${formatPerDay(plan.per_day_7)} over 7 days, ${formatPerDay(plan.per_day_90)} over 90`}
            >
              {formatPerDay(plan.per_day_30)} a day
              {plan.runs_out_on && (
                <>
                  <br />
                  until {formatDay(plan.runs_out_on)}
                </>
              )}
            </Text>
            {suggested !== null && suggested !== product.reorder_point && (
              <Button
                size="compact-xs"
                variant="light"
                mt={4}
                aria-label={`Use ${suggested} as the reorder point of ${product.product_name}`}
                loading={accept.isPending && accept.variables === product.id}
                onClick={() => acceptSuggestion(product, suggested)}
              >
                Use {formatQuantity(suggested)}
              </Button>
            )}
          </div>
        );
      },
    },
  ];
  return <DataTable columns={columns} rows={rows} minWidth={420} maxHeight={TABLE_MAX_HEIGHT} />;
}

function FinishedProducts() {
  const list = useListState('inventory-products', initialItemList<ProductSort>('created_at'));
  const products = useProductPage(list.state);
  return (
    <InventoryTable
      title="Finished Products"
      exportCsv={<ExportCsvButton {...inventoryProductsExport(list.state)} size="xs" />}
      filters={list.state.filters}
      onFiltersChange={list.setFilters}
    >
      <PagedList
        query={products}
        what="products"
        narrowed={list.state.filters.lowStockOnly}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        empty={
          <Text c="dimmed" size="sm">
            No products yet. Add them on the Products tab.
          </Text>
        }
      >
        {(rows) => <ProductsTable rows={rows} />}
      </PagedList>
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
  const list = useListState('inventory-materials', initialItemList<RawMaterialSort>('created_at'));
  const rawMaterials = useRawMaterialPage(list.state);
  return (
    <InventoryTable
      title="Raw Materials"
      exportCsv={<ExportCsvButton {...inventoryMaterialsExport(list.state)} size="xs" />}
      filters={list.state.filters}
      onFiltersChange={list.setFilters}
    >
      <PagedList
        query={rawMaterials}
        what="raw materials"
        narrowed={list.state.filters.lowStockOnly}
        page={list.state.page}
        pageSize={list.state.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        empty={
          <Text c="dimmed" size="sm">
            No raw materials yet. Add them on the Raw Materials tab.
          </Text>
        }
      >
        {(rows) => <DataTable columns={rawMaterialColumns} rows={rows} minWidth={420} maxHeight={TABLE_MAX_HEIGHT} />}
      </PagedList>
    </InventoryTable>
  );
}
