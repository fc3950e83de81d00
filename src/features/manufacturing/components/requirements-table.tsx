import { Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { formatQuantity, materialWithUnit } from '@/lib/format';
import type { MaterialRequirement } from '../utils/material-requirements';

/** The spec's text, which start_production also raises. */
export const NOT_ENOUGH_MATERIALS = 'Not enough raw materials to start production.';

interface RequirementsTableProps {
  requirements: MaterialRequirement[];
  /** Whether the quantity typed is one the form would start: otherwise nothing is required of it yet. */
  quantityValid: boolean;
  loading: boolean;
  /** What it says when the BOM lists no material. */
  emptyText: string;
}

/** The live list of required versus available materials of a production order. */
export function RequirementsTable({ requirements, quantityValid, loading, emptyText }: RequirementsTableProps) {
  if (loading)
    return (
      <Text size="sm" c="dimmed">
        Checking material stock…
      </Text>
    );
  if (requirements.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Table withTableBorder verticalSpacing="xs" aria-label="Required materials">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Material</Table.Th>
          <Table.Th ta="right">Required</Table.Th>
          <Table.Th ta="right">Available</Table.Th>
          <Table.Th w={40}>
            <VisuallyHidden>Enough?</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {requirements.map((requirement) => (
          <Table.Tr key={requirement.materialId} c={quantityValid && requirement.short ? 'red.7' : undefined}>
            <Table.Td>{materialWithUnit(requirement.materialName, requirement.unit)}</Table.Td>
            <Table.Td ta="right">{quantityValid ? formatQuantity(requirement.required) : '—'}</Table.Td>
            <Table.Td ta="right">{formatQuantity(requirement.available)}</Table.Td>
            <Table.Td>
              {!quantityValid ? null : requirement.short ? (
                <IconAlertTriangle size={18} aria-label="Short" />
              ) : (
                <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-label="Enough" />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
