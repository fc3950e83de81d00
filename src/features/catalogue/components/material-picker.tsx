import { Select, type SelectProps } from '@mantine/core';
import { materialWithUnit } from '@/lib/format';
import { useMaterial, useMaterialOptions } from '../api/item-lists';
import type { RawMaterial } from '../api/raw-materials';

import { useSearchPicker } from './search-picker';

/** "Cotton fabric (metres)", and "(archived)" after a material a BOM still names but no new BOM can. */
const materialLabel = (material: RawMaterial) =>
  `${materialWithUnit(material.material_name, material.unit_of_measure)}${material.archived_at === null ? '' : ' (archived)'}`;

interface MaterialSelectProps extends Omit<SelectProps, 'data' | 'value'> {
  value: string | null;
}

/**
 * A BOM row's material: active materials found by name or supplier as the user types (the chosen
 * one stays shown even if archived since). Opens only when clicked, typed into or arrowed.
 */
export function MaterialSelect({ value, ...props }: MaterialSelectProps) {
  const picker = useSearchPicker({
    value,
    useOptions: useMaterialOptions,
    useChosen: useMaterial,
    label: materialLabel,
    loadingMessage: 'Loading materials…',
    nothingFoundMessage: 'No material matches',
  });
  return (
    <Select
      placeholder="Choose a material"
      openOnFocus={false}
      value={value || null}
      {...picker.selectProps}
      {...props}
    />
  );
}

/** Whether the user has any active material to put in a BOM (the first page of an empty search). */
export function useHasMaterials(): boolean | undefined {
  const options = useMaterialOptions('');
  return options.data === undefined || options.isPlaceholderData ? undefined : options.data.length > 0;
}
