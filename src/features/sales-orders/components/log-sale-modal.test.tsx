import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@/features/catalogue/api/products';
import { seedProductPicker } from '@/features/catalogue/testing';
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
  unit_of_measure: 'pcs',
};

function renderModal(onClose = () => {}) {
  const queryClient = createTestQueryClient();
  seedProductPicker(queryClient, [kurta]);
  const rendered = renderWithProviders(<LogSaleModal opened onClose={onClose} />, queryClient);
  return { ...rendered, queryClient };
}

// Mantine's Select in jsdom is slow on a busy machine: user-event clicks take seconds.
describe('LogSaleModal', { timeout: 20_000 }, () => {
  it('defaults to Flipkart and quantity 1, and shows stock and the rupee total as you type', async () => {
    const { user } = renderModal();

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
    const { user } = renderModal();
    const quantity = screen.getByLabelText(/Quantity/);
    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Log Sale' }));
    expect(await screen.findByText('Choose a product.')).toBeInTheDocument();
    expect(screen.getByText('Quantity is required.')).toBeInTheDocument();
  });

  it.each([
    ['2.5', 'Quantity must be a whole number.'],
    ['1e3', 'Quantity must be a number.'],
    ['0', 'Quantity must be at least 1.'],
    ['-3', 'Quantity must be at least 1.'],
  ])('keeps %s as typed, refuses it on the field and logs nothing', async (typed, message) => {
    const { user, queryClient } = renderModal();
    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Cotton Kurta (KUR-01)' }));
    const quantity = screen.getByLabelText(/Quantity/);
    await user.clear(quantity);
    await user.type(quantity, typed);
    expect(quantity).toHaveValue(typed);
    // No total for a quantity that cannot be saved.
    expect(screen.queryByLabelText('Sale total')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log Sale' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/Quantity/)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });

  it('leaves the product picker closed until the user opens it; Escape and Cancel close at once', async () => {
    const onClose = vi.fn();
    const { user } = renderModal(onClose);
    const product = screen.getByRole('combobox', { name: /Product/ });
    product.focus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(product).toHaveAttribute('aria-expanded', 'false');

    fireEvent.keyDown(product, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
