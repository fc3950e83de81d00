import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { saveWorkspaceSchema, useSaveWorkspace, type SaveWorkspaceInput } from '../api/save-workspace';
import { MIN_PASSWORD_LENGTH } from '../api/credentials';

interface SaveWorkspaceModalProps {
  opened: boolean;
  onClose: () => void;
}

export function SaveWorkspaceModal({ opened, onClose }: SaveWorkspaceModalProps) {
  const saveWorkspace = useSaveWorkspace();
  const form = useForm<SaveWorkspaceInput>({
    resolver: zodResolver(saveWorkspaceSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset();
    saveWorkspace.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    saveWorkspace.mutate(input, {
      onSuccess: (email) => {
        notifications.show({
          color: 'green',
          message: `Workspace saved. Sign in with ${email} to open it on any device.`,
        });
        close();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Save your workspace">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Add an email and a password to this workspace. Everything in it stays as it is, and you can open it on any
            device, or here again if this browser&apos;s data is cleared.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            data-autofocus
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            autoComplete="new-password"
            withAsterisk
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormError error={saveWorkspace.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={saveWorkspace.isPending}>
              Save Workspace
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
