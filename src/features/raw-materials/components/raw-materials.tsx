import { Button, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPackages, IconPlus } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { CatalogueActions } from '@/features/catalogue/components/catalogue-actions';
import { PagedList } from '@/components/paged-list';
import { isArchived } from '@/features/catalogue/api/archived';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { formatQuantity, formatUnitCost } from '@/lib/format';
import { useListState } from '@/lib/list-state';
import { isLowStock } from '@/lib/stock';
import {
  asAdded,
  initialItemList,
  useAnyArchived,
  useRawMaterialPage,
  type RawMaterialSort,
} from '@/features/catalogue/api/item-lists';
import { ArchivedBadge } from '@/features/catalogue/components/archived-badge';
import { ItemNameWithActions, type ItemAction } from '@/features/catalogue/components/item-actions-menu';
import { ItemListFilters } from '@/features/catalogue/components/item-list-filters';
import { RawMaterialFormModal } from './raw-material-form-modal';
import { useRawMaterialActions } from './raw-material-actions';
import { AtJobWorkers } from '@/components/at-job-workers';

const rawMaterialColumns = (actionsFor: (material: RawMaterial) => ItemAction[]): DataTableColumn<RawMaterial>[] => [
  {
    label: 'Material Name',
    sortKey: 'material_name',
    fw: 500,
    cell: (material) => (
      <ItemNameWithActions
        name={material.material_name}
        badge={isArchived(material) && <ArchivedBadge />}
        actions={actionsFor(material)}
      />
    ),
  },
  { label: 'Supplier', sortKey: 'supplier', cell: (material) => material.supplier ?? '—' },
  {
    label: 'Cost per Unit',
    sortKey: 'cost_per_unit',
    numeric: true,
    cell: (material) => formatUnitCost(material.cost_per_unit),
  },
  {
    label: 'Stock Level',
    sortKey: 'stock_level',
    numeric: true,
    // Red below the reorder point, as Products colours Stock on Hand (its green would be too pale
    // on white for AA contrast without the spec asking for it here).
    cell: (material) => (
      <>
        {isLowStock(material.stock_level, material.reorder_point) ? (
          <Text span fw={700} c="red.7">
            {formatQuantity(material.stock_level)}
          </Text>
        ) : (
          formatQuantity(material.stock_level)
        )}
        <AtJobWorkers item={`material:${material.id}`} />
      </>
    ),
  },
  { label: 'Unit', cell: (material) => material.unit_of_measure },
];

export function RawMaterials() {
  const list = useListState('raw-materials', initialItemList<RawMaterialSort>('created_at'));
  const { search, filters } = list.state;
  const rawMaterials = useRawMaterialPage(list.state);
  const [modalOpened, modal] = useDisclosure(false);
  const { actionsFor, dialogs } = useRawMaterialActions(rawMaterials.data?.rows);
  const anyArchived = useAnyArchived('raw_materials').data ?? false;

  const addButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={modal.open}>
      Add New Material
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Raw Materials"
        description="Everything your products are made from, with what you have in stock."
        moreActions={<CatalogueActions kind="raw_materials" query={list.state} />}
        action={addButton}
      />
      <Paper withBorder p="md">
        <ItemListFilters
          searchLabel="Search raw materials"
          searchPlaceholder="Name or supplier"
          search={search}
          filters={filters}
          anyArchived={anyArchived}
          onSearchChange={list.setSearch}
          onFiltersChange={list.setFilters}
        />
        <PagedList
          query={rawMaterials}
          what="raw materials"
          narrowed={search !== '' || filters.lowStockOnly}
          page={list.state.page}
          pageSize={list.state.pageSize}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          empty={
            <FirstStep
              icon={<IconPackages />}
              title="No raw materials yet"
              description="Add the fabrics, threads, buttons and packaging you buy. Products list the materials they use, and production takes them from stock."
              action="Add your first material"
              onAction={modal.open}
            />
          }
        >
          {(rows) => (
            <DataTable
              columns={rawMaterialColumns(actionsFor)}
              rows={rows}
              minWidth={600}
              sort={list.state.sort}
              onSortChange={(sort) => list.setSort({ by: sort.by as RawMaterialSort, ascending: sort.ascending })}
              listOrder={asAdded}
            />
          )}
        </PagedList>
      </Paper>
      <RawMaterialFormModal edited={null} opened={modalOpened} onClose={modal.close} />
      {dialogs}
    </>
  );
}
