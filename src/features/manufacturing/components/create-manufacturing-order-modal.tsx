import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { BottleneckNote } from '@/features/costing/components/bottleneck-note';
import { ProductSelect } from '@/features/stock-items/components/product-picker';
import { formatQuantity, materialWithUnit } from '@/lib/format';
import { productionFieldRules, validNumber } from '@/lib/form-fields';
import { useProductBom } from '@/features/stock-items/api/bom-items';
import {
  newProductionDefaults,
  startProductionSchema,
  useStartProduction,
  type StartProductionForm,
  type StartProductionInput,
} from '../api/start-production';
import { materialRequirements, maxProducible, type MaterialRequirement } from '../utils/material-requirements';

/** The spec's text, which start_production also raises. */
const NOT_ENOUGH_MATERIALS = 'Not enough raw materials to start production.';

interface CreateManufacturingOrderModalProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateManufacturingOrderModal({ opened, onClose }: CreateManufacturingOrderModalProps) {
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

  // The chosen product's BOM with its materials (archived ones too: their stock counts).
  const productBom = useProductBom(productId || null);
  const bom = productBom.data?.lines ?? [];
  const materials = productBom.data?.materials ?? [];
  // Null while the field holds no quantity the form would start: nothing is computed from it then.
  const typedQuantity = validNumber(quantity, productionFieldRules.quantityToProduce);
  const requirements = materialRequirements(bom, materials, typedQuantity ?? 0);
  const canMake = maxProducible(bom, materials);
  const short = typedQuantity !== null && requirements.some((requirement) => requirement.short);
  const stockLoading = Boolean(productId) && productBom.isPending;
  // The server's refusal and the form's own check say the same thing: say it once.
  const serverRefusedShortage = startProduction.error?.message === NOT_ENOUGH_MATERIALS;

  const close = () => {
    form.reset();
    startProduction.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    startProduction.mutate(input, {
      onSuccess: (order) => {
        notifications.show({
          color: 'green',
          message: `Production of ${order.quantity_to_produce} × ${order.product_name} started.`,
        });
        close();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Create New Order" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="product_id"
            render={({ field, fieldState }) => (
              <ProductSelect {...field} data-autofocus error={fieldState.error?.message} />
            )}
          />
          <NumberField
            control={form.control}
            name="quantity_to_produce"
            rules={productionFieldRules.quantityToProduce}
            label="Quantity to Produce"
          />
          {productId && (
            <RequirementsTable
              requirements={requirements}
              quantityValid={typedQuantity !== null}
              loading={stockLoading}
            />
          )}
          {productId && !stockLoading && canMake !== null && (
            <Text size="sm" c="dimmed">
              {canMake === 0
                ? 'The materials in stock are not enough for even one.'
                : `The materials in stock are enough for up to ${canMake}.`}
            </Text>
          )}
          {productId && !stockLoading && canMake !== null && <BottleneckNote productId={productId} />}
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
    </Modal>
  );
}

interface RequirementsTableProps {
  requirements: MaterialRequirement[];
  /** Whether the quantity typed is one the form would start: otherwise nothing is required of it yet. */
  quantityValid: boolean;
  loading: boolean;
}

function RequirementsTable({ requirements, quantityValid, loading }: RequirementsTableProps) {
  if (loading)
    return (
      <Text size="sm" c="dimmed">
        Checking material stock…
      </Text>
    );
  if (requirements.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This product has no bill of materials, so production uses no raw materials.
      </Text>
    );
  }
  return (
    <Table withTableBorder verticalSpacing="xs" aria-label="Required materials">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Material</Table.Th>
          <Table.Th ta="right">Required</Table.Th>
          <Table.Th ta="right">Available</Table.Th>
          <Table.Th w={40}>
            <VisuallyHidden>Enough?</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {requirements.map((requirement) => (
          <Table.Tr key={requirement.materialId} c={quantityValid && requirement.short ? 'red.7' : undefined}>
            <Table.Td>{materialWithUnit(requirement.materialName, requirement.unit)}</Table.Td>
            <Table.Td ta="right">{quantityValid ? formatQuantity(requirement.required) : '—'}</Table.Td>
            <Table.Td ta="right">{formatQuantity(requirement.available)}</Table.Td>
            <Table.Td>
              {!quantityValid ? null : requirement.short ? (
                <IconAlertTriangle size={18} aria-label="Short" />
              ) : (
                <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-label="Enough" />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
