import { Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPackages, IconPlus } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FirstStep } from '@/components/first-step';
import { PageHeader } from '@/components/page-header';
import { QueryList } from '@/components/query-list';
import { useRawMaterials, type RawMaterial } from '@/lib/api/raw-materials';
import { formatQuantity, formatUnitCost } from '@/lib/format';
import { CreateRawMaterialModal } from './create-raw-material-modal';

const rawMaterialColumns: DataTableColumn<RawMaterial>[] = [
  { label: 'Material Name', fw: 500, cell: (material) => material.material_name },
  { label: 'Supplier', cell: (material) => material.supplier ?? '—' },
  { label: 'Cost per Unit', numeric: true, cell: (material) => formatUnitCost(material.cost_per_unit) },
  { label: 'Stock Level', numeric: true, cell: (material) => formatQuantity(material.stock_level) },
  { label: 'Unit', cell: (material) => material.unit_of_measure },
];

export function RawMaterials() {
  const rawMaterials = useRawMaterials();
  const [modalOpened, modal] = useDisclosure(false);

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
        action={addButton}
      />
      <Paper withBorder p="md">
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
          {(rows) => <DataTable columns={rawMaterialColumns} rows={rows} minWidth={600} />}
        </QueryList>
      </Paper>
      <CreateRawMaterialModal opened={modalOpened} onClose={modal.close} />
    </>
  );
}
