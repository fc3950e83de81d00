import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { useGuardedClose } from '@/components/discard-changes';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { LocationPicker } from '@/components/location-picker';
import { useOwnLocationChoice } from '@/lib/locations';
import { todayInIndia } from '@/lib/csv';
import { useComboStock } from '@/features/channels/api/combos';
import { useProduct } from '@/features/catalogue/api/item-lists';
import { ProductSelect } from '@/features/catalogue/components/product-picker';
import { useCustomers } from '@/features/customers/api/customers';
import { formatQuantity, formatRupees } from '@/lib/format';
import { numberFieldText, saleFieldRules, validNumber } from '@/lib/form-fields';
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
  const places = useOwnLocationChoice();
  const [locationId, setLocationId] = useState('');
  const form = useForm<LogSaleForm, unknown, LogSaleInput>({
    resolver: zodResolver(logSaleSchema),
    defaultValues: newSaleDefaults,
  });
  const [productId, quantity, unitPrice, platform] = useWatch({
    control: form.control,
    name: ['product_id', 'quantity', 'unit_price', 'platform'],
  });
  const customers = useCustomers();

  const product = useProduct(productId || null).data ?? undefined;
  // A combo has no stock of its own: what its parts make now (issue 34).
  const stock = useComboStock(productId || null) ?? product?.stock_on_hand;
  // Only a quantity the form would save counts towards the total and the stock check.
  const typedQuantity = validNumber(quantity, saleFieldRules.quantity);
  // Mirrors the server's stock check for instant feedback; the server still decides.
  const overStock = stock !== undefined && typedQuantity !== null && typedQuantity > stock;
  // An empty or unfinished sale price counts as the list price, as the server takes it.
  const price = validNumber(unitPrice, saleFieldRules.unitPrice) ?? product?.selling_price;

  const close = () => {
    form.reset();
    logSale.reset();
    setLocationId('');
    onClose();
  };

  // Closing, Back or another screen asks first once something is typed.
  const guard = useGuardedClose(form.formState.isDirty, close);

  const submit = form.handleSubmit((input) =>
    logSale.mutate(
      { ...input, location_id: locationId || undefined },
      {
        onSuccess: (order) => {
          notifications.show({
            color: 'green',
            message: `Sale of ${order.quantity} × ${order.product_name} logged.`,
          });
          close();
        },
        onError: (error) => showOnField(form, error),
      },
    ),
  );

  return (
    <>
      <Modal opened={opened} onClose={guard.requestClose} title="Add New Sale">
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
            {platform === 'Other' && (
              <Controller
                control={form.control}
                name="customer_id"
                render={({ field, fieldState }) => (
                  <Select
                    {...field}
                    value={field.value === '' ? null : field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    label="Customer"
                    description="Who owes this direct order (optional)"
                    searchable
                    clearable
                    data={(customers.data ?? [])
                      .filter((customer) => customer.archived_at === null)
                      .map((customer) => ({ value: customer.id, label: customer.name }))}
                    nothingFoundMessage="No customer by that name"
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
            <NumberField
              control={form.control}
              name="quantity"
              rules={saleFieldRules.quantity}
              label="Quantity"
              description={
                stock !== undefined && (
                  <Text span size="xs" c={overStock ? 'red.7' : 'dimmed'}>
                    {overStock ? `Only ${stock} available.` : `${formatQuantity(stock)} in stock`}
                  </Text>
                )
              }
            />
            <Divider label="As the marketplace shows it (optional)" labelPosition="left" />
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <NumberField
                control={form.control}
                name="unit_price"
                rules={saleFieldRules.unitPrice}
                label="Sale Price"
                leftSection="₹"
                placeholder={product ? numberFieldText(product.selling_price) : 'List price'}
                description="Empty: list price"
              />
              <Controller
                control={form.control}
                name="order_date"
                render={({ field, fieldState }) => (
                  <TextInput
                    {...field}
                    type="date"
                    label="Order Date"
                    description="Empty: today"
                    min={saleFieldRules.orderDate.earliest}
                    max={todayInIndia()}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <TextField control={form.control} name="order_id" rules={saleFieldRules.orderId} label="Order ID" />
            </SimpleGrid>
            <LocationPicker locations={places} value={locationId} onChange={setLocationId} label="Sold from" />
            {price !== undefined && typedQuantity !== null && (
              <Paper withBorder p="sm" bg="gray.0">
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {formatQuantity(typedQuantity)} × {formatRupees(price)}
                  </Text>
                  <Text fw={700} aria-label="Sale total">
                    {formatRupees(typedQuantity * price)}
                  </Text>
                </Group>
              </Paper>
            )}
            <FormError error={logSale.error} form={form} />
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
      {/* Asks before what was typed is dropped. */}
      {guard.confirm}
    </>
  );
}
