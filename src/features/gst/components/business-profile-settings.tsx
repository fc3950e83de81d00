import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { LoadError } from '@/components/load-error';
import { GstinStateFields } from '@/components/party-fields';
import { SubmitButton } from '@/components/submit-button';
import {
  businessProfileDefaults,
  businessProfileSchema,
  useBusinessProfile,
  useSetBusinessProfile,
  type BusinessProfile,
  type BusinessProfileForm,
  type BusinessProfileInput,
} from '../api/business-profile';

function BusinessProfileFields({ profile }: { profile: BusinessProfile | null }) {
  const save = useSetBusinessProfile();
  const form = useForm<BusinessProfileForm, unknown, BusinessProfileInput>({
    resolver: zodResolver(businessProfileSchema),
    defaultValues: businessProfileDefaults(profile),
    // The GSTIN's check character is checked as it is typed, as the GST network would.
    mode: 'onTouched',
  });
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(businessProfileDefaults(saved));
        notifications.show({ color: 'green', message: 'Business profile saved.' });
      },
      onError: (error) => showOnField(form, error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Business profile">
      <Stack>
        <Controller
          control={form.control}
          name="legal_name"
          render={({ field, fieldState }) => (
            <TextInput {...field} label="Legal name" required error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={form.control}
          name="address"
          render={({ field, fieldState }) => (
            <Textarea {...field} label="Address" required autosize minRows={2} error={fieldState.error?.message} />
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <GstinStateFields form={form} required stateLabel="State" />
          <Controller
            control={form.control}
            name="invoice_prefix"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label="Invoice prefix"
                description="Numbers read prefix/yy-yy/n"
                required
                maxLength={10}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <FormError error={save.error} form={form} />
        <Group justify="flex-end">
          <SubmitButton form={form} pending={save.isPending}>
            Save business profile
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings: the business as its tax invoices and GSTR-1 name it (issue 31). */
export function BusinessProfileSettings() {
  const profile = useBusinessProfile();
  return (
    <Paper withBorder p="md" maw={640} mt="md">
      <Title order={3} size="h4" mb={4}>
        Business profile
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        What your tax invoices and credit notes show as the seller, and the state your sales are taxed from.
      </Text>
      {profile.isPending ? (
        <Skeleton h={220} />
      ) : profile.isError ? (
        <LoadError what="the business profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <BusinessProfileFields profile={profile.data} />
      )}
    </Paper>
  );
}
