import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@/features/catalogue/api/products';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { seedProductBom, seedProductPicker } from '@/features/catalogue/testing';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import type { BomItem } from '@/features/catalogue/api/bom-items';
import { CreateManufacturingOrderModal } from './create-manufacturing-order-modal';

const kurta: Product = {
  id: 'kurta',
  sku: 'KUR-01',
  product_name: 'Cotton Kurta',
  category: 'Apparel',
  selling_price: 1299,
  stock_on_hand: 0,
  reorder_point: 10,
  archived_at: null,
  unit_of_measure: 'pcs',
};
const cotton: RawMaterial = {
  id: 'cotton',
  material_name: 'Cotton fabric',
  supplier: null,
  cost_per_unit: 120,
  stock_level: 25,
  unit_of_measure: 'metres',
  reorder_point: 20,
  archived_at: null,
};
const bom: BomItem[] = [
  { material_id: 'cotton', quantity: 2.5, wastage_percent: 0, consumption: 2.5 },
  { material_id: 'deleted-material', quantity: 1, wastage_percent: 0, consumption: 1 },
];

/** The texts of a requirements row: material, required, available, enough-or-short. */
const cells = (name: RegExp) =>
  within(screen.getByRole('row', { name }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

function renderModal(materials: RawMaterial[]) {
  const queryClient = createTestQueryClient();
  seedProductPicker(queryClient, [kurta]);
  seedProductBom(
    queryClient,
    'kurta',
    bom.filter((item) => item.material_id === 'cotton'),
    materials,
  );
  return {
    ...renderWithProviders(<CreateManufacturingOrderModal opened onClose={() => {}} />, queryClient),
    queryClient,
  };
}

// Mantine's Select in jsdom is slow on a busy machine: user-event clicks and typing take seconds.
describe('CreateManufacturingOrderModal', { timeout: 20_000 }, () => {
  it('starts at quantity 10 and lists required versus available as the product and quantity change', async () => {
    const { user } = renderModal([cotton]);
    expect(screen.getByLabelText(/Quantity to Produce/)).toHaveValue('10');

    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Cotton Kurta (KUR-01)' }));

    expect(screen.getByRole('table', { name: 'Required materials' })).toBeInTheDocument();
    expect(cells(/Cotton fabric/)).toEqual(['Cotton fabric (metres)', '25', '25', '']);
    expect(screen.getByText('The materials in stock are enough for up to 10.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Production' })).toBeEnabled();

    const quantity = screen.getByLabelText(/Quantity to Produce/);
    await user.clear(quantity);
    await user.type(quantity, '11');
    expect(cells(/Cotton fabric/)).toEqual(['Cotton fabric (metres)', '27.5', '25', '']);
    expect(screen.getByText('Not enough raw materials to start production.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Production' })).toBeDisabled();
  });

  it('shows a BOM material that cannot be found as Unknown with 0 available and blocks production', async () => {
    const queryClient = createTestQueryClient();
    seedProductPicker(queryClient, [kurta]);
    seedProductBom(queryClient, 'kurta', bom, [cotton]);
    const { user } = renderWithProviders(<CreateManufacturingOrderModal opened onClose={() => {}} />, queryClient);

    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Cotton Kurta (KUR-01)' }));

    expect(cells(/Unknown/)).toEqual(['Unknown', '10', '0', '']);
    expect(screen.getByText('The materials in stock are not enough for even one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Production' })).toBeDisabled();
  });

  it('names the unit beside the material, so a quantity of 1 never reads "1 spools"', async () => {
    const zari: RawMaterial = {
      ...cotton,
      id: 'zari',
      material_name: 'Zari thread',
      unit_of_measure: 'spools',
      stock_level: 6,
    };
    const queryClient = createTestQueryClient();
    seedProductPicker(queryClient, [kurta]);
    seedProductBom(queryClient, 'kurta', [{ material_id: 'zari', quantity: 0.1 }], [zari]);
    const { user } = renderWithProviders(<CreateManufacturingOrderModal opened onClose={() => {}} />, queryClient);
    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Cotton Kurta (KUR-01)' }));
    expect(cells(/Zari thread/)).toEqual(['Zari thread (spools)', '1', '6', '']);
  });

  it('refuses a quantity that is not a whole number of at least 1, starting nothing', async () => {
    const queryClient = createTestQueryClient();
    seedProductPicker(queryClient, [kurta]);
    seedProductBom(
      queryClient,
      'kurta',
      bom.filter((item) => item.material_id === 'cotton'),
      [cotton],
    );
    const { user } = renderWithProviders(<CreateManufacturingOrderModal opened onClose={() => {}} />, queryClient);
    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Cotton Kurta (KUR-01)' }));
    const quantity = screen.getByLabelText(/Quantity to Produce/);
    for (const [typed, message] of [
      ['2.5', 'Quantity to produce must be a whole number.'],
      ['0', 'Quantity to produce must be at least 1.'],
      ['-5', 'Quantity to produce must be at least 1.'],
    ] as const) {
      await user.clear(quantity);
      await user.type(quantity, typed);
      expect(quantity).toHaveValue(typed);
      await user.click(screen.getByRole('button', { name: 'Start Production' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });

  it('says at once what is wrong with a quantity of 2.5, computes nothing from it and keeps Start Production off', async () => {
    const { user, queryClient } = renderModal([cotton]);
    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Cotton Kurta (KUR-01)' }));
    const quantity = screen.getByLabelText(/Quantity to Produce/);
    await user.clear(quantity);
    await user.type(quantity, '2.5');
    // On the field as typed, with no click on the button first.
    expect(await screen.findByText('Quantity to produce must be a whole number.')).toBeInTheDocument();
    expect(quantity).toHaveAccessibleDescription('Quantity to produce must be a whole number.');
    expect(cells(/Cotton fabric/)).toEqual(['Cotton fabric (metres)', '—', '25', '']);
    expect(screen.getByRole('button', { name: 'Start Production' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Start Production' }));
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);

    // A whole number puts it right: the message goes and the requirements come back.
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.queryByText('Quantity to produce must be a whole number.')).not.toBeInTheDocument();
    expect(cells(/Cotton fabric/)).toEqual(['Cotton fabric (metres)', '7.5', '25', '']);
    expect(screen.getByRole('button', { name: 'Start Production' })).toBeEnabled();
  });

  it('asks for a product before starting', async () => {
    const { user } = renderModal([cotton]);
    await user.click(screen.getByRole('button', { name: 'Start Production' }));
    expect(await screen.findByText('Choose a product.')).toBeInTheDocument();
  });
});
