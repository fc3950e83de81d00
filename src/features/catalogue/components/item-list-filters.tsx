import { Group, Switch } from '@mantine/core';
import { SearchInput } from '@/components/search-input';
import type { ItemFilters } from '../api/item-lists';
import { ShowArchivedSwitch } from './show-archived-switch';

interface ItemListFiltersProps {
  /** What the search looks in, e.g. "Name or SKU". */
  searchPlaceholder: string;
  searchLabel: string;
  search: string;
  filters: ItemFilters;
  anyArchived: boolean;
  onSearchChange: (search: string) => void;
  onFiltersChange: (change: Partial<ItemFilters>) => void;
}

/** Search, "Low stock only" and "Show archived" above a list of products or materials. */
export function ItemListFilters({
  searchPlaceholder,
  searchLabel,
  search,
  filters,
  anyArchived,
  onSearchChange,
  onFiltersChange,
}: ItemListFiltersProps) {
  return (
    <Group gap="md" mb="md" align="center">
      <div style={{ flex: '1 1 240px' }}>
        <SearchInput label={searchLabel} placeholder={searchPlaceholder} value={search} onChange={onSearchChange} />
      </div>
      <Switch
        label="Low stock only"
        checked={filters.lowStockOnly}
        onChange={(event) => onFiltersChange({ lowStockOnly: event.currentTarget.checked })}
      />
      <ShowArchivedSwitch
        checked={filters.includeArchived}
        onChange={(includeArchived) => onFiltersChange({ includeArchived })}
        anyArchived={anyArchived}
      />
    </Group>
  );
}
