import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/submit-button';
import { FormError } from '@/components/form-error';
import { resetPasswordSchema, signInSchema, useSendPasswordReset, useSignIn, type SignInInput } from '../api/sign-in';
import { useWorkspaceHasData } from '../api/workspace-has-data';

interface SignInModalProps {
  opened: boolean;
  onClose: () => void;
  /** Whether the workspace open now is anonymous (signing in leaves it behind). */
  anonymous: boolean;
}

export function SignInModal({ opened, onClose, anonymous }: SignInModalProps) {
  const signIn = useSignIn({
    onSuccess: (email) => notifications.show({ color: 'green', message: `Signed in as ${email}.` }),
  });
  const sendPasswordReset = useSendPasswordReset();
  const hasData = useWorkspaceHasData();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset();
    signIn.reset();
    sendPasswordReset.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) => signIn.mutate(input, { onSuccess: close }));

  const forgotPassword = () => {
    const parsed = resetPasswordSchema.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      form.setError('email', { message: 'Enter your email, then ask for a new password.' });
      return;
    }
    form.clearErrors('email');
    sendPasswordReset.mutate(parsed.data.email, {
      onSuccess: (email) =>
        notifications.show({
          color: 'green',
          message: `If ${email} has a saved workspace, a link to open it is on its way. Then set a new password in Settings.`,
        }),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Sign in to your workspace">
      <form onSubmit={submit} noValidate>
        <Stack>
          {anonymous && hasData.data && (
            <Alert color="orange" icon={<IconAlertTriangle />}>
              What you added in this browser stays in its unsaved workspace, which you leave by signing in. Save it
              first if you need it.
            </Alert>
          )}
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
            autoComplete="current-password"
            withAsterisk
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormError error={signIn.error ?? sendPasswordReset.error} />
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={forgotPassword}>
              Forgot your password?
            </Anchor>
            <Group>
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <SubmitButton form={form} pending={signIn.isPending}>
                Sign In
              </SubmitButton>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
