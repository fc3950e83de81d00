import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { useProduct } from '@/features/stock-items/api/item-lists';
import { ProductSelect } from '@/features/stock-items/components/product-picker';
import { formatQuantity, formatRupees } from '@/lib/format';
import { saleFieldRules, validNumber } from '@/lib/form-fields';
import {
  logSaleSchema,
  newSaleDefaults,
  salesPlatforms,
  useLogSale,
  type LogSaleForm,
  type LogSaleInput,
} from '../api/log-sale';

interface LogSaleModalProps {
  opened: boolean;
  onClose: () => void;
}

export function LogSaleModal({ opened, onClose }: LogSaleModalProps) {
  const logSale = useLogSale();
  const form = useForm<LogSaleForm, unknown, LogSaleInput>({
    resolver: zodResolver(logSaleSchema),
    defaultValues: newSaleDefaults,
  });
  const [productId, quantity] = useWatch({
    control: form.control,
    name: ['product_id', 'quantity'],
  });

  const product = useProduct(productId || null).data ?? undefined;
  // Only a quantity the form would save counts towards the total and the stock check.
  const typedQuantity = validNumber(quantity, saleFieldRules.quantity);
  // Mirrors the server's stock check for instant feedback; the server still decides.
  const overStock = product !== undefined && typedQuantity !== null && typedQuantity > product.stock_on_hand;

  const close = () => {
    form.reset();
    logSale.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    logSale.mutate(input, {
      onSuccess: (order) => {
        notifications.show({
          color: 'green',
          message: `Sale of ${order.quantity} × ${order.product_name} logged.`,
        });
        close();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Add New Sale">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="product_id"
            render={({ field, fieldState }) => (
              <ProductSelect {...field} data-autofocus error={fieldState.error?.message} />
            )}
          />
          <Controller
            control={form.control}
            name="platform"
            render={({ field, fieldState }) => (
              <Select
                {...field}
                label="Platform"
                data={salesPlatforms}
                allowDeselect={false}
                withAsterisk
                error={fieldState.error?.message}
              />
            )}
          />
          <NumberField
            control={form.control}
            name="quantity"
            rules={saleFieldRules.quantity}
            label="Quantity"
            description={
              product && (
                <Text span size="xs" c={overStock ? 'red.7' : 'dimmed'}>
                  {overStock
                    ? `Only ${product.stock_on_hand} available.`
                    : `${formatQuantity(product.stock_on_hand)} in stock`}
                </Text>
              )
            }
          />
          {product && typedQuantity !== null && (
            <Paper withBorder p="sm" bg="gray.0">
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {formatQuantity(typedQuantity)} × {formatRupees(product.selling_price)}
                </Text>
                <Text fw={700} aria-label="Sale total">
                  {formatRupees(typedQuantity * product.selling_price)}
                </Text>
              </Group>
            </Paper>
          )}
          <FormError error={logSale.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={logSale.isPending}>
              Log Sale
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
