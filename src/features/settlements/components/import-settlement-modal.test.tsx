import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { SettlementImportLine } from '@/features/marketplace-files/utils/settlement-report-lines';
import { ImportSettlementModal } from './import-settlement-modal';

// The server's preview, as preview_settlement_import answers: an order it does not know is
// unmatched (kept, not refused).
vi.mock('@/features/marketplace-files/api/import-settlement', async (original) => ({
  ...(await original<typeof import('@/features/marketplace-files/api/import-settlement')>()),
  previewSettlementImport: vi.fn(async (_platform: string, lines: readonly SettlementImportLine[]) =>
    lines.map((line) =>
      line.external_order_id === '405-9999999-9999999'
        ? { line_number: line.line, outcome: 'unmatched', message: 'No such order here: kept as unmatched.' }
        : { line_number: line.line, outcome: 'new', message: null },
    ),
  ),
}));

const header =
  'settlement-id\tsettlement-start-date\tsettlement-end-date\tdeposit-date\ttotal-amount\tcurrency\ttransaction-type\torder-id\tamount-type\tamount-description\tamount\tposted-date\tsku';
const amazonV2 = [
  header,
  '777\t01/01/26\t01/15/26\t01/17/26\t1,062.00\tINR',
  '777\t\t\t\t\t\tOrder\t405-1111111-1111111\tItemPrice\tPrincipal\t1,000.00\t01/12/26\tKURTA-BLU',
  '777\t\t\t\t\t\tOrder\t405-1111111-1111111\tItemFees\tCommission\t-100.00\t01/12/26\tKURTA-BLU',
  '777\t\t\t\t\t\tOrder\t405-9999999-9999999\tItemPrice\tPrincipal\t162.00\t01/12/26\tSAREE-RED',
].join('\r\n');

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

// Mantine's Select in jsdom is slow on a busy machine: user-event clicks take seconds.
describe('ImportSettlementModal', { timeout: 20_000 }, () => {
  afterEach(() => localStorage.clear());

  it('recognises an Amazon V2 settlement and previews every line, unmatched ones counted and imported', async () => {
    const { user } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Import settlement' })).toBeInTheDocument();
    await user.upload(fileInput(), new File([amazonV2], 'settlement.txt', { type: 'text/plain' }));
    expect(await screen.findByText(/Recognised as Amazon settlement report \(V2\)\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const summary = await screen.findByLabelText('Preview summary');
    expect(within(summary).getByText('New line: 2')).toBeInTheDocument();
    expect(within(summary).getByText('Unmatched (kept): 1')).toBeInTheDocument();
    expect(within(summary).getByText('Not a line (skipped): 1')).toBeInTheDocument();
    expect(screen.getByText('No such order here: kept as unmatched.')).toBeInTheDocument();
    expect(screen.getAllByText('Commission').length).toBeGreaterThan(0);
    // The file's lines in all, summary row left out: 1,000 - 100 + 162.
    expect(screen.getByLabelText('File totals')).toHaveTextContent(/^In all: ₹1,062\.00$/);
    // Unmatched lines are kept: all three go in.
    expect(screen.getByRole('button', { name: 'Import 3 settlement lines' })).toBeEnabled();
  });

  it('recognises a Myntra settlement below its title rows', async () => {
    const { user } = renderModal();
    const myntra = [
      'Forward settlement report,,,',
      'Seller 4321,,,',
      'order_release_id,seller_sku_code,settled_amount_prepaid,commission_amount_incl_gst,neft_ref',
      '1188776655,KURTA-BLU,450,45,NEFT1',
    ].join('\n');
    await user.upload(fileInput(), new File([myntra], 'myntra.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/Recognised as Myntra settlement report\./)).toBeInTheDocument();
    expect(screen.getByText(/This is a Myntra report, but the platform chosen is Amazon\./)).toBeInTheDocument();
  });

  it('asks for the columns of an unknown layout and remembers them per platform', async () => {
    localStorage.setItem(
      'factoryflow:settlement-import-mapping:Amazon',
      JSON.stringify({ settlement_id: 'Payout', external_order_id: 'Order', posted_date: 'Paid', amount: 'Amount' }),
    );
    const { user } = renderModal();
    await user.upload(fileInput(), new File(['Payout,Order,Paid,Amount\nP1,A-1,05/02/2026,100'], 'mine.csv'));
    expect(await screen.findByText(/This mapping is remembered for your next Amazon file\./)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Settlement \(payment\) id/ })).toHaveValue('Payout');
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
  return renderWithProviders(<ImportSettlementModal opened onClose={() => {}} />);
}
