import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { formatQuantityWithUnit, formatRupees } from '@/lib/format';
import type { SalesOrder } from '../api/get-sales-orders';
import {
  returnSalesOrderDefaults,
  returnSalesOrderSchema,
  useReturnSalesOrder,
  type ReturnSalesOrderInput,
} from '../api/return-sales-order';

interface ReturnSaleModalProps {
  order: SalesOrder;
  onClose: () => void;
}

/** Records a customer return or RTO of a fulfilled sale; damaged goods stay out of stock. */
export function ReturnSaleModal({ order, onClose }: ReturnSaleModalProps) {
  const returnOrder = useReturnSalesOrder();
  const form = useForm<ReturnSalesOrderInput>({
    resolver: zodResolver(returnSalesOrderSchema),
    defaultValues: returnSalesOrderDefaults,
  });
  const restock = useWatch({ control: form.control, name: 'restock' });
  const units = formatQuantityWithUnit(order.quantity, 'units');

  const submit = form.handleSubmit((input) =>
    returnOrder.mutate(
      { orderId: order.id, input },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: input.restock
              ? `Return recorded. ${units} of ${order.product_name} are back in stock.`
              : `Return recorded. Stock of ${order.product_name} is unchanged.`,
          });
          onClose();
        },
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title="Record a return">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            The {order.platform} order for {units} of {order.product_name} becomes Returned, and its{' '}
            {formatRupees(order.total_amount)} no longer counts as revenue.
          </Text>
          <Checkbox label="Put back in stock" {...form.register('restock')} />
          <Text size="sm" fw={500}>
            {restock
              ? `${units} of ${order.product_name} ${order.quantity === 1 ? 'goes' : 'go'} back into stock.`
              : 'Stock stays as it is (damaged or lost goods).'}
          </Text>
          <Textarea
            label="Note"
            placeholder="e.g. RTO, customer return: wrong size"
            autosize
            minRows={2}
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          <FormError error={returnOrder.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep Order
            </Button>
            <SubmitButton form={form} pending={returnOrder.isPending} color="red.9">
              Record Return
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
