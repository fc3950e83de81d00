import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { SearchInput } from '@/components/search-input';
import { Constants } from '@/lib/database.types';
import type { SalesOrderFilters as Filters } from '../api/get-sales-orders';
import { dateRanges, type DateRange } from '../utils/date-range';

interface SalesOrderFiltersProps {
  search: string;
  filters: Filters;
  onSearchChange: (search: string) => void;
  onFiltersChange: (change: Partial<Filters>) => void;
}

const all = 'all';

/** Search by product, SKU or marketplace order id, and filters by platform, status and date. */
export function SalesOrderFilters({ search, filters, onSearchChange, onFiltersChange }: SalesOrderFiltersProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" mb="md">
        <SearchInput
          label="Search sales orders"
          placeholder="Product, SKU or order id"
          value={search}
          onChange={onSearchChange}
        />
        <Select
          aria-label="Platform"
          data={[{ value: all, label: 'All platforms' }, ...Constants.public.Enums.sales_platform]}
          value={filters.platform ?? all}
          allowDeselect={false}
          onChange={(value) => onFiltersChange({ platform: value === all ? null : (value as Filters['platform']) })}
        />
        <Select
          aria-label="Status"
          data={[{ value: all, label: 'All statuses' }, ...Constants.public.Enums.sales_order_status]}
          value={filters.status ?? all}
          allowDeselect={false}
          onChange={(value) => onFiltersChange({ status: value === all ? null : (value as Filters['status']) })}
        />
        <Select
          aria-label="Date"
          data={dateRanges.map(({ value, label }) => ({ value, label }))}
          value={filters.dateRange}
          allowDeselect={false}
          onChange={(value) => value && onFiltersChange({ dateRange: value as DateRange })}
        />
      </SimpleGrid>
      {filters.dateRange === 'custom' && (
        <Group gap="sm" mb="md" grow preventGrowOverflow={false}>
          <TextInput
            type="date"
            label="From"
            value={filters.customDays.from}
            onChange={(event) =>
              onFiltersChange({ customDays: { ...filters.customDays, from: event.currentTarget.value } })
            }
          />
          <TextInput
            type="date"
            label="To"
            value={filters.customDays.to}
            onChange={(event) =>
              onFiltersChange({ customDays: { ...filters.customDays, to: event.currentTarget.value } })
            }
          />
        </Group>
      )}
    </>
  );
}
