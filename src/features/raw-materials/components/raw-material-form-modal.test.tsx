import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { RawMaterialFormModal } from './raw-material-form-modal';

function renderModal() {
  const queryClient = createTestQueryClient();
  const rendered = renderWithProviders(<RawMaterialFormModal edited={null} onClose={() => {}} />, queryClient);
  return { ...rendered, queryClient };
}

// Mantine's inputs in jsdom are slow on a busy machine: user-event typing takes seconds.
describe('RawMaterialFormModal, adding a material', { timeout: 20_000 }, () => {
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
    expect(await screen.findByText('Cost per unit must be at least 0.')).toBeInTheDocument();

    await user.clear(cost);
    await user.type(cost, '1.23456');
    expect(await screen.findByText('Cost per unit can have at most 4 decimal places.')).toBeInTheDocument();
    expect(cost).toHaveValue('1.23456');
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });
});
