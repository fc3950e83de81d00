import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPackages, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { CatalogueActions } from '@/features/catalogue-import/components/catalogue-actions';
import { QueryList } from '@/components/query-list';
import { isArchived } from '@/lib/api/archived';
import { useRawMaterials, type RawMaterial } from '@/lib/api/raw-materials';
import { formatQuantity, formatUnitCost } from '@/lib/format';
import { ArchivedBadge } from '@/features/stock-items/components/archived-badge';
import { ItemNameWithActions, type ItemAction } from '@/features/stock-items/components/item-actions-menu';
import { ShowArchivedSwitch } from '@/features/stock-items/components/show-archived-switch';
import { CreateRawMaterialModal } from './create-raw-material-modal';
import { useRawMaterialActions } from './raw-material-actions';

const rawMaterialColumns = (actionsFor: (material: RawMaterial) => ItemAction[]): DataTableColumn<RawMaterial>[] => [
  {
    label: 'Material Name',
    fw: 500,
    cell: (material) => (
      <ItemNameWithActions
        name={material.material_name}
        badge={isArchived(material) && <ArchivedBadge />}
        actions={actionsFor(material)}
      />
    ),
  },
  { label: 'Supplier', cell: (material) => material.supplier ?? '—' },
  { label: 'Cost per Unit', numeric: true, cell: (material) => formatUnitCost(material.cost_per_unit) },
  { label: 'Stock Level', numeric: true, cell: (material) => formatQuantity(material.stock_level) },
  { label: 'Unit', cell: (material) => material.unit_of_measure },
];

export function RawMaterials() {
  const [showArchived, setShowArchived] = useState(false);
  const rawMaterials = useRawMaterials({ includeArchived: showArchived });
  const [modalOpened, modal] = useDisclosure(false);
  const { actionsFor, dialogs } = useRawMaterialActions(rawMaterials.data);
  // The same cached query, unfiltered: whether there is anything archived to show.
  const anyArchived = useRawMaterials({ includeArchived: true }).data?.some(isArchived) ?? false;

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
        moreActions={<CatalogueActions kind="raw_materials" />}
        action={addButton}
      />
      <Paper withBorder p="md">
        <ShowArchivedSwitch checked={showArchived} onChange={setShowArchived} anyArchived={anyArchived} />
        <QueryList
          query={rawMaterials}
          what="raw materials"
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
          {(rows) => <DataTable columns={rawMaterialColumns(actionsFor)} rows={rows} minWidth={600} />}
        </QueryList>
      </Paper>
      <CreateRawMaterialModal opened={modalOpened} onClose={modal.close} />
      {dialogs}
    </>
  );
}
