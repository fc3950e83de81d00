import { Select, SimpleGrid } from '@mantine/core';
import type { ColumnMapping, ReportKind } from '../utils/report-layouts';

interface ReportImportMappingProps<Field extends string> {
  kind: ReportKind<Field>;
  headers: string[];
  mapping: ColumnMapping<Field>;
  onChange: (mapping: ColumnMapping<Field>) => void;
}

/** Which column of the file holds each field of a report's line. */
export function ReportImportMapping<Field extends string>({
  kind,
  headers,
  mapping,
  onChange,
}: ReportImportMappingProps<Field>) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {kind.fields.map((field) => (
        <Select
          key={field}
          label={kind.labels[field]}
          description={kind.descriptions[field]}
          placeholder="Choose a column"
          data={headers.filter((header) => header.trim() !== '')}
          value={mapping[field]}
          onChange={(header) => onChange({ ...mapping, [field]: header })}
          withAsterisk={kind.requiredFields.includes(field)}
          clearable={!kind.requiredFields.includes(field)}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      ))}
    </SimpleGrid>
  );
}
