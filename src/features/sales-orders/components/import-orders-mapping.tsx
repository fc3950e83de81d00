import { Select, SimpleGrid } from '@mantine/core';
import {
  fieldLabels,
  orderReportFields,
  requiredFields,
  type ColumnMapping,
  type OrderReportField,
} from '../utils/order-report-layouts';

const descriptions: Partial<Record<OrderReportField, string>> = {
  quantity: 'Leave empty when each row is one unit',
  total_amount: 'What the line sold for in all, not a unit price',
  status: 'Rows whose status says cancelled are skipped',
};

interface ImportOrdersMappingProps {
  headers: string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}

/** Which column of the file holds each field of an order line. */
export function ImportOrdersMapping({ headers, mapping, onChange }: ImportOrdersMappingProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {orderReportFields.map((field) => (
        <Select
          key={field}
          label={fieldLabels[field]}
          description={descriptions[field]}
          placeholder="Choose a column"
          data={headers.filter((header) => header.trim() !== '')}
          value={mapping[field]}
          onChange={(header) => onChange({ ...mapping, [field]: header })}
          withAsterisk={requiredFields.includes(field)}
          clearable={!requiredFields.includes(field)}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      ))}
    </SimpleGrid>
  );
}
