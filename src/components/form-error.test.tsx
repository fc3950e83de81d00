import { Button, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { UserError } from '@/lib/server-error';
import { renderWithProviders } from '@/test/render';
import { FormError, showOnField } from './form-error';

/** A form whose save the server refuses with `refusal`, as a mutation's onError would see it. */
function RefusedForm({ refusal }: { refusal: Error }) {
  const form = useForm({ defaultValues: { sku: 'P-1' } });
  const [error, setError] = useState<Error | null>(null);
  const save = form.handleSubmit(() => {
    setError(refusal);
    showOnField(form, refusal);
  });
  return (
    <form onSubmit={save}>
      <TextInput label="SKU" {...form.register('sku')} error={form.formState.errors.sku?.message} />
      <FormError error={error} form={form} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('a refusal from the server', () => {
  it('shows on the field the database named, not in the form alert', async () => {
    const { user } = renderWithProviders(
      <RefusedForm refusal={new UserError('A product with SKU P-1 already exists.', 'sku')} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription('A product with SKU P-1 already exists.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows in the form alert when it names no field, or one the form does not have', async () => {
    for (const refusal of [
      new UserError('Not enough raw materials to start production.'),
      new UserError('Stock on hand must be at least 0.', 'stock_on_hand'),
    ]) {
      const { user, unmount } = renderWithProviders(<RefusedForm refusal={refusal} />);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('alert')).toHaveTextContent(refusal.message);
      expect(screen.getByLabelText('SKU')).not.toHaveAccessibleDescription(refusal.message);
      unmount();
    }
  });
});
