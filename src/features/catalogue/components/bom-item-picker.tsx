import { Select, type SelectProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { materialWithUnit } from '@/lib/format';
import { bomPickValue, readBomPick } from '../api/bom-items';
import { useMaterial, useMaterialOptions, useProduct, useProductOptions } from '../api/item-lists';
import { useSearchPicker } from './search-picker';

/** One option of the BOM picker: a material or a product, its value naming which (bomPickValue). */
interface BomOption {
  id: string;
  label: string;
}

/** "Cotton fabric (metres)", and "(archived)" after an item a BOM still names but no new BOM can; a product is marked "Product". */
function materialOption(material: {
  id: string;
  material_name: string;
  unit_of_measure: string;
  archived_at: string | null;
}): BomOption {
  return {
    id: bomPickValue('material', material.id),
    label: `${materialWithUnit(material.material_name, material.unit_of_measure)}${material.archived_at === null ? '' : ' (archived)'}`,
  };
}
function productOption(product: {
  id: string;
  product_name: string;
  sku: string;
  archived_at: string | null;
}): BomOption {
  return {
    id: bomPickValue('product', product.id),
    label: `${product.product_name} (${product.sku}) · Product${product.archived_at === null ? '' : ' (archived)'}`,
  };
}

/** Materials first, then products (sub-assemblies), each found by what was typed: one small page of each. */
function useBomOptions(search: string): UseQueryResult<BomOption[]> {
  const materials = useMaterialOptions(search);
  const products = useProductOptions(search, false);
  const data =
    materials.data && products.data
      ? [...materials.data.map(materialOption), ...products.data.map(productOption)]
      : undefined;
  return {
    ...materials,
    data,
    isPlaceholderData: materials.isPlaceholderData || products.isPlaceholderData,
  } as UseQueryResult<BomOption[]>;
}

/** The chosen item, whichever kind it is. */
function useChosenBomItem(value: string | null): UseQueryResult<BomOption | null> {
  const pick = value ? readBomPick(value) : null;
  const material = useMaterial(pick?.kind === 'material' ? pick.id : null);
  const product = useProduct(pick?.kind === 'product' ? pick.id : null);
  const chosen = pick?.kind === 'product' ? product : material;
  const data = !pick
    ? null
    : pick.kind === 'product'
      ? product.data && productOption(product.data)
      : material.data && materialOption(material.data);
  return { ...chosen, data: data ?? null } as UseQueryResult<BomOption | null>;
}

interface BomItemSelectProps extends Omit<SelectProps, 'data' | 'value'> {
  value: string | null;
}

/**
 * A BOM row's item: active materials, and products as sub-assemblies (marked "Product"), found by
 * name as the user types (the chosen one stays shown even if archived since). Opens only when
 * clicked, typed into or arrowed.
 */
export function BomItemSelect({ value, ...props }: BomItemSelectProps) {
  const picker = useSearchPicker({
    value,
    useOptions: useBomOptions,
    useChosen: useChosenBomItem,
    label: (option: BomOption) => option.label,
    loadingMessage: 'Loading materials…',
    nothingFoundMessage: 'No material or product matches',
  });
  return (
    <Select
      placeholder="Choose a material or product"
      openOnFocus={false}
      value={value || null}
      {...picker.selectProps}
      {...props}
    />
  );
}
