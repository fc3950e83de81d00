import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ImportReturnsModal } from './import-returns-modal';

const flipkartReturns = [
  'Order ID,Order Item ID,Return ID,Return Type,Return Status,Completed Date,SKU,Quantity',
  'OD1234567890,OI-1,R-1,courier_return,delivered,2026-01-20 14:05:00,KURTA-BLU,1',
].join('\n');

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

// Mantine's Select in jsdom is slow on a busy machine: user-event clicks take seconds.
describe('ImportReturnsModal', { timeout: 20_000 }, () => {
  afterEach(() => localStorage.clear());

  it('recognises a Flipkart returns report, says when another platform is chosen and switches on request', async () => {
    const { user } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Import returns' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Platform/ })).toHaveValue('Amazon');

    await user.upload(fileInput(), new File([flipkartReturns], 'returns.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/Recognised as Flipkart returns report\./)).toBeInTheDocument();
    expect(screen.getByText(/This is a Flipkart report, but the platform chosen is Amazon\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import as Flipkart' }));
    expect(screen.getByRole('combobox', { name: /Platform/ })).toHaveValue('Flipkart');
    expect(screen.queryByText(/but the platform chosen is/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
  });

  it('asks for the columns of an unknown layout, the kind among the required ones, and remembers them per platform', async () => {
    localStorage.setItem(
      'factoryflow:returns-import-mapping:Amazon',
      JSON.stringify({
        external_order_id: 'Order',
        sku: 'Item',
        quantity: null,
        return_date: 'Back on',
        kind: 'Type',
        condition: null,
        return_fees: null,
      }),
    );
    const { user } = renderModal();
    await user.upload(fileInput(), new File(['Order,Item,Back on,Type\nA-1,KURTA-BLU,2026-03-05,RTO'], 'mine.csv'));

    expect(await screen.findByText(/This mapping is remembered for your next Amazon file\./)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Order id/ })).toHaveValue('Order');
    expect(screen.getByRole('combobox', { name: /Kind/ })).toHaveValue('Type');
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();

    // A file without that kind column: the remembered mapping does not fit, and RTO or customer
    // return is never guessed, so there is nothing to preview until a column is chosen.
    await user.upload(fileInput(), new File(['Order,Item,Back on\nA-1,KURTA-BLU,2026-03-05'], 'no-kind.csv'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Kind/ })).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
  });

  it('does not take an order report for a returns report', async () => {
    const { user } = renderModal();
    const orders =
      'Ordered On,Order Id,Order State,SKU,Invoice Amount,Quantity\n15-01-2026,OD1,Delivered,KURTA-BLU,1299,1';
    await user.upload(fileInput(), new File([orders], 'orders.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/Which column holds each field\?/)).toBeInTheDocument();
    expect(screen.queryByText(/Recognised as/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
  });

  it('refuses an empty file with a sentence and offers no preview', async () => {
    const { user } = renderModal();
    await user.upload(fileInput(), new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The file is empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
  });
});

function renderModal() {
  return renderWithProviders(<ImportReturnsModal opened onClose={() => {}} />);
}
