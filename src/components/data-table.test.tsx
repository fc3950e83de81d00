import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DataTable, type DataTableColumn, type TableSort } from './data-table';

interface Order {
  id: string;
  date: string;
  product: string;
  total: number;
}

const columns: DataTableColumn<Order>[] = [
  { label: 'Date', sortKey: 'order_date', sortKind: 'date', cell: (order) => order.date },
  { label: 'Product', sortKey: 'product_name', cell: (order) => order.product },
  { label: 'Platform', cell: () => 'Flipkart' },
  { label: 'Total', sortKey: 'total_amount', numeric: true, cell: (order) => order.total },
];
const rows: Order[] = [{ id: 'a', date: '23 Nov', product: 'Kurta', total: 899 }];

function renderTable(sort: TableSort, onSortChange = vi.fn()) {
  const rendered = renderWithProviders(
    <DataTable
      columns={columns}
      rows={rows}
      minWidth={600}
      sort={sort}
      onSortChange={onSortChange}
      listOrder={{ label: 'As added', sort: { by: 'created_at', ascending: true } }}
    />,
  );
  return { ...rendered, onSortChange };
}

/** The option a native select shows. */
const chosen = (menu: HTMLElement) => (menu as HTMLSelectElement).selectedOptions[0]?.textContent;

describe("DataTable's sort menu (a phone's, where the headers are out of sight)", () => {
  it('offers the list order, then both directions of every sortable column, named for what they hold', async () => {
    renderTable({ by: 'created_at', ascending: true });
    const menu = screen.getByRole('combobox', { name: 'Sort by' });
    expect(chosen(menu)).toBe('As added');
    const options = within(menu).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'As added',
      'Date: newest first',
      'Date: oldest first',
      'Product: A to Z',
      'Product: Z to A',
      'Total: highest first',
      'Total: lowest first',
    ]);
  });

  it('shows the current order and sorts by the one chosen', async () => {
    const { user, onSortChange } = renderTable({ by: 'order_date', ascending: false });
    const menu = screen.getByRole('combobox', { name: 'Sort by' });
    expect(chosen(menu)).toBe('Date: newest first');
    await user.selectOptions(menu, 'Total: highest first');
    expect(onSortChange).toHaveBeenCalledWith({ by: 'total_amount', ascending: false });
  });

  it('is left out of a list that cannot be sorted', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} minWidth={600} />);
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
  });
});
