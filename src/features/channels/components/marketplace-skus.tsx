import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import {
  aliasFormDefaults,
  aliasFormSchema,
  aliasPlatforms,
  type AliasForm,
  type AliasFormInput,
} from '../api/alias-form';
import { aliasFieldRules } from '../api/field-rules';
import { useProductAliases, useRemoveSkuAlias, useSetSkuAlias, type SkuAlias } from '../api/sku-aliases';

/**
 * A product's names on each marketplace (issue 34): its seller SKU, ASIN, FSN or style id there.
 * An order, return or settlement line with any of them is this product; the stock files list the
 * product under them.
 */
export function MarketplaceSkus({ productId }: { productId: string }) {
  const aliases = useProductAliases(productId);
  const remove = useRemoveSkuAlias();
  const byPlatform = aliasPlatforms
    .map((platform) => ({ platform, aliases: (aliases.data ?? []).filter((alias) => alias.platform === platform) }))
    .filter((group) => group.aliases.length > 0);

  return (
    <Stack gap="xs" component="section" aria-labelledby={`marketplace-skus-${productId}`}>
      <Title order={3} size="h5" id={`marketplace-skus-${productId}`}>
        Marketplace SKUs
      </Title>
      <Text size="sm" c="dimmed">
        The names this product has on each marketplace (seller SKU, ASIN, FSN, style id). Report lines with any of them
        are this product, and stock files list it under them.
      </Text>
      {aliases.isError && <Text c="red.7">Could not load the marketplace SKUs.</Text>}
      {aliases.data && byPlatform.length === 0 && (
        <Text size="sm">None yet: reports must use this product&apos;s own SKU.</Text>
      )}
      {byPlatform.map((group) => (
        <Group key={group.platform} gap="xs" wrap="wrap">
          <Text size="sm" fw={500} miw="7rem">
            {group.platform}
          </Text>
          {group.aliases.map((alias) => (
            <AliasBadge
              key={alias.id}
              alias={alias}
              removing={remove.isPending && remove.variables === alias.id}
              onRemove={() =>
                remove.mutate(alias.id, {
                  onError: (error) => notifications.show({ color: 'red', message: error.message }),
                })
              }
            />
          ))}
        </Group>
      ))}
      <AddAliasForm productId={productId} />
    </Stack>
  );
}

function AliasBadge({ alias, removing, onRemove }: { alias: SkuAlias; removing: boolean; onRemove: () => void }) {
  return (
    <Badge
      variant="light"
      color="gray"
      tt="none"
      size="lg"
      ff="monospace"
      rightSection={
        <ActionIcon
          size="xs"
          variant="transparent"
          color="gray"
          onClick={onRemove}
          loading={removing}
          aria-label={`Remove ${alias.platform} SKU ${alias.alias}`}
        >
          <IconX size={12} />
        </ActionIcon>
      }
    >
      {alias.alias}
    </Badge>
  );
}

function AddAliasForm({ productId }: { productId: string }) {
  const save = useSetSkuAlias();
  const form = useForm<AliasForm, unknown, AliasFormInput>({
    resolver: zodResolver(aliasFormSchema),
    defaultValues: aliasFormDefaults(),
  });
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { product_id: productId, ...input },
      {
        onSuccess: () => form.reset({ platform: input.platform, alias: '' }),
        onError: (error) => showOnField(form, error),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Add a marketplace SKU">
      <Stack gap="xs">
        <Group align="flex-start" gap="xs" wrap="wrap">
          <Controller
            control={form.control}
            name="platform"
            render={({ field, fieldState }) => (
              <Select
                label="Platform"
                data={aliasPlatforms}
                allowDeselect={false}
                w="9rem"
                error={fieldState.error?.message}
                {...field}
              />
            )}
          />
          <TextField
            control={form.control}
            name="alias"
            rules={aliasFieldRules.alias}
            label="Marketplace SKU"
            style={{ flex: 1, minWidth: '10rem' }}
          />
        </Group>
        <FormError error={save.error} form={form} />
        <Group justify="flex-end">
          <SubmitButton form={form} pending={save.isPending} variant="light">
            Add marketplace SKU
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
