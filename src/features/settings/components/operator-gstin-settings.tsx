import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { LoadError } from '@/components/load-error';
import { SubmitButton } from '@/components/submit-button';
import { formatQuantity } from '@/lib/format';
import {
  marketplaces,
  operatorGstinSchema,
  useOperatorGstins,
  useSetOperatorGstin,
  type Marketplace,
  type OperatorGstinForm,
  type OperatorGstinInput,
  type OperatorGstinSaved,
} from '../api/operator-gstins';

function savedMessage(saved: OperatorGstinSaved): string {
  if (saved.operator_gstin === null) return `${saved.platform} operator GSTIN cleared. Recorded sales keep theirs.`;
  const sales = saved.sales_updated === 1 ? '1 recorded sale' : `${formatQuantity(saved.sales_updated)} recorded sales`;
  return `${saved.platform} operator GSTIN saved. ${sales} took it.`;
}

/**
 * The Settings content for e-commerce operators (issue 42): each marketplace's GSTIN as the
 * operator that collects TCS on the sales made through it. GSTR-1 files those sales as b2cs type E
 * with that GSTIN and sums them per operator in Table 14; sales recorded before it was entered
 * take it too (set_operator_gstin).
 */
export function OperatorGstinSettings() {
  const saved = useOperatorGstins();
  const save = useSetOperatorGstin();
  const form = useForm<OperatorGstinForm, unknown, OperatorGstinInput>({
    resolver: zodResolver(operatorGstinSchema),
    defaultValues: { platform: 'Amazon', gstin: '' },
    // The check character is checked as it is typed, as for the business's GSTIN.
    mode: 'onTouched',
  });
  const platform = useWatch({ control: form.control, name: 'platform' });
  const current = saved.data?.get(platform as Marketplace) ?? null;

  // Show the chosen marketplace's saved GSTIN (again after it loads or changes).
  useEffect(() => {
    form.reset({ platform, gstin: current ?? '' });
  }, [form, platform, current]);

  const write = (input: { platform: Marketplace; gstin: string | null }) =>
    save.mutate(input, {
      onSuccess: (result) => notifications.show({ color: 'green', message: savedMessage(result) }),
      onError: (error) => showOnField(form, error),
    });
  const submit = form.handleSubmit((input) => write(input));

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Marketplaces collect TCS on the sales made through them. Enter each one&apos;s GSTIN for your state (it is on
        the marketplace&apos;s TCS statement): GSTR-1 then files those sales as B2C small type E with that GSTIN and
        totals them per operator in Table 14. Sales already recorded take it too, so the month&apos;s return is right
        once it is entered.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Operator GSTIN">
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Controller
              control={form.control}
              name="platform"
              render={({ field, fieldState }) => (
                <Select
                  {...field}
                  label="Marketplace"
                  data={[...marketplaces]}
                  allowDeselect={false}
                  onChange={(value) => field.onChange(value as Marketplace)}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="gstin"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  label="Operator GSTIN"
                  autoComplete="off"
                  maxLength={15}
                  styles={{ input: { textTransform: 'uppercase' } }}
                  error={fieldState.error?.message}
                  onChange={(event) => {
                    const gstin = event.currentTarget.value.toUpperCase();
                    field.onChange(gstin);
                    if (fieldState.isTouched || gstin.length === 15) void form.trigger('gstin');
                  }}
                />
              )}
            />
          </SimpleGrid>
          <FormError error={save.error} form={form} />
          <Group justify="flex-end">
            {current !== null && (
              <Button
                variant="default"
                loading={save.isPending}
                onClick={() => write({ platform: platform as Marketplace, gstin: null })}
              >
                Clear GSTIN
              </Button>
            )}
            <SubmitButton form={form} pending={save.isPending}>
              Save GSTIN
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      {saved.isError ? (
        <LoadError what="the operator GSTINs" error={saved.error} onRetry={() => void saved.refetch()} />
      ) : (
        <Table withTableBorder verticalSpacing="xs" fz="sm" aria-label="Operator GSTINs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Marketplace</Table.Th>
              <Table.Th>Operator GSTIN</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {marketplaces.map((name) => {
              const gstin = saved.data?.get(name);
              return (
                <Table.Tr key={name}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td ff={gstin ? 'monospace' : undefined} c={gstin ? undefined : 'dimmed'}>
                    {gstin ?? 'Not entered: its sales are filed as type OE'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
