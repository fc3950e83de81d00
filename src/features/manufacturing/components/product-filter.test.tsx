import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { productKey, productOptionsKey, type ListedProduct } from '@/features/catalogue/api/item-lists';
import { seedProductPicker } from '@/features/catalogue/testing';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { ProductFilter } from './product-filter';

const listed = (id: string, sku: string, product_name: string): ListedProduct => ({
  id,
  sku,
  product_name,
  category: null,
  selling_price: 100,
  stock_on_hand: 1,
  reorder_point: 0,
  archived_at: null,
  unit_of_measure: 'pcs',
  is_combo: false,
});
const kurta = listed('kurta', 'KUR-01', 'Cotton Kurta');
const tote = listed('tote', 'TOT-01', 'Canvas Tote');

/** The cache as the server would fill it: the first options, a search for "tote", and one product's name. */
function renderFilter(value: string | null, onChange = vi.fn()) {
  const queryClient = createTestQueryClient();
  seedProductPicker(queryClient, [tote, kurta], true);
  queryClient.setQueryData(productOptionsKey('tote', true), [tote]);
  queryClient.setQueryData(productKey('old'), listed('old', 'OLD-01', 'Old Shawl'));
  const rendered = renderWithProviders(<ProductFilter value={value} onChange={onChange} />, queryClient);
  return { ...rendered, onChange };
}

const optionNames = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);

// Mantine's Select in jsdom is slow on a busy machine: user-event clicks take seconds.
describe('the Manufacturing product filter', { timeout: 20_000 }, () => {
  it('offers all products, then the first ones the server found, and filters by the one chosen', async () => {
    const { user, onChange } = renderFilter(null);
    const filter = screen.getByRole('combobox', { name: 'Product' });
    expect(filter).toHaveValue('All products');
    await user.click(filter);
    expect(optionNames()).toEqual(['All products', 'Canvas Tote (TOT-01)', 'Cotton Kurta (KUR-01)']);
    await user.click(screen.getByRole('option', { name: 'Cotton Kurta (KUR-01)' }));
    expect(onChange).toHaveBeenCalledWith('kurta');
  });

  it('shows what the server found for what was typed', async () => {
    const { user } = renderFilter(null);
    const filter = screen.getByRole('combobox', { name: 'Product' });
    await user.click(filter);
    await user.clear(filter);
    await user.type(filter, 'tote');
    await waitFor(() => expect(optionNames()).toEqual(['All products', 'Canvas Tote (TOT-01)']));
  });

  it('names the chosen product even when the first options do not hold it, and goes back to all', async () => {
    const { user, onChange } = renderFilter('old');
    const filter = screen.getByRole('combobox', { name: 'Product' });
    expect(filter).toHaveValue('Old Shawl (OLD-01)');
    await user.click(filter);
    expect(optionNames()).toEqual([
      'All products',
      'Old Shawl (OLD-01)',
      'Canvas Tote (TOT-01)',
      'Cotton Kurta (KUR-01)',
    ]);
    await user.click(screen.getByRole('option', { name: 'All products' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
