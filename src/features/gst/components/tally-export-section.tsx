import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Paper, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { todayInIndia } from '@/lib/csv';
import { lastMonth, tallyExportSchema, useTallyExport, type TallyExportForm } from '../api/tally-export';

/**
 * For the accountant (issue 46): a date range of the books as the XML file TallyPrime imports
 * (Import > Transactions): ledgers, stock items, then the sales, purchase, credit note and payment
 * vouchers. A voucher already exported in another range is left out unless asked for.
 */
export function TallyExportSection() {
  const tally = useTallyExport();
  const form = useForm<TallyExportForm>({
    resolver: zodResolver(tallyExportSchema),
    defaultValues: { ...lastMonth(), include_exported: false },
  });
  const submit = form.handleSubmit((range) =>
    tally.mutate(range, {
      onSuccess: ({ vouchers }) =>
        notifications.show({
          color: 'green',
          message: `Tally file downloaded with ${vouchers} voucher${vouchers === 1 ? '' : 's'}.`,
        }),
      onError: (error) => showOnField(form, error),
    }),
  );
  const dateField = (name: 'from_date' | 'to_date', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          type="date"
          label={label}
          required
          min="2000-01-01"
          max={todayInIndia()}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-label="Tally export">
      <Title order={3} size="h4">
        Tally export
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        For your accountant: the invoices, marketplace sales (one voucher per day and platform), supplier bills, credit
        notes, supplier payments and payments received of a date range, as a file TallyPrime imports (Gateway of Tally →
        Import → Transactions).
      </Text>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={2} maw={480}>
          {dateField('from_date', 'From')}
          {dateField('to_date', 'To')}
        </SimpleGrid>
        <Controller
          control={form.control}
          name="include_exported"
          render={({ field }) => (
            <Checkbox
              mt="sm"
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              label="Include vouchers already exported in another range"
            />
          )}
        />
        <FormError error={tally.error} form={form} />
        <Group mt="md">
          <SubmitButton form={form} pending={tally.isPending} leftSection={<IconDownload size={18} />}>
            Download for Tally
          </SubmitButton>
        </Group>
      </form>
    </Paper>
  );
}
