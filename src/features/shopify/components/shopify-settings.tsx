import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { LoadError } from '@/components/load-error';
import { formatDateTime } from '@/lib/format';
import {
  shopifyConnectionDefaults,
  shopifyConnectionSchema,
  usePushStock,
  useRemoveShopifyConnection,
  useSaveShopifyConnection,
  useShopifyConnection,
  type PushSummary,
  type ShopifyConnection,
  type ShopifyConnectionForm,
  type ShopifyConnectionInput,
} from '../api/shopify-connection';

/** What a push did, in words: counts first, then each SKU Shopify lacks or refused. */
export function PushSummaryView({ summary }: { summary: PushSummary }) {
  const ok = summary.errors.length === 0 && summary.not_found_skus.length === 0;
  return (
    <Alert
      color={ok ? 'green' : 'yellow'}
      title={
        <Text span inherit c="var(--mantine-color-text)">
          {summary.updated === 1 ? '1 SKU updated on Shopify' : `${summary.updated} SKUs updated on Shopify`}
        </Text>
      }
      aria-live="polite"
    >
      <Stack gap={4}>
        {summary.not_found_skus.length > 0 && (
          <Text size="sm">Not on Shopify (no variant has this SKU): {summary.not_found_skus.join(', ')}</Text>
        )}
        {summary.errors.length > 0 && (
          <List size="sm">
            {summary.errors.map((error, index) => (
              <List.Item key={index}>
                {error.skus.length > 0 ? `${error.skus.join(', ')}: ` : ''}
                {error.message}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

function ConnectionForm({ saved }: { saved: ShopifyConnection | null }) {
  const save = useSaveShopifyConnection();
  const form = useForm<ShopifyConnectionForm, unknown, ShopifyConnectionInput>({
    resolver: zodResolver(shopifyConnectionSchema(saved !== null)),
    defaultValues: shopifyConnectionDefaults(saved),
  });
  // The saved shop and location again after a save or another tab's change; never a token.
  useEffect(() => form.reset(shopifyConnectionDefaults(saved)), [form, saved]);

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Shopify connection saved.' }),
      onError: (error) => showOnField(form, error),
    }),
  );
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label="Shopify connection">
      <Stack gap="xs">
        <TextInput
          {...form.register('shop_domain')}
          label="Shop domain"
          placeholder="my-shop.myshopify.com"
          autoComplete="off"
          error={errors.shop_domain?.message}
        />
        <PasswordInput
          {...form.register('access_token')}
          label="Admin API access token"
          description={
            saved ? 'Leave blank to keep the saved token.' : 'From your shop\u2019s custom app (starts with shpat_).'
          }
          autoComplete="off"
          error={errors.access_token?.message}
        />
        <TextInput
          {...form.register('location_id')}
          label="Location id (optional)"
          description="Blank: your shop's primary location."
          autoComplete="off"
          error={errors.location_id?.message}
        />
        <FormError error={save.error} form={form} />
        <Group justify="flex-end">
          <Button type="submit" variant={saved ? 'default' : 'filled'} loading={save.isPending}>
            {saved ? 'Save changes' : 'Connect Shopify'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → Shopify (issue 34, optional): the owner's shop and Admin API token, and Push stock now,
 * which sets the shop's inventory to the Brand Website's available to sell by SKU (or alias). The
 * token can be set, replaced and removed, never read back.
 */
export function ShopifySettings() {
  const connection = useShopifyConnection();
  const remove = useRemoveShopifyConnection();
  const pushStock = usePushStock();
  const saved = connection.data ?? null;

  return (
    <Paper withBorder p="md" maw={640} mt="md" component="section" aria-labelledby="shopify-title">
      <Title order={3} size="h4" mb="xs" id="shopify-title">
        Shopify
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Push what you can sell on your website (Brand Website's available to sell, by SKU or its Brand Website alias) to
        your Shopify shop's inventory.
      </Text>
      {connection.isPending ? (
        <Skeleton h={36} />
      ) : connection.isError ? (
        <LoadError what="the Shopify connection" error={connection.error} onRetry={() => void connection.refetch()} />
      ) : (
        <Stack>
          {saved && (
            <Text size="sm">
              Connected to {saved.shop_domain}. Token set on {formatDateTime(saved.token_set_at)}, ends …
              {saved.token_last4}.
            </Text>
          )}
          <ConnectionForm saved={saved} />
          {saved && (
            <Stack gap="xs">
              <Group>
                <Button
                  leftSection={<IconBuildingStore size={16} />}
                  loading={pushStock.isPending}
                  onClick={() => pushStock.mutate()}
                >
                  Push stock now
                </Button>
                <Button
                  variant="default"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(undefined, { onSuccess: () => pushStock.reset() })}
                >
                  Remove connection
                </Button>
              </Group>
              <FormError error={pushStock.error ?? remove.error} />
              {pushStock.data && <PushSummaryView summary={pushStock.data} />}
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}
