import { Select } from '@mantine/core';
import type { Location } from '@/lib/locations';

/**
 * Where stock moves (issue 45): drawn only when the owner has more than one own place (the caller
 * passes useOwnLocationChoice()); an empty value is the main godown.
 */
export function LocationPicker({
  locations,
  value,
  onChange,
  label,
}: {
  locations: Location[] | null;
  value: string;
  onChange: (locationId: string) => void;
  label: string;
}) {
  if (!locations) return null;
  return (
    <Select
      label={label}
      data={locations.map((location) => ({ value: location.id, label: location.location_name }))}
      value={value || (locations.find((location) => location.is_main)?.id ?? null)}
      onChange={(chosen) => onChange(chosen ?? '')}
      allowDeselect={false}
    />
  );
}
