import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactFields } from '@/lib/form-fields';
import { checkGstinState } from '@/lib/gstin';
import { renderWithProviders } from '@/test/render';
import { ContactFields, GstinStateFields } from './party-fields';

const schema = z
  .object({
    gstin: z.string().trim().toUpperCase(),
    state_code: z.string().min(1, 'State is required.'),
    ...contactFields,
  })
  .superRefine((party, ctx) =>
    checkGstinState(party, ctx, (code) => `A registered customer's state is its GSTIN's: ${code}.`),
  );
type Form = z.input<typeof schema>;

function PartyForm({ saved }: { saved: z.output<typeof schema>[] }) {
  const form = useForm<Form, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { gstin: '', state_code: '', phone: '', email: '' },
  });
  return (
    <form onSubmit={form.handleSubmit((party) => void saved.push(party))} noValidate>
      <GstinStateFields form={form} stateLabel="State (place of supply)" />
      <ContactFields form={form} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('the party fields', () => {
  it('take a GSTIN in capitals and pick the state it starts with', async () => {
    const saved: z.output<typeof schema>[] = [];
    const { user } = renderWithProviders(<PartyForm saved={saved} />);
    await user.type(screen.getByRole('textbox', { name: 'GSTIN' }), '27aapfu0939f1zv');
    expect(screen.getByRole('textbox', { name: 'GSTIN' })).toHaveValue('27AAPFU0939F1ZV');
    expect(screen.getByRole('combobox', { name: /^State \(place of supply\)/ })).toHaveValue('27 Maharashtra');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+91 98200-12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ gstin: '27AAPFU0939F1ZV', state_code: '27', phone: '+91 98200-12345', email: '' }]);
  });

  it('check the GSTIN as it is completed and the email on save, on their fields', async () => {
    const saved: z.output<typeof schema>[] = [];
    const { user } = renderWithProviders(<PartyForm saved={saved} />);
    const gstin = screen.getByRole('textbox', { name: 'GSTIN' });
    await user.type(gstin, '27AAPFU0939F1ZX');
    expect(gstin).toHaveAccessibleDescription(
      "This GSTIN's last character does not match the rest: check it for a typo.",
    );
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'boutique.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Email must look like name@example.com.',
    );
    expect(saved).toEqual([]);
  });
});
