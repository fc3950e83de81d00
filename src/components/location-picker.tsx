import { Select } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { Location } from '@/lib/locations';

/**
 * Where stock moves (issue 45): shown only when the owner has more than one own place (the caller
 * passes useOwnLocationChoice()); empty means the main godown.
 */
export function LocationPicker<Form extends FieldValues>({
  control,
  name,
  locations,
  label,
}: {
  control: Control<Form>;
  name: Path<Form>;
  locations: Location[] | null;
  label: string;
}) {
  if (!locations) return null;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          data={locations.map((location) => ({ value: location.id, label: location.location_name }))}
          value={(field.value as string | undefined) || (locations.find((location) => location.is_main)?.id ?? null)}
          onChange={(value) => field.onChange(value ?? '')}
          allowDeselect={false}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
