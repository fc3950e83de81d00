import { zodResolver } from '@hookform/resolvers/zod';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { planningFieldRules as rules } from '@/lib/form-fields';
import {
  DEFAULT_PLANNING_DAYS,
  planningFormDefaults,
  planningFormSchema,
  useProductPlanningDays,
  useSetProductPlanning,
  type PlanningForm,
  type PlanningInput,
  type ProductPlanningDays,
} from '../api/product-planning';

/**
 * In a product's drawer: the lead time and safety days its suggested reorder point (Inventory's Days
 * Left) and a production plan's dates use. Empty fields take the default of 7 days.
 */
export function ProductPlanningForm({ productId, productName }: { productId: string; productName: string }) {
  const days = useProductPlanningDays(productId);
  if (days.isError) return <Text c="red.7">Could not load this product's planning. Close and open it again.</Text>;
  // Not editable before the saved days arrive: what was typed meanwhile would be replaced by them.
  if (!days.data) return null;
  return <PlanningFields productId={productId} productName={productName} saved={days.data} />;
}

function PlanningFields({
  productId,
  productName,
  saved,
}: {
  productId: string;
  productName: string;
  saved: ProductPlanningDays;
}) {
  const save = useSetProductPlanning(productId);
  const form = useForm<PlanningForm, unknown, PlanningInput>({
    resolver: zodResolver(planningFormSchema),
    defaultValues: planningFormDefaults(saved),
  });
  // Saved days changed elsewhere (another tab): shown, leaving what the owner is typing alone.
  useEffect(() => form.reset(planningFormDefaults(saved), { keepDirtyValues: true }), [form, saved]);

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => notifications.show({ color: 'green', message: `${productName}: planning saved.` }),
      onError: (error) => showOnField(form, error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Planning">
      <Stack gap="xs">
        <Text fw={500}>Planning</Text>
        <SimpleGrid cols={2} spacing="xs">
          <NumberField
            control={form.control}
            name="lead_time_days"
            rules={rules.leadTimeDays}
            label="Lead time (days)"
            placeholder={String(DEFAULT_PLANNING_DAYS)}
          />
          <NumberField
            control={form.control}
            name="safety_days"
            rules={rules.safetyDays}
            label="Safety days"
            placeholder={String(DEFAULT_PLANNING_DAYS)}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Lead time: the days a run of this product takes (for one you buy in, the days buying it takes). The suggested
          reorder point is what sells over the lead time plus the safety days; empty takes {DEFAULT_PLANNING_DAYS} days.
        </Text>
        <FormError error={save.error} />
        <Group justify="flex-end">
          <SubmitButton form={form} pending={save.isPending} size="xs">
            Save planning
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
