import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { changePasswordSchema, useChangePassword, type ChangePasswordInput } from '../api/change-password';
import { MIN_PASSWORD_LENGTH } from '../api/credentials';

interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { password: '' },
  });

  const close = () => {
    form.reset();
    changePassword.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) =>
    changePassword.mutate(input, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: 'Password changed. Other devices are signed out and sign in with the new one.',
        });
        close();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Set a new password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="New password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            autoComplete="new-password"
            withAsterisk
            data-autofocus
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <FormError error={changePassword.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={changePassword.isPending}>
              Save Password
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
