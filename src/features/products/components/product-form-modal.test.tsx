import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { seedMaterialPicker } from '@/features/catalogue/testing';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { ProductFormModal } from './product-form-modal';

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
  seedMaterialPicker(queryClient, materials);
  const rendered = renderWithProviders(<ProductFormModal edited={null} onClose={() => {}} />, queryClient);
  return { ...rendered, queryClient };
}

/** Replaces a field's text as a user would. */
async function retype(user: ReturnType<typeof renderModal>['user'], label: RegExp | string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (text !== '') await user.type(field, text);
  return field;
}

// Mantine's inputs in jsdom are slow on a busy machine: user-event clicks take seconds.
describe('ProductFormModal, adding a product', { timeout: 20_000 }, () => {
  it('shows the spec defaults: price 0, stock 0, reorder point 10', () => {
    renderModal([cotton]);
    expect(screen.getByLabelText(/Selling Price/)).toHaveValue('0');
    expect(screen.getByLabelText('Stock on Hand')).toHaveValue('0');
    expect(screen.getByLabelText('Reorder Point')).toHaveValue('10');
  });

  it('names every missing required field instead of saving', async () => {
    const { user } = renderModal([cotton]);
    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByText('SKU is required.')).toBeInTheDocument();
    expect(screen.getByText('Product name is required.')).toBeInTheDocument();
    expect(screen.getByText('Selling price must be at least 0.01.')).toBeInTheDocument();
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

  it('keeps numbers as typed and refuses them on their fields, saving nothing', async () => {
    const { user, queryClient } = renderModal([cotton]);
    await retype(user, /SKU/, 'KUR-01');
    await retype(user, /Product Name/, 'Cotton Kurta');
    await retype(user, /Selling Price/, '-5');
    expect(await retype(user, 'Stock on Hand', '2.5')).toHaveValue('2.5');
    expect(await retype(user, 'Reorder Point', '7.5')).toHaveValue('7.5');
    await user.click(screen.getByRole('button', { name: 'Add Material' }));
    expect(await retype(user, /Quantity 1/, '0.0001')).toHaveValue('0.0001');
    await user.click(screen.getByRole('button', { name: 'Save Product' }));

    expect(await screen.findByText('Selling price must be at least 0.01.')).toBeInTheDocument();
    expect(screen.getByText('Stock on hand must be a whole number.')).toBeInTheDocument();
    expect(screen.getByText('Reorder point must be a whole number.')).toBeInTheDocument();
    expect(screen.getByText('BOM quantity must be at least 0.001.')).toBeInTheDocument();
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);

    await retype(user, 'Stock on Hand', '-10');
    await user.click(screen.getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByText('Stock on hand must be at least 0.')).toBeInTheDocument();
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });

  it('says a 5,000-character name is too long on the field as it is typed, before any save', () => {
    renderModal([cotton]);
    const name = screen.getByLabelText(/Product Name/);
    fireEvent.change(name, { target: { value: 'x'.repeat(5000) } });
    expect(name).toHaveValue('x'.repeat(5000));
    expect(screen.getByText('Product name must be at most 200 characters.')).toBeInTheDocument();
    expect(screen.getByText('5,000/200 characters')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: 'x'.repeat(170) } });
    expect(screen.queryByText('Product name must be at most 200 characters.')).not.toBeInTheDocument();
    expect(screen.getByText('170/200 characters')).toBeInTheDocument();
  });

  it('leaves a BOM material picker closed until the user opens it', async () => {
    const { user } = renderModal([cotton]);
    await user.click(screen.getByRole('button', { name: 'Add Material' }));
    screen.getByRole('combobox', { name: /Material 1/ }).focus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
