import { Button, EmptyState, Paper, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPackages, IconPlus } from '@tabler/icons-react';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { TableSkeleton } from '@/components/table-skeleton';
import { useRawMaterials } from '@/lib/api/raw-materials';
import { formatQuantity, formatRupees } from '@/lib/format';
import { CreateRawMaterialModal } from './create-raw-material-modal';

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
        {rawMaterials.isPending ? (
          <TableSkeleton label="Loading raw materials" />
        ) : rawMaterials.isError ? (
          <LoadError what="raw materials" error={rawMaterials.error} onRetry={rawMaterials.refetch} />
        ) : rawMaterials.data.length === 0 ? (
          <EmptyState
            icon={<IconPackages />}
            variant="light"
            title="No raw materials yet"
            description="Add the fabrics, threads, buttons and packaging you buy. Products list the materials they use, and production takes them from stock."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={modal.open}>
                Add your first material
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Material Name</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th ta="right">Cost per Unit</Table.Th>
                  <Table.Th ta="right">Stock Level</Table.Th>
                  <Table.Th>Unit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rawMaterials.data.map((material) => (
                  <Table.Tr key={material.id}>
                    <Table.Td fw={500}>{material.material_name}</Table.Td>
                    <Table.Td>{material.supplier ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatRupees(material.cost_per_unit)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(material.stock_level)}</Table.Td>
                    <Table.Td>{material.unit_of_measure}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <CreateRawMaterialModal opened={modalOpened} onClose={modal.close} />
    </>
  );
}
