import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormError } from '@/components/form-error';
import { NumberField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { Constants } from '@/lib/database.types';
import { formatQuantity } from '@/lib/format';
import {
  bufferFormSchema,
  noBuffer,
  useChannelBuffers,
  useSetChannelBuffer,
  type BufferForm,
  type BufferInput,
  type ChannelBuffer,
} from '../api/channel-settings';
import { bufferFieldRules } from '../api/field-rules';
import type { SalesPlatform } from '../lib/stock-files';

const platforms = Constants.public.Enums.sales_platform;

/**
 * Channels → Buffers (issue 34): per platform, the stock held back from what its stock file says,
 * so a sale on another channel before the next upload does not oversell there.
 */
export function ChannelSettings() {
  const buffers = useChannelBuffers();
  return (
    <Paper withBorder p="md" maw={640} mt="md" component="section" aria-labelledby="channels-title">
      <Title order={3} size="h4" mb="xs" id="channels-title">
        Buffers
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A buffer holds stock back from what a marketplace is told (Stock sync, above): these units, plus this percent of
        the rest, rounded up. Without one, a platform is told everything available.
      </Text>
      {buffers.isError && <Text c="red.7">Could not load the buffers. {buffers.error.message}</Text>}
      {/* The form waits for the saved buffers: filled in before they arrive, it would be reset under the typing. */}
      {buffers.isPending ? (
        <Text c="dimmed" aria-busy="true">
          Loading…
        </Text>
      ) : (
        buffers.data && <ChannelBufferForm saved={buffers.data} />
      )}
    </Paper>
  );
}

function ChannelBufferForm({ saved }: { saved: Map<SalesPlatform, ChannelBuffer> }) {
  const save = useSetChannelBuffer();
  const form = useForm<BufferForm, unknown, BufferInput>({
    resolver: zodResolver(bufferFormSchema),
    defaultValues: saved.get('Amazon') ?? noBuffer('Amazon'),
  });
  const platform = useWatch({ control: form.control, name: 'platform' });

  // The chosen platform's saved buffer in the form (again when it changes).
  useEffect(() => {
    form.reset(saved.get(platform) ?? noBuffer(platform));
  }, [form, platform, saved]);

  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => notifications.show({ color: 'green', message: `${input.platform} buffer saved.` }),
    }),
  );

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Channel buffer">
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Controller
              control={form.control}
              name="platform"
              render={({ field, fieldState }) => (
                <Select
                  label="Platform"
                  data={platforms}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                  {...field}
                />
              )}
            />
            <NumberField
              control={form.control}
              name="buffer_units"
              rules={bufferFieldRules.units}
              label="Buffer units"
            />
            <NumberField
              control={form.control}
              name="buffer_percent"
              rules={bufferFieldRules.percent}
              label="Buffer percent"
              rightSection="%"
            />
          </SimpleGrid>
          <FormError error={save.error} form={form} />
          <Group justify="flex-end">
            <SubmitButton form={form} pending={save.isPending}>
              Save buffer
            </SubmitButton>
          </Group>
        </Stack>
      </form>
      {saved.size > 0 && (
        <Table mt="md" aria-label="Buffers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Platform</Table.Th>
              <Table.Th ta="right">Units</Table.Th>
              <Table.Th ta="right">Percent</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...saved.values()].map((buffer) => (
              <Table.Tr key={buffer.platform}>
                <Table.Td>{buffer.platform}</Table.Td>
                <Table.Td ta="right">{formatQuantity(buffer.buffer_units)}</Table.Td>
                <Table.Td ta="right">{formatQuantity(buffer.buffer_percent)}%</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
