import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { StockStatusBadge } from '@/components/stock-status-badge';
import { TableSkeleton } from '@/components/table-skeleton';
import { useProducts } from '@/lib/api/products';
import { useRawMaterials } from '@/lib/api/raw-materials';
import { formatQuantity } from '@/lib/format';
import { isLowStock } from '@/lib/stock';

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
    </>
  );
}

function InventoryTable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function FinishedProducts() {
  const products = useProducts();
  return (
    <InventoryTable title="Finished Products">
      {products.isPending ? (
        <TableSkeleton label="Loading products" />
      ) : products.isError ? (
        <LoadError what="products" error={products.error} onRetry={products.refetch} />
      ) : products.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No products yet. Add them on the Products tab.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420} maxHeight={TABLE_MAX_HEIGHT}>
          <Table stickyHeader striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Stock on Hand</Table.Th>
                <Table.Th ta="right">Reorder Point</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.data.map((product) => (
                <Table.Tr key={product.id}>
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {product.product_name}
                    </Text>
                    <Text c="dimmed" size="xs" ff="monospace">
                      {product.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{product.stock_on_hand}</Table.Td>
                  <Table.Td ta="right">{product.reorder_point}</Table.Td>
                  <Table.Td>
                    <StockStatusBadge low={isLowStock(product.stock_on_hand, product.reorder_point)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </InventoryTable>
  );
}

function RawMaterialsStock() {
  const rawMaterials = useRawMaterials();
  return (
    <InventoryTable title="Raw Materials">
      {rawMaterials.isPending ? (
        <TableSkeleton label="Loading raw materials" />
      ) : rawMaterials.isError ? (
        <LoadError what="raw materials" error={rawMaterials.error} onRetry={rawMaterials.refetch} />
      ) : rawMaterials.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No raw materials yet. Add them on the Raw Materials tab.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420} maxHeight={TABLE_MAX_HEIGHT}>
          <Table stickyHeader striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Material</Table.Th>
                <Table.Th ta="right">Stock Level</Table.Th>
                <Table.Th ta="right">Reorder Point</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rawMaterials.data.map((material) => (
                <Table.Tr key={material.id}>
                  <Table.Td fw={500}>{material.material_name}</Table.Td>
                  <Table.Td ta="right">
                    {formatQuantity(material.stock_level)} {material.unit_of_measure}
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(material.reorder_point)}</Table.Td>
                  <Table.Td>
                    <StockStatusBadge low={isLowStock(material.stock_level, material.reorder_point)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </InventoryTable>
  );
}
