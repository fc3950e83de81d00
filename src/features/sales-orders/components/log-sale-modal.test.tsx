import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@/lib/api/products';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { LogSaleModal } from './log-sale-modal';

const kurta: Product = {
  id: 'kurta',
  sku: 'KUR-01',
  product_name: 'Cotton Kurta',
  category: 'Apparel',
  selling_price: 1299,
  stock_on_hand: 3,
  reorder_point: 10,
  archived_at: null,
};

// Mantine's Select in jsdom is slow on a busy machine: user-event clicks take seconds.
describe('LogSaleModal', { timeout: 20_000 }, () => {
  it('defaults to Flipkart and quantity 1, and shows stock and the rupee total as you type', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.products, [kurta]);
    const { user } = renderWithProviders(<LogSaleModal opened onClose={() => {}} />, queryClient);

    expect(screen.getByRole('combobox', { name: /Platform/ })).toHaveValue('Flipkart');
    expect(screen.getByLabelText(/Quantity/)).toHaveValue('1');

    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Cotton Kurta (KUR-01)' }));
    expect(screen.getByText('3 in stock')).toBeInTheDocument();
    expect(screen.getByLabelText('Sale total')).toHaveTextContent('₹1,299.00');

    const quantity = screen.getByLabelText(/Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(screen.getByText('Only 3 available.')).toBeInTheDocument();
    expect(screen.getByLabelText('Sale total')).toHaveTextContent('₹5,196.00');
  });

  it('requires a product and a quantity', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.products, [kurta]);
    const { user } = renderWithProviders(<LogSaleModal opened onClose={() => {}} />, queryClient);
    const quantity = screen.getByLabelText(/Quantity/);
    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Log Sale' }));
    expect(await screen.findByText('Choose a product.')).toBeInTheDocument();
    expect(screen.getByText('Quantity is required.')).toBeInTheDocument();
  });
});
