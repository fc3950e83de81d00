import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RawMaterial } from '@/lib/api/raw-materials';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { CreateProductModal } from './create-product-modal';

const cotton: RawMaterial = {
  id: 'cotton',
  material_name: 'Cotton fabric',
  supplier: 'Surat Mills',
  cost_per_unit: 120,
  stock_level: 25,
  unit_of_measure: 'metres',
  reorder_point: 20,
  archived_at: null,
};

function renderModal(materials: RawMaterial[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.rawMaterials, materials);
  return renderWithProviders(<CreateProductModal opened onClose={() => {}} />, queryClient);
}

// Mantine's inputs in jsdom are slow on a busy machine: user-event clicks take seconds.
describe('CreateProductModal', { timeout: 20_000 }, () => {
  it('shows the spec defaults: price 0, stock 0, reorder point 10', () => {
    renderModal([cotton]);
    expect(screen.getByLabelText(/Selling Price/)).toHaveValue('₹0');
    expect(screen.getByLabelText('Stock on Hand')).toHaveValue('0');
    expect(screen.getByLabelText('Reorder Point')).toHaveValue('10');
  });

  it('names every missing required field instead of saving', async () => {
    const { user } = renderModal([cotton]);
    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByText('SKU is required.')).toBeInTheDocument();
    expect(screen.getByText('Product name is required.')).toBeInTheDocument();
    expect(screen.getByText('Selling price must be more than 0.')).toBeInTheDocument();
  });

  it('adds and removes BOM rows, each with a material and a quantity', async () => {
    const { user } = renderModal([cotton]);
    await user.click(screen.getByRole('button', { name: 'Add Material' }));
    await user.click(screen.getByRole('button', { name: 'Add Material' }));
    expect(screen.getByRole('combobox', { name: /Material 2/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/Quantity 2/)).toHaveValue('1');

    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    expect(await screen.findAllByText('Choose a material.')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove material 2' }));
    expect(screen.queryByRole('combobox', { name: /Material 2/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Material 1/ })).toBeInTheDocument();
  });

  it('tells a first-time user to add raw materials before building a BOM', () => {
    renderModal([]);
    expect(screen.getByText(/No raw materials yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Material' })).toBeDisabled();
  });
});
