import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useGuardedClose } from '@/components/discard-changes';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { LocationPicker } from '@/components/location-picker';
import { useOwnLocationChoice } from '@/lib/locations';
import { BottleneckNote } from '@/features/catalogue/components/bottleneck-note';
import { ProductSelect } from '@/features/catalogue/components/product-picker';
import { validNumber } from '@/lib/form-fields';
import { useProductBom } from '@/features/catalogue/api/bom-items';
import { useProduct } from '@/features/catalogue/api/item-lists';
import { countsPieces, formatProductQuantity } from '@/features/catalogue/api/products';
import {
  newProductionDefaults,
  quantityToProduceRules,
  startProductionSchema,
  useStartProduction,
  type StartProductionForm,
  type StartProductionInput,
} from '../api/start-production';
import { useStyles } from '@/features/catalogue/api/styles';
import { limitingItem, materialRequirements, maxProducible, requirementInputs } from '../utils/material-requirements';
import { NOT_ENOUGH_MATERIALS, RequirementsTable } from './requirements-table';
import { useReportDirty, type OrderFormProps } from './order-form';
import { StyleOrderForm } from './style-order-form';

interface CreateManufacturingOrderModalProps {
  opened: boolean;
  onClose: () => void;
}

/** What an order produces: one product (the spec's form), or several variants of a style at once. */
type OrderKind = 'product' | 'style';

/**
 * Create New Order: a run of one product, with the live list of required versus available
 * materials; once the user has styles, also a batch of a style's variants (a quantity per size and
 * colour) in one call.
 */
export function CreateManufacturingOrderModal({ opened, onClose }: CreateManufacturingOrderModalProps) {
  const [kind, setKind] = useState<OrderKind>('product');
  // Whether the form on show holds typed input: Back, another screen, Escape, the X or a click
  // outside then ask first (Cancel is a choice already).
  const [dirty, setDirty] = useState(false);
  const hasStyles = (useStyles().data?.total ?? 0) > 0;
  const close = () => {
    setKind('product');
    setDirty(false);
    onClose();
  };
  const guard = useGuardedClose(dirty, close);
  return (
    <Modal opened={opened} onClose={guard.requestClose} title="Create New Order" size={kind === 'style' ? 'xl' : 'lg'}>
      {hasStyles && (
        <SegmentedControl
          fullWidth
          mb="md"
          aria-label="What to produce"
          data={[
            { value: 'product', label: 'One product' },
            { value: 'style', label: 'A style in several sizes' },
          ]}
          value={kind}
          onChange={(value) => {
            setKind(value as OrderKind);
            setDirty(false);
          }}
        />
      )}
      {kind === 'style' ? (
        <StyleOrderForm onClose={close} onDirtyChange={setDirty} />
      ) : (
        <ProductOrderForm onClose={close} onDirtyChange={setDirty} />
      )}
      {guard.confirm}
    </Modal>
  );
}

/** The spec's order form: a product, the quantity to produce, and the materials it needs. */
function ProductOrderForm({ onClose, onDirtyChange }: OrderFormProps) {
  const startProduction = useStartProduction();
  const form = useForm<StartProductionForm, unknown, StartProductionInput>({
    resolver: zodResolver(startProductionSchema),
    defaultValues: newProductionDefaults,
    // Each field says what is wrong with it as it changes: a quantity of 2.5 is refused on the
    // field at once, not after a click on a button that looked ready.
    mode: 'onChange',
  });
  const [productId, quantity] = useWatch({
    control: form.control,
    name: ['product_id', 'quantity_to_produce'],
  });
  // The chosen product's unit (issue 45): a run of dyed fabric in metres takes 7.5, pieces stay
  // whole. The form's schema reads it from the form; a typed quantity is checked again once it is known.
  const unit = useProduct(productId || null).data?.unit_of_measure ?? 'pcs';
  const { setValue, getFieldState, trigger } = form;
  useEffect(() => {
    setValue('unit', unit);
    if (getFieldState('quantity_to_produce').isDirty) void trigger('quantity_to_produce');
  }, [unit, setValue, getFieldState, trigger]);

  // The chosen product's BOM with its materials (archived ones too: their stock counts) and
  // sub-assemblies (their stock in pieces).
  const productBom = useProductBom(productId || null);
  const { lines: bom, items: materials } = requirementInputs(productBom.data);
  const hasSubassemblies = (productBom.data?.subassemblies.length ?? 0) > 0;
  // Null while the field holds no quantity the form would start: nothing is computed from it then.
  const typedQuantity = validNumber(quantity, quantityToProduceRules(unit));
  const requirements = materialRequirements(bom, materials, typedQuantity ?? 0);
  const canMake = maxProducible(bom, materials, countsPieces(unit) ? 0 : 3);
  const short = typedQuantity !== null && requirements.some((requirement) => requirement.short);
  const stockLoading = Boolean(productId) && productBom.isPending;
  // The server's refusal and the form's own check say the same thing: say it once.
  const serverRefusedShortage = startProduction.error?.message === NOT_ENOUGH_MATERIALS;

  useReportDirty(form.formState.isDirty, onDirtyChange);
  const places = useOwnLocationChoice();
  const [locationId, setLocationId] = useState('');
  const close = () => {
    form.reset();
    startProduction.reset();
    setLocationId('');
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    startProduction.mutate(
      { ...input, location_id: locationId || undefined },
      {
        onSuccess: (order) => {
          notifications.show({
            color: 'green',
            message: `Production of ${formatProductQuantity(order.quantity_to_produce, unit)} × ${order.product_name} started.`,
          });
          close();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Controller
          control={form.control}
          name="product_id"
          render={({ field, fieldState }) => (
            <ProductSelect {...field} producibleOnly data-autofocus error={fieldState.error?.message} />
          )}
        />
        <NumberField
          control={form.control}
          name="quantity_to_produce"
          rules={quantityToProduceRules(unit)}
          label="Quantity to Produce"
          rightSection={
            countsPieces(unit) ? undefined : (
              <Text size="xs" c="dimmed">
                {unit}
              </Text>
            )
          }
        />
        <LocationPicker locations={places} value={locationId} onChange={setLocationId} label="Made at" />
        {productId && (
          <RequirementsTable
            requirements={requirements}
            quantityValid={typedQuantity !== null}
            loading={stockLoading}
            emptyText="This product has no bill of materials, so production uses no raw materials."
          />
        )}
        {productId && !stockLoading && canMake !== null && (
          <Text size="sm" c="dimmed">
            {canMake === 0
              ? 'The materials in stock are not enough for even one.'
              : `The materials in stock are enough for up to ${formatProductQuantity(canMake, unit)}.`}
          </Text>
        )}
        {productId &&
          !stockLoading &&
          canMake !== null &&
          (hasSubassemblies ? (
            <Text size="sm" c="dimmed">
              {limitingItem(bom, materials)} runs out first.
            </Text>
          ) : (
            <BottleneckNote productId={productId} />
          ))}
        {short && !serverRefusedShortage && (
          <Text c="red.7" size="sm" fw={500}>
            {NOT_ENOUGH_MATERIALS}
          </Text>
        )}
        <FormError error={startProduction.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <SubmitButton
            form={form}
            pending={startProduction.isPending}
            disabled={short || stockLoading || typedQuantity === null}
          >
            Start Production
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
