import { Button, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconShirt } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { CatalogueActions } from '@/features/catalogue/components/catalogue-actions';
import { PagedList } from '@/components/paged-list';
import {
  asAdded,
  initialItemList,
  useAnyArchived,
  useProductPage,
  type ProductRow,
  type ProductSort,
} from '@/features/catalogue/api/item-lists';
import { ComboBadge } from '@/features/channels/components/combo-badge';
import { ArchivedBadge } from '@/features/catalogue/components/archived-badge';
import { ItemNameWithActions, type ItemAction } from '@/features/catalogue/components/item-actions-menu';
import { ItemListFilters } from '@/features/catalogue/components/item-list-filters';
import { isArchived } from '@/features/catalogue/api/archived';
import { formatRupees } from '@/lib/format';
import { formatProductQuantity } from '@/features/catalogue/api/products';
import { useListState } from '@/lib/list-state';
import { isLowStock } from '@/lib/stock';
import { StylesSection } from '@/features/catalogue/components/styles-section';
import { ItemTaxBackfillProgress } from '@/features/catalogue/components/item-tax-backfill-progress';
import { ProductFormModal } from './product-form-modal';
import { useProductActions } from './product-actions';
import { ProductDetailButton } from './product-detail-drawer';
import { AtJobWorkers } from '@/components/at-job-workers';

const productColumns = (actionsFor: (product: ProductRow) => ItemAction[]): DataTableColumn<ProductRow>[] => [
  { label: 'SKU', sortKey: 'sku', ff: 'monospace', cell: (product) => product.sku },
  {
    label: 'Product Name',
    sortKey: 'product_name',
    fw: 500,
    cell: (product) => (
      <ItemNameWithActions
        name={product.product_name}
        label={<ProductDetailButton product={product} />}
        badge={
          <>
            {product.is_combo && <ComboBadge />}
            {isArchived(product) && <ArchivedBadge />}
          </>
        }
        actions={actionsFor(product)}
      />
    ),
  },
  { label: 'Category', sortKey: 'category', cell: (product) => product.category ?? '—' },
  {
    label: 'Selling Price',
    sortKey: 'selling_price',
    numeric: true,
    cell: (product) => formatRupees(product.selling_price),
  },
  {
    label: 'Stock on Hand',
    sortKey: 'stock_on_hand',
    numeric: true,
    cell: (product) => (
      <>
        <Text span fw={700} c={isLowStock(product.stock_on_hand, product.reorder_point) ? 'red.7' : 'green.7'}>
          {formatProductQuantity(product.stock_on_hand, product.unit_of_measure)}
        </Text>
        <AtJobWorkers item={`product:${product.id}`} />
      </>
    ),
  },
];

export function ProductsMaster() {
  const list = useListState('products', initialItemList<ProductSort>('created_at'));
  const { search, filters } = list.state;
  const products = useProductPage(list.state);
  const [modalOpened, modal] = useDisclosure(false);
  const { actionsFor, dialogs } = useProductActions(products.data?.rows);
  const anyArchived = useAnyArchived('products').data ?? false;

  return (
    <>
      <PageHeader
        title="Products Master"
        description="The finished products you sell, with their prices and stock."
        moreActions={<CatalogueActions kind="products" query={list.state} />}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
            Add New Product
          </Button>
        }
      />
      <ItemTaxBackfillProgress />
      <Paper withBorder p="md">
        <ItemListFilters
          searchLabel="Search products"
          searchPlaceholder="Name or SKU"
          search={search}
          filters={filters}
          anyArchived={anyArchived}
          onSearchChange={list.setSearch}
          onFiltersChange={list.setFilters}
        />
        <PagedList
          query={products}
          what="products"
          narrowed={search !== '' || filters.lowStockOnly}
          page={list.state.page}
          pageSize={list.state.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
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
          {(rows) => (
            <DataTable
              columns={productColumns(actionsFor)}
              rows={rows}
              minWidth={600}
              sort={list.state.sort}
              onSortChange={(sort) => list.setSort({ by: sort.by as ProductSort, ascending: sort.ascending })}
              listOrder={asAdded}
            />
          )}
        </PagedList>
      </Paper>
      <StylesSection withVariants />
      <ProductFormModal edited={null} opened={modalOpened} onClose={modal.close} />
      {dialogs}
    </>
  );
}
