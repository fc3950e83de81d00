import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { ContactFields, GstinField, PartyFormModal } from '@/components/party-fields';
import { supplierFieldRules as rules } from '@/lib/form-fields';
import {
  supplierFormDefaults,
  supplierFormSchema,
  useSaveSupplier,
  type Supplier,
  type SupplierForm,
  type SupplierInput,
} from '../api/suppliers';

/** The one supplier form: Add supplier and Edit. A name another supplier has shows on the name. */
export function SupplierFormModal({ edited, onClose }: { edited: Supplier | null; onClose: () => void }) {
  const save = useSaveSupplier(edited);
  const form = useForm<SupplierForm, unknown, SupplierInput>({
    resolver: zodResolver(supplierFormSchema),
    defaultValues: supplierFormDefaults(edited),
  });
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (supplier) => {
        notifications.show({ color: 'green', message: `${supplier.supplier_name} ${edited ? 'saved' : 'added'}.` });
        onClose();
      },
      onError: (error) => showOnField(form, error),
    }),
  );

  return (
    <PartyFormModal
      party="supplier"
      editedName={edited?.supplier_name ?? null}
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error}
      onClose={onClose}
    >
      <TextField
        control={form.control}
        name="supplier_name"
        rules={rules.supplierName}
        label="Supplier name"
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextField control={form.control} name="contact" rules={rules.contact} label="Contact person" />
        <ContactFields form={form} />
        <GstinField form={form} />
        <NumberField
          control={form.control}
          name="lead_time_days"
          rules={rules.leadTimeDays}
          label="Lead time (days)"
          description="How long an order takes to arrive"
        />
        <TextField
          control={form.control}
          name="payment_terms"
          rules={rules.paymentTerms}
          label="Payment terms"
          placeholder="e.g. 30 days credit"
        />
      </SimpleGrid>
      <TextField control={form.control} name="notes" rules={rules.notes} label="Notes" />
    </PartyFormModal>
  );
}
