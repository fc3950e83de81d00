import { Button, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconShirt } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { QueryList } from '@/components/query-list';
import { useProducts, type Product } from '@/lib/api/products';
import { formatRupees } from '@/lib/format';
import { isLowStock } from '@/lib/stock';
import { CreateProductModal } from './create-product-modal';
import { ProductDetailButton } from './product-detail-drawer';

const productColumns: DataTableColumn<Product>[] = [
  { label: 'SKU', ff: 'monospace', cell: (product) => product.sku },
  { label: 'Product Name', cell: (product) => <ProductDetailButton product={product} /> },
  { label: 'Category', cell: (product) => product.category ?? '—' },
  { label: 'Selling Price', numeric: true, cell: (product) => formatRupees(product.selling_price) },
  {
    label: 'Stock on Hand',
    numeric: true,
    cell: (product) => (
      <Text span fw={700} c={isLowStock(product.stock_on_hand, product.reorder_point) ? 'red.7' : 'green.7'}>
        {product.stock_on_hand}
      </Text>
    ),
  },
];

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
        <QueryList
          query={products}
          what="products"
          empty={
            <FirstStep
              icon={<IconShirt />}
              title="No products yet"
              description="Add the products you sell, with their SKU and price. Add raw materials first if you want to record what each product is made of."
              action="Add your first product"
              onAction={modal.open}
            />
          }
        >
          {(rows) => <DataTable columns={productColumns} rows={rows} minWidth={600} />}
        </QueryList>
      </Paper>
      <CreateProductModal opened={modalOpened} onClose={modal.close} />
    </>
  );
}
