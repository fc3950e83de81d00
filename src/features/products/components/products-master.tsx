import { Button, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconShirt } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { CatalogueActions } from '@/features/catalogue-import/components/catalogue-actions';
import { QueryList } from '@/components/query-list';
import { ArchivedBadge } from '@/features/stock-items/components/archived-badge';
import { ItemNameWithActions, type ItemAction } from '@/features/stock-items/components/item-actions-menu';
import { ShowArchivedSwitch } from '@/features/stock-items/components/show-archived-switch';
import { isArchived } from '@/lib/api/archived';
import { useProducts, type Product } from '@/lib/api/products';
import { formatQuantity, formatRupees } from '@/lib/format';
import { isLowStock } from '@/lib/stock';
import { CreateProductModal } from './create-product-modal';
import { useProductActions } from './product-actions';
import { ProductDetailButton } from './product-detail-drawer';

const productColumns = (actionsFor: (product: Product) => ItemAction[]): DataTableColumn<Product>[] => [
  { label: 'SKU', ff: 'monospace', cell: (product) => product.sku },
  {
    label: 'Product Name',
    fw: 500,
    cell: (product) => (
      <ItemNameWithActions
        name={product.product_name}
        label={<ProductDetailButton product={product} />}
        badge={isArchived(product) && <ArchivedBadge />}
        actions={actionsFor(product)}
      />
    ),
  },
  { label: 'Category', cell: (product) => product.category ?? '—' },
  { label: 'Selling Price', numeric: true, cell: (product) => formatRupees(product.selling_price) },
  {
    label: 'Stock on Hand',
    numeric: true,
    cell: (product) => (
      <Text span fw={700} c={isLowStock(product.stock_on_hand, product.reorder_point) ? 'red.7' : 'green.7'}>
        {formatQuantity(product.stock_on_hand)}
      </Text>
    ),
  },
];

export function ProductsMaster() {
  const [showArchived, setShowArchived] = useState(false);
  const products = useProducts({ includeArchived: showArchived });
  const [modalOpened, modal] = useDisclosure(false);
  const { actionsFor, dialogs } = useProductActions(products.data);
  // The same cached query, unfiltered: whether there is anything archived to show.
  const anyArchived = useProducts({ includeArchived: true }).data?.some(isArchived) ?? false;

  return (
    <>
      <PageHeader
        title="Products Master"
        description="The finished products you sell, with their prices and stock."
        moreActions={<CatalogueActions kind="products" />}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
            Add New Product
          </Button>
        }
      />
      <Paper withBorder p="md">
        <ShowArchivedSwitch checked={showArchived} onChange={setShowArchived} anyArchived={anyArchived} />
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
          {(rows) => <DataTable columns={productColumns(actionsFor)} rows={rows} minWidth={600} />}
        </QueryList>
      </Paper>
      <CreateProductModal opened={modalOpened} onClose={modal.close} />
      {dialogs}
    </>
  );
}
