import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shopifyKeys } from '../query-keys';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import type { ShopifyConnection } from '../api/shopify-connection';
import { PushSummaryView, ShopifySettings } from './shopify-settings';

function renderSettings(saved: ShopifyConnection | null) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(shopifyKeys.shopifyConnection, saved);
  return { ...renderWithProviders(<ShopifySettings />, queryClient), queryClient };
}

const connected: ShopifyConnection = {
  shop_domain: 'my-shop.myshopify.com',
  token_last4: 'abcd',
  location_id: null,
  token_set_at: '2026-11-20T04:30:00+00:00',
};

// Mantine's inputs in jsdom are slow on a busy machine: user-event typing takes seconds.
describe('Settings → Shopify', { timeout: 20_000 }, () => {
  it('before connecting: shop, a password field for the token, an optional location, and no push', async () => {
    const { user, queryClient } = renderSettings(null);
    expect(screen.getByLabelText('Admin API access token')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Location id (optional)')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Push stock now' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Connect Shopify' }));
    expect(await screen.findByText('Shop domain is required.')).toBeInTheDocument();
    expect(screen.getByText('Access token is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Shop domain'), 'my-shop.example.com');
    await user.type(screen.getByLabelText('Admin API access token'), 'shpat_0123456789abcdef0123456789abcd');
    await user.type(screen.getByLabelText('Location id (optional)'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Connect Shopify' }));
    expect(
      await screen.findByText("Shop domain must be your shop's .myshopify.com address, like my-shop.myshopify.com."),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Location must be a Shopify location id (a number, or gid://shopify/Location/<number>).'),
    ).toBeInTheDocument();
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });

  it('once connected: when the token was set and its last four characters, never the token; Push stock now', () => {
    renderSettings(connected);
    expect(
      screen.getByText(/Connected to my-shop\.myshopify\.com\. Token set on .*, ends …abcd\./),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Shop domain')).toHaveValue('my-shop.myshopify.com');
    expect(screen.getByLabelText('Admin API access token')).toHaveValue('');
    expect(screen.getByText('Leave blank to keep the saved token.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Push stock now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove connection' })).toBeEnabled();
  });

  it("shows a push's summary: what was updated, SKUs Shopify lacks, and each refusal with its SKUs", () => {
    renderWithProviders(
      <PushSummaryView
        summary={{
          updated: 2,
          not_found_skus: ['NOPE-1', 'GONE-2'],
          errors: [
            { skus: ['CAP-1'], message: 'The specified inventory item is not stocked at the location.' },
            { skus: [], message: 'Shopify is throttling requests (429).' },
          ],
        }}
      />,
    );
    expect(screen.getByText('2 SKUs updated on Shopify')).toBeInTheDocument();
    expect(screen.getByText('Not on Shopify (no variant has this SKU): NOPE-1, GONE-2')).toBeInTheDocument();
    expect(screen.getByText('CAP-1: The specified inventory item is not stocked at the location.')).toBeInTheDocument();
    expect(screen.getByText('Shopify is throttling requests (429).')).toBeInTheDocument();
  });
});
