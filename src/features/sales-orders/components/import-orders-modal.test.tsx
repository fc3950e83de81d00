import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ImportOrdersModal } from './import-orders-modal';

const flipkartExport = [
  'Ordered On,Order Id,Order State,SKU,Invoice Amount,Quantity',
  '15-01-2026 10:20:30,OD1234567890,Delivered,KURTA-BLU,"1,299.00",1',
].join('\n');

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

// Mantine's Select in jsdom is slow on a busy machine: user-event clicks take seconds.
describe('ImportOrdersModal', { timeout: 20_000 }, () => {
  afterEach(() => localStorage.clear());

  it('says when a file is another platform’s report and switches to it on request', async () => {
    const { user } = renderModal();
    expect(screen.getByRole('combobox', { name: /Platform/ })).toHaveValue('Amazon');

    await user.upload(fileInput(), new File([flipkartExport], 'orders.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText(/This is a Flipkart report, but the platform chosen is Amazon\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/Recognised as Flipkart orders export\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import as Flipkart' }));
    expect(screen.getByRole('combobox', { name: /Platform/ })).toHaveValue('Flipkart');
    expect(screen.queryByText(/but the platform chosen is/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
  });

  it('asks for the columns of an unknown layout, and uses the mapping remembered for the platform', async () => {
    localStorage.setItem(
      'factoryflow:order-import-mapping:Amazon',
      JSON.stringify({
        external_order_id: 'Invoice',
        order_date: 'When',
        sku: 'Item',
        quantity: null,
        total_amount: 'Paid',
        status: null,
      }),
    );
    const { user } = renderModal();
    await user.upload(fileInput(), new File(['Invoice,When,Item,Paid\nA-1,2026-01-01,KURTA-BLU,100'], 'mine.csv'));

    expect(await screen.findByText(/This mapping is remembered for your next Amazon file\./)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Order id/ })).toHaveValue('Invoice');
    expect(screen.getByRole('combobox', { name: /Amount/ })).toHaveValue('Paid');
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
  });

  it('refuses an empty file with a sentence and offers no preview', async () => {
    const { user } = renderModal();
    await user.upload(fileInput(), new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The file is empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
  });
});

function renderModal() {
  return renderWithProviders(<ImportOrdersModal opened onClose={() => {}} />);
}
