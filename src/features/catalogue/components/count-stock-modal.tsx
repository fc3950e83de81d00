import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { NumberTextInput } from '@/components/form-inputs';
import { formatQuantityWithUnit } from '@/lib/format';
import { validNumber } from '@/lib/form-fields';
import {
  countedStockRules,
  countStockSchema,
  useAdjustStock,
  type CountStockForm,
  type CountStockInput,
} from '../api/adjust-stock';
import type { StockItem } from '../item';

interface CountStockModalProps {
  item: StockItem;
  onClose: () => void;
}

/** A physical count: the stock becomes what was counted, and the difference is recorded with its reason. */
export function CountStockModal({ item, onClose }: CountStockModalProps) {
  const adjustStock = useAdjustStock();
  const form = useForm<CountStockForm, unknown, CountStockInput>({
    resolver: zodResolver(countStockSchema(item)),
    defaultValues: { counted: '', note: '' },
  });
  const countedRules = countedStockRules(item);
  const counted = validNumber(useWatch({ control: form.control, name: 'counted' }), countedRules);
  const difference = counted === null ? null : counted - item.stock;

  const submit = form.handleSubmit((input) =>
    adjustStock.mutate(
      { item, input },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `${item.name}: stock set to ${formatQuantityWithUnit(input.counted, item.unit)}.`,
          });
          onClose();
        },
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={`Count stock: ${item.name}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Recorded stock: {formatQuantityWithUnit(item.stock, item.unit)}. Enter what you counted; the stock becomes
            that number and the difference is kept in the history with your reason.
          </Text>
          <Controller
            control={form.control}
            name="counted"
            render={({ field, fieldState }) => (
              <NumberTextInput
                {...field}
                rules={countedRules}
                label={`Counted stock (${item.unit})`}
                data-autofocus
                error={fieldState.error?.message}
                description={
                  difference !== null && difference !== 0 && !fieldState.error
                    ? difference < 0
                      ? `${formatQuantityWithUnit(-difference, item.unit)} missing`
                      : `${formatQuantityWithUnit(difference, item.unit)} found`
                    : undefined
                }
              />
            )}
          />
          <Textarea
            label="Reason"
            withAsterisk
            placeholder="e.g. Monthly count, damaged in storage"
            autosize
            minRows={2}
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          <FormError error={adjustStock.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={adjustStock.isPending}>
              Save Count
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
