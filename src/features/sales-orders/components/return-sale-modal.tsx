import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Input,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { todayInIndia } from '@/lib/csv';
import { formatQuantityWithUnit, formatRupees } from '@/lib/format';
import { returnFieldRules, validNumber } from '@/lib/form-fields';
import type { SalesOrder } from '../api/get-sales-orders';
import {
  returnDefaults,
  returnKinds,
  returnSchema,
  unitsStillReturnable,
  useRecordReturn,
  type ReturnForm,
  type ReturnInput,
} from '../api/record-return';

interface ReturnSaleModalProps {
  order: SalesOrder;
  onClose: () => void;
}

/**
 * Records one return of a shipped order (an RTO or a customer return), unit by unit as inspected:
 * sellable units go back to stock; damaged, wrong and missing ones do not and open a claim against
 * the marketplace. Several returns may follow one another until every unit is back.
 */
export function ReturnSaleModal({ order, onClose }: ReturnSaleModalProps) {
  const recordReturn = useRecordReturn();
  const schema = useMemo(() => returnSchema(order), [order]);
  const form = useForm<ReturnForm, unknown, ReturnInput>({
    resolver: zodResolver(schema),
    defaultValues: returnDefaults(order),
  });
  const [sellable, damaged, wrongItem, missing] = useWatch({
    control: form.control,
    name: ['sellable', 'damaged', 'wrong_item', 'missing'],
  });
  // The units' checks (at least one, at most what remains) are about all four counts but shown on
  // Sellable: once shown, they follow a change of any count, not only of Sellable.
  const { trigger, getFieldState } = form;
  useEffect(() => {
    if (getFieldState('sellable').error) void trigger('sellable');
  }, [sellable, damaged, wrongItem, missing, trigger, getFieldState]);
  const remaining = unitsStillReturnable(order);
  const restocked = validNumber(sellable, returnFieldRules.sellable) ?? 0;
  const lost =
    (validNumber(damaged, returnFieldRules.damaged) ?? 0) +
    (validNumber(wrongItem, returnFieldRules.wrongItem) ?? 0) +
    (validNumber(missing, returnFieldRules.missing) ?? 0);
  const units = (count: number) => formatQuantityWithUnit(count, 'units');

  const submit = form.handleSubmit((input) =>
    recordReturn.mutate(
      { orderId: order.id, input },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message:
              input.sellable > 0
                ? `Return recorded. ${units(input.sellable)} of ${order.product_name} ${input.sellable === 1 ? 'is' : 'are'} back in stock.`
                : `Return recorded. Stock of ${order.product_name} is unchanged.`,
          });
          onClose();
        },
        onError: (error) => showOnField(form, error),
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title="Record a return">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            The {order.platform} order for {units(order.quantity)} of {order.product_name} (
            {formatRupees(order.total_amount)}). Count what came back by its condition.
          </Text>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Input.Wrapper label="Kind of return">
                <SegmentedControl
                  {...field}
                  fullWidth
                  aria-label="Kind of return"
                  data={returnKinds.map((kind) => ({ ...kind }))}
                />
              </Input.Wrapper>
            )}
          />
          <Text size="sm" fw={500} aria-live="polite">
            {remaining} of {order.quantity} can still be returned
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 4 }}>
            <NumberField
              control={form.control}
              name="sellable"
              rules={returnFieldRules.sellable}
              label="Sellable"
              description="Back in stock"
              data-autofocus
            />
            <NumberField
              control={form.control}
              name="damaged"
              rules={returnFieldRules.damaged}
              label="Damaged"
              description="Claim"
            />
            <NumberField
              control={form.control}
              name="wrong_item"
              rules={returnFieldRules.wrongItem}
              label="Wrong item"
              description="Claim"
            />
            <NumberField
              control={form.control}
              name="missing"
              rules={returnFieldRules.missing}
              label="Missing"
              description="Claim"
            />
          </SimpleGrid>
          <Text size="sm" fw={500}>
            {restocked > 0
              ? `${units(restocked)} of ${order.product_name} ${restocked === 1 ? 'goes' : 'go'} back into stock.`
              : 'Stock stays as it is (damaged or lost goods).'}
            {lost > 0 && ` ${units(lost)} not restocked: a claim against ${order.platform} opens.`}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberField
              control={form.control}
              name="return_fees"
              rules={returnFieldRules.returnFees}
              label="Return fees"
              leftSection="₹"
              description="Reverse shipping, return fee"
            />
            <Controller
              control={form.control}
              name="return_date"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  type="date"
                  label="Return date"
                  description="Empty: today"
                  max={todayInIndia()}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            label="Note"
            placeholder="e.g. wrong size, seal broken"
            autosize
            minRows={2}
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          <FormError error={recordReturn.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep Order
            </Button>
            <SubmitButton form={form} pending={recordReturn.isPending} color="red.9">
              Record Return
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
