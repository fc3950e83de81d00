import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { catalogueKeys } from '../query-keys';
import { ItemTaxBackfillProgress } from './item-tax-backfill-progress';

describe('ItemTaxBackfillProgress', () => {
  it('shows how many earlier orders have their tax so far, of all that were waiting', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(catalogueKeys.itemTaxBackfills, { done: 3000, total: 8000 });
    renderWithProviders(<ItemTaxBackfillProgress />, queryClient);
    expect(screen.getByText('Giving earlier orders their tax')).toBeInTheDocument();
    expect(
      screen.getByText(
        '3,000 of 8,000 orders recorded before the tax was set have it now. The rest follow while FactoryFlow is open.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Earlier orders given their tax' })).toHaveAttribute(
      'aria-valuenow',
      '37.5',
    );
  });

  it('shows nothing when no backfill is left', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(catalogueKeys.itemTaxBackfills, null);
    renderWithProviders(<ItemTaxBackfillProgress />, queryClient);
    expect(screen.queryByText('Giving earlier orders their tax')).not.toBeInTheDocument();
  });
});
