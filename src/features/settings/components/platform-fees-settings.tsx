import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { NumberField } from '@/components/form-inputs';
import { platformFeeFieldRules, returnFieldRules } from '@/lib/form-fields';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { formatRupees } from '@/lib/format';
import {
  noFees,
  platformFeesSchema,
  salesPlatforms,
  usePlatformFees,
  useSetPlatformFees,
  type PlatformFeesForm,
  type PlatformFeesInput,
  type SalesPlatform,
} from '../api/platform-fees';

/**
 * The Settings content for marketplace fees: pick a platform, set its commission, fee and shipping
 * per order, and see every platform's current fees. New sales record the fees in force when they
 * are logged; sales already logged keep theirs.
 */
export function PlatformFeesSettings() {
  const fees = usePlatformFees();
  const setFees = useSetPlatformFees();
  const form = useForm<PlatformFeesForm, unknown, PlatformFeesInput>({
    resolver: zodResolver(platformFeesSchema),
    defaultValues: noFees('Flipkart'),
  });
  const platform = useWatch({ control: form.control, name: 'platform' });
  const saved = fees.data;

  // Show the chosen platform's saved fees in the form (again after they load or change).
  useEffect(() => {
    form.reset(saved?.fees.get(platform) ?? noFees(platform, saved?.windows));
  }, [form, platform, saved]);

  const submit = form.handleSubmit((input) =>
    setFees.mutate(input, {
      onSuccess: (saved) => notifications.show({ color: 'green', message: `${saved.platform} fees saved.` }),
    }),
  );

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        What each marketplace keeps from an order. FactoryFlow does not guess rates: a platform you have not set charges
        nothing. New sales record the fees in force when they are logged; new returns' claims the claim window.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Platform fees">
        <Stack>
          <Controller
            control={form.control}
            name="platform"
            render={({ field, fieldState }) => (
              <Select
                {...field}
                label="Platform"
                data={[...salesPlatforms]}
                allowDeselect={false}
                onChange={(value) => field.onChange(value as SalesPlatform)}
                error={fieldState.error?.message}
                data-autofocus
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberField
              control={form.control}
              name="commission_percent"
              rules={platformFeeFieldRules.commissionPercent}
              label="Commission (%)"
            />
            <NumberField
              control={form.control}
              name="fee_per_order"
              rules={platformFeeFieldRules.feePerOrder}
              label="Fee per order (₹)"
            />
            <NumberField
              control={form.control}
              name="shipping_per_order"
              rules={platformFeeFieldRules.shippingPerOrder}
              label="Shipping per order (₹)"
            />
            <NumberField
              control={form.control}
              name="claim_window_days"
              rules={returnFieldRules.claimWindowDays}
              label="Claim window (days)"
            />
            <NumberField
              control={form.control}
              name="payment_cycle_days"
              rules={platformFeeFieldRules.paymentCycleDays}
              label="Payment cycle (days)"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Claim window: the days after a return's date within which a damaged, wrong or missing unit can be claimed
            from the platform; each claim's deadline counts from it. Defaults: Amazon 7 days (SAFE-T), Flipkart 14 days
            (SPF, from a seller guide), others 7. Check your platform's current policy and set it here.
          </Text>
          <Text size="xs" c="dimmed">
            Payment cycle: the days after an order within which the platform should pay it (default 15). Payments shows
            an order without a settlement as Awaiting payment until then, Overdue after.
          </Text>
          <FormError error={setFees.error} />
          <Group justify="flex-end">
            <SubmitButton form={form} pending={setFees.isPending}>
              Save fees
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      {/* Six columns scroll sideways on a phone; a keyboard user can focus the region to scroll it
          (axe: scrollable-region-focusable). */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Current platform fees, scrollable">
        <Table withTableBorder verticalSpacing="xs" fz="sm" aria-label="Current platform fees">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Platform</Table.Th>
              <Table.Th ta="right">Commission</Table.Th>
              <Table.Th ta="right">Fee</Table.Th>
              <Table.Th ta="right">Shipping</Table.Th>
              <Table.Th ta="right">Claim window</Table.Th>
              <Table.Th ta="right">Payment cycle</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {salesPlatforms.map((name) => {
              const row = fees.data?.fees.get(name) ?? noFees(name, fees.data?.windows);
              return (
                <Table.Tr key={name}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td ta="right">{row.commission_percent}%</Table.Td>
                  <Table.Td ta="right">{formatRupees(row.fee_per_order)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(row.shipping_per_order)}</Table.Td>
                  <Table.Td ta="right">
                    {row.claim_window_days} days{row.claim_window_is_default && ' (default)'}
                  </Table.Td>
                  <Table.Td ta="right">{row.payment_cycle_days} days</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
    </Stack>
  );
}
