import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { LoadError } from '@/components/load-error';
import { formatDateTime } from '@/lib/format';
import {
  signingSecretSchema,
  useCreateWebsiteWebhook,
  useSetWebsiteWebhookSecret,
  useWebsiteWebhook,
  websiteWebhookUrl,
  type NewWebsiteWebhook,
  type SigningSecretForm,
} from '../api/website-webhook';

/** A read-only value with a Copy button beside it. */
function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`Copy ${label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/** The Shopify signing key, pasted by the owner (Shopify makes it; FactoryFlow cannot). */
function PasteSecretForm() {
  const setSecret = useSetWebsiteWebhookSecret();
  const form = useForm<SigningSecretForm>({
    resolver: zodResolver(signingSecretSchema),
    defaultValues: { signing_secret: '' },
  });
  const submit = form.handleSubmit((input) =>
    setSecret.mutate(input, {
      onSuccess: () => {
        form.reset();
        notifications.show({ color: 'green', message: 'Signing secret saved. Orders must now be signed with it.' });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Paste the Shopify signing secret">
      <Stack gap="xs">
        <PasswordInput
          {...form.register('signing_secret')}
          label="Shopify signing secret"
          description="Shopify shows it under its webhooks: “Your webhooks will be signed with …”."
          autoComplete="off"
          error={form.formState.errors.signing_secret?.message}
        />
        <FormError error={setSecret.error} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={setSecret.isPending}>
            Save secret
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → Website orders: the URL and secret the owner's Shopify or WooCommerce shop posts new
 * orders with. The secret is shown once, when it is made; the app can never read it back.
 */
export function WebsiteOrdersSettings() {
  const webhook = useWebsiteWebhook();
  const create = useCreateWebsiteWebhook();
  const [created, setCreated] = useState<NewWebsiteWebhook | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);

  const makeWebhook = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setCreated(made);
        confirm.close();
      },
    });

  return (
    <Paper withBorder p="md" maw={640} mt="md" component="section" aria-labelledby="website-orders-title">
      <Title order={3} size="h4" mb="xs" id="website-orders-title">
        Website orders
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Orders placed on your own Shopify or WooCommerce shop become Brand Website sales here, and stock follows. Lines
        FactoryFlow cannot sell (unknown SKU, not enough stock) are listed at the top of Channels.
      </Text>
      {webhook.isPending ? (
        <Skeleton h={36} />
      ) : webhook.isError ? (
        <LoadError what="the webhook" error={webhook.error} onRetry={() => void webhook.refetch()} />
      ) : !webhook.data ? (
        <Stack align="flex-start">
          <FormError error={create.error} />
          <Button leftSection={<IconKey size={16} />} loading={create.isPending} onClick={makeWebhook}>
            Create webhook URL
          </Button>
        </Stack>
      ) : (
        <Stack>
          <CopyField label="Webhook URL" value={websiteWebhookUrl(webhook.data.endpoint_token)} />
          {created && created.endpoint_token === webhook.data.endpoint_token ? (
            <Alert
              color="yellow"
              icon={<IconKey />}
              // The text colour: Mantine's light-variant title colours are under WCAG AA contrast.
              title={
                <Text span inherit c="var(--mantine-color-text)">
                  Copy the secret now: it is not shown again
                </Text>
              }
            >
              <CopyField label="Signing secret" value={created.signing_secret} />
            </Alert>
          ) : (
            <Text size="sm">
              Signing secret: {webhook.data.secret_source === 'pasted' ? 'pasted from Shopify' : 'made by FactoryFlow'},
              set {formatDateTime(webhook.data.secret_changed_at)}. It is never shown again.
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Shopify
            </Text>
            <Text size="sm">
              Settings → Notifications → Webhooks → Create webhook: event Order creation, format JSON, URL above.
            </Text>
            <Text size="sm">Then paste the key Shopify signs webhooks with below.</Text>
            <Text size="sm" fw={600} mt="xs">
              WooCommerce
            </Text>
            <Text size="sm">
              WooCommerce → Settings → Advanced → Webhooks → Add webhook: topic Order created, delivery URL above.
            </Text>
            <Text size="sm">Secret: the signing secret shown when you created or rotated the URL.</Text>
          </Stack>
          <PasteSecretForm />
          <Group>
            <Button variant="default" onClick={confirm.open}>
              Rotate URL and secret
            </Button>
          </Group>
        </Stack>
      )}
      <Modal opened={confirmOpened} onClose={confirm.close} title="Rotate the webhook URL and secret?">
        <Stack>
          <Text size="sm">
            The current URL and secret stop working at once: orders reach FactoryFlow again once your shop has the new
            ones.
          </Text>
          <FormError error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Keep the current ones
            </Button>
            <Button color="red.9" loading={create.isPending} onClick={makeWebhook}>
              Rotate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
