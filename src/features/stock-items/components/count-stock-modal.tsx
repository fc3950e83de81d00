import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { formatQuantity } from '@/lib/format';
import {
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
  const counted = Number(useWatch({ control: form.control, name: 'counted' }));
  const difference = form.getValues('counted') === '' || !Number.isFinite(counted) ? null : counted - item.stock;

  const submit = form.handleSubmit((input) =>
    adjustStock.mutate(
      { item, input },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `${item.name}: stock set to ${formatQuantity(input.counted)} ${item.unit}.`,
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
            Recorded stock: {formatQuantity(item.stock)} {item.unit}. Enter what you counted; the stock becomes that
            number and the difference is kept in the history with your reason.
          </Text>
          <Controller
            control={form.control}
            name="counted"
            render={({ field, fieldState }) => (
              <NumberInput
                {...field}
                label={`Counted stock (${item.unit})`}
                withAsterisk
                data-autofocus
                min={0}
                allowDecimal={item.kind === 'material'}
                decimalScale={3}
                error={fieldState.error?.message}
                description={
                  difference !== null && difference !== 0 && !fieldState.error
                    ? difference < 0
                      ? `${formatQuantity(-difference)} ${item.unit} missing`
                      : `${formatQuantity(difference)} ${item.unit} found`
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
            <Button type="submit" loading={adjustStock.isPending}>
              Save Count
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
