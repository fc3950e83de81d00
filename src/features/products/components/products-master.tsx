import { Button, EmptyState, Paper, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconShirt } from '@tabler/icons-react';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { TableSkeleton } from '@/components/table-skeleton';
import { useProducts } from '@/lib/api/products';
import { formatRupees } from '@/lib/format';
import { isLowStock } from '@/lib/stock';
import { CreateProductModal } from './create-product-modal';

export function ProductsMaster() {
  const products = useProducts();
  const [modalOpened, modal] = useDisclosure(false);

  return (
    <>
      <PageHeader
        title="Products Master"
        description="The finished products you sell, with their prices and stock."
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
            Add New Product
          </Button>
        }
      />
      <Paper withBorder p="md">
        {products.isPending ? (
          <TableSkeleton label="Loading products" />
        ) : products.isError ? (
          <LoadError what="products" error={products.error} onRetry={products.refetch} />
        ) : products.data.length === 0 ? (
          <EmptyState
            icon={<IconShirt />}
            variant="light"
            title="No products yet"
            description="Add the products you sell, with their SKU and price. Add raw materials first if you want to record what each product is made of."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={modal.open}>
                Add your first product
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Product Name</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th ta="right">Selling Price</Table.Th>
                  <Table.Th ta="right">Stock on Hand</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {products.data.map((product) => (
                  <Table.Tr key={product.id}>
                    <Table.Td ff="monospace">{product.sku}</Table.Td>
                    <Table.Td fw={500}>{product.product_name}</Table.Td>
                    <Table.Td>{product.category ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatRupees(product.selling_price)}</Table.Td>
                    <Table.Td ta="right">
                      <Text
                        span
                        fw={700}
                        c={isLowStock(product.stock_on_hand, product.reorder_point) ? 'red.7' : 'green.7'}
                      >
                        {product.stock_on_hand}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <CreateProductModal opened={modalOpened} onClose={modal.close} />
    </>
  );
}
