import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RawMaterial } from '@/features/stock-items/api/raw-materials';
import { queryKeys } from '@/lib/query-keys';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { CreateRawMaterialModal } from './create-raw-material-modal';

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

function renderModal() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.rawMaterials, [cotton]);
  const rendered = renderWithProviders(<CreateRawMaterialModal opened onClose={() => {}} />, queryClient);
  return { ...rendered, queryClient };
}

// Mantine's inputs in jsdom are slow on a busy machine: user-event typing takes seconds.
describe('CreateRawMaterialModal', { timeout: 20_000 }, () => {
  it('marks only Material Name as required and shows what an empty field saves as', () => {
    renderModal();
    expect(screen.getByLabelText(/Material Name/)).toBeRequired();
    for (const label of ['Supplier', 'Cost per Unit', 'Unit of Measure', 'Stock Level', 'Reorder Point']) {
      expect(screen.getByLabelText(label)).not.toBeRequired();
    }
    expect(screen.getByLabelText('Unit of Measure')).toHaveAttribute('placeholder', 'units');
    expect(screen.getByLabelText('Cost per Unit')).toHaveAttribute('placeholder', '0');
    expect(screen.getByLabelText('Reorder Point')).toHaveAttribute('placeholder', '20');
  });

  it('refuses a negative cost or one finer than 4 decimals on its field, saving nothing', async () => {
    const { user, queryClient } = renderModal();
    await user.type(screen.getByLabelText(/Material Name/), 'Shirt button');
    const cost = screen.getByLabelText('Cost per Unit');
    await user.clear(cost);
    await user.type(cost, '-5');
    await user.click(screen.getByRole('button', { name: 'Save Material' }));
    expect(await screen.findByText('Cost per unit cannot be negative.')).toBeInTheDocument();

    await user.clear(cost);
    await user.type(cost, '1.23456');
    expect(await screen.findByText('Cost per unit can have at most 4 decimal places.')).toBeInTheDocument();
    expect(cost).toHaveValue('1.23456');
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });

  it('refuses a name the user already has, whatever its case and spaces, saving nothing', async () => {
    const { user, queryClient } = renderModal();
    await user.type(screen.getByLabelText(/Material Name/), '  COTTON fabric ');
    await user.click(screen.getByRole('button', { name: 'Save Material' }));
    expect(await screen.findByText('A material named Cotton fabric already exists.')).toBeInTheDocument();
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });
});
