import { zodResolver } from '@hookform/resolvers/zod';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { showOnField } from '@/components/form-error';
import { TextField } from '@/components/form-inputs';
import { todayInIndia } from '@/lib/csv';
import { paymentDetailsDefaults, paymentDetailsSchema } from '@/lib/payments';
import { UserError } from '@/lib/server-error';
import { renderWithProviders } from '@/test/render';
import { RecordPaymentModal } from './record-payment-modal';

const schema = paymentDetailsSchema.extend({ payee: z.string().min(1, 'Payee is required.') });
type Form = z.input<typeof schema>;
type Input = z.output<typeof schema>;

/** The modal as a party's form uses it: its own field, and a save that answers `refusal` (or records). */
function PaymentForm({ refusal, sent }: { refusal?: Error; sent: Input[] }) {
  const form = useForm<Form, unknown, Input>({
    resolver: zodResolver(schema),
    defaultValues: { payee: '', ...paymentDetailsDefaults() },
  });
  const [error, setError] = useState<Error | null>(null);
  const submit = form.handleSubmit((input) => {
    if (!refusal) return void sent.push(input);
    setError(refusal);
    showOnField(form, refusal);
  });
  return (
    <RecordPaymentModal
      title="Record payment"
      form={form}
      onSubmit={submit}
      pending={false}
      error={error}
      onClose={() => undefined}
      party={
        <TextField
          control={form.control}
          name="payee"
          rules={{ label: 'Payee', maxLength: 50, required: true }}
          label="Payee"
        />
      }
    />
  );
}

describe('Record payment', () => {
  it('offers the four modes by their labels and sends the chosen one as its stored code', async () => {
    const sent: Input[] = [];
    const { user } = renderWithProviders(<PaymentForm sent={sent} />);
    expect(screen.getByLabelText(/^Paid on/)).toHaveValue(todayInIndia());
    await user.type(screen.getByRole('textbox', { name: /^Payee/ }), 'Arvind Mills');
    await user.click(screen.getByRole('combobox', { name: /^Mode/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Cash',
      'Bank transfer',
      'UPI',
      'Cheque',
    ]);
    await user.click(screen.getByRole('option', { name: 'Bank transfer' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), '  UTR 889 ');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(sent).toEqual([
      { payee: 'Arvind Mills', paid_on: todayInIndia(), mode: 'bank_transfer', reference: 'UTR 889' },
    ]);
  });

  it('asks for the mode and refuses a day after today, on their fields, sending nothing', async () => {
    const sent: Input[] = [];
    const { user } = renderWithProviders(<PaymentForm sent={sent} />);
    await user.type(screen.getByRole('textbox', { name: /^Payee/ }), 'Arvind Mills');
    const paidOn = screen.getByLabelText(/^Paid on/);
    await user.clear(paidOn);
    await user.type(paidOn, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(screen.getByRole('combobox', { name: /^Mode/ })).toHaveAccessibleDescription('Choose how it was paid.');
    expect(paidOn).toHaveAccessibleDescription('Payment date must be between 2000-01-01 and today.');
    expect(sent).toEqual([]);
  });

  it('shows a refusal about one of its fields on that field, any other above the buttons', async () => {
    for (const [refusal, onField] of [
      [new UserError('Mode must be Cash, Bank transfer, UPI or Cheque.', 'mode'), true],
      [new UserError('Nothing is owed to Arvind Mills.', 'amount'), false],
    ] as const) {
      const { user, unmount } = renderWithProviders(<PaymentForm refusal={refusal} sent={[]} />);
      await user.type(screen.getByRole('textbox', { name: /^Payee/ }), 'Arvind Mills');
      await user.click(screen.getByRole('combobox', { name: /^Mode/ }));
      await user.click(await screen.findByRole('option', { name: 'UPI' }));
      await user.click(screen.getByRole('button', { name: 'Record payment' }));
      if (onField) {
        expect(screen.getByRole('combobox', { name: /^Mode/ })).toHaveAccessibleDescription(refusal.message);
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      } else expect(await screen.findByRole('alert')).toHaveTextContent(refusal.message);
      unmount();
    }
  });
});
