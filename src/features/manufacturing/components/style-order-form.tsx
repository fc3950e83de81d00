import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { NumberTextInput } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { styleGrid } from '@/features/catalogue/api/style-grid';
import { useStyles, type Style } from '@/features/catalogue/api/styles';
import { skuPart } from '@/features/catalogue/api/style-variants';
import { formatQuantity } from '@/lib/format';
import { validNumber } from '@/lib/form-fields';
import {
  batchQuantityRules,
  newStyleBatchDefaults,
  styleBatchSchema,
  useProductsBom,
  useStartProductionBatch,
  type StyleBatchForm,
} from '../api/start-production-batch';
import { batchBom, materialRequirements, type ProductionRun } from '../utils/material-requirements';
import { useReportDirty, type OrderFormProps } from './order-form';
import { NOT_ENOUGH_MATERIALS, RequirementsTable } from './requirements-table';

/**
 * A batch of one style: a quantity for each size and colour ("10 S, 20 M, 20 L, 10 XL"), the
 * materials the whole batch needs against those in stock, and one Start Production for every run
 * (start_production_batch: all or nothing).
 */
export function StyleOrderForm({ onClose, onDirtyChange }: OrderFormProps) {
  const styles = useStyles();
  const startBatch = useStartProductionBatch();
  const form = useForm<StyleBatchForm, unknown, ProductionRun[]>({
    resolver: zodResolver(styleBatchSchema),
    defaultValues: newStyleBatchDefaults,
    mode: 'onChange',
  });
  const [styleId, quantities] = useWatch({ control: form.control, name: ['style_id', 'quantities'] });
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const style = styles.data?.rows.find((candidate) => candidate.style_id === styleId);
  const variants = style?.variants.filter((variant) => variant.archived_at === null) ?? [];
  const bom = useProductsBom(
    style ? `${style.style_id}:${variants.length}` : null,
    variants.map((variant) => variant.product_id),
  );

  // The runs as typed so far; null where a field holds no quantity the form would start.
  const typed = variants.map((variant) => ({
    product_id: variant.product_id,
    quantity_to_produce: validNumber(quantities[variant.product_id] ?? '', batchQuantityRules),
  }));
  const quantitiesValid = typed.every((run) => run.quantity_to_produce !== null);
  const runs = typed.filter((run): run is ProductionRun => (run.quantity_to_produce ?? 0) > 0);
  const pieces = runs.reduce((sum, run) => sum + run.quantity_to_produce, 0);
  const requirements = materialRequirements(batchBom(bom.data?.lines ?? [], runs), bom.data?.materials ?? [], 1);
  const short = quantitiesValid && requirements.some((requirement) => requirement.short);
  const stockLoading = style !== undefined && bom.isPending;
  // The list's own error ('at least one variant'); the record's keys are product ids, so read it by hand.
  const quantitiesError = (form.formState.errors.quantities as { message?: string } | undefined)?.message;

  const close = () => {
    form.reset();
    startBatch.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    startBatch.mutate(input, {
      onSuccess: (orderIds) => {
        notifications.show({
          color: 'green',
          message: `Production of ${formatQuantity(pieces)} × ${style!.style_name} started (${orderIds.length} ${orderIds.length === 1 ? 'order' : 'orders'}).`,
        });
        close();
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Controller
          control={form.control}
          name="style_id"
          render={({ field, fieldState }) => (
            <Select
              {...field}
              onChange={(value) => {
                field.onChange(value);
                // Quantities belong to the variants of the style they were typed for.
                form.setValue('quantities', {});
              }}
              label="Style"
              placeholder="Choose a style"
              withAsterisk
              searchable
              data-autofocus
              data={(styles.data?.rows ?? []).map((option) => ({
                value: option.style_id,
                // The prefix as its variants' SKUs show it.
                label: `${option.style_name} (${skuPart(option.sku_prefix)})`,
              }))}
              nothingFoundMessage="No style matches"
              error={fieldState.error?.message}
            />
          )}
        />
        {style && <QuantityGrid style={style} form={form} />}
        {style && (
          <Text size="sm" aria-live="polite">
            {pieces === 0
              ? 'Enter how many of each size and colour to make.'
              : `${formatQuantity(pieces)} pieces in ${runs.length} ${runs.length === 1 ? 'order' : 'orders'}.`}
          </Text>
        )}
        {quantitiesError && (
          <Text c="red.7" size="sm" role="alert">
            {quantitiesError}
          </Text>
        )}
        {style && (
          <RequirementsTable
            requirements={requirements}
            quantityValid={quantitiesValid}
            loading={stockLoading}
            emptyText="This style has no bill of materials, so production uses no raw materials."
          />
        )}
        {short && (
          <Text c="red.7" size="sm" fw={500}>
            {NOT_ENOUGH_MATERIALS}
          </Text>
        )}
        <FormError error={startBatch.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <SubmitButton
            form={form}
            pending={startBatch.isPending}
            disabled={short || stockLoading || !quantitiesValid || runs.length === 0}
          >
            Start Production
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

interface QuantityGridProps {
  style: Style;
  form: ReturnType<typeof useForm<StyleBatchForm, unknown, ProductionRun[]>>;
}

/** A quantity field for each variant, laid out as the stock grid: sizes down, colours across. */
function QuantityGrid({ style, form }: QuantityGridProps) {
  const grid = styleGrid(style);
  const oneOption = style.options.length === 1;
  return (
    <ScrollArea type="auto">
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing={4}
        horizontalSpacing={6}
        aria-label={`Quantities of ${style.style_name}`}
        style={{ width: 'auto' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{oneOption ? '' : style.options[0]!.name}</Table.Th>
            {grid.columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.rows.map((row, rowIndex) => (
            <Table.Tr key={row}>
              <Table.Th scope="row">{oneOption ? 'Quantity' : row}</Table.Th>
              {grid.cells[rowIndex]!.map((variant, columnIndex) => (
                <Table.Td key={columnIndex}>
                  {variant === null || variant.archived_at !== null ? (
                    <Text span c="dimmed" size="sm">
                      —
                    </Text>
                  ) : (
                    <Controller
                      control={form.control}
                      name={`quantities.${variant.product_id}`}
                      render={({ field, fieldState }) => (
                        <NumberTextInput
                          {...field}
                          value={field.value ?? ''}
                          rules={batchQuantityRules}
                          aria-label={`Quantity of ${variant.option_values.join(' / ')}`}
                          title={variant.sku}
                          error={fieldState.error?.message}
                          size="xs"
                          w={72}
                        />
                      )}
                    />
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
