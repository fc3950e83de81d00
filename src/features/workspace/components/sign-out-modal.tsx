import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormError } from '@/components/form-error';
import { useSignOut } from '../api/sign-out';

interface SignOutModalProps {
  opened: boolean;
  onClose: () => void;
  email: string;
}

/** Says what signing out does before doing it: this browser gets a new, empty workspace. */
export function SignOutModal({ opened, onClose, email }: SignOutModalProps) {
  const signOut = useSignOut({
    onSuccess: () =>
      notifications.show({
        message: `Signed out. This browser now has a new, empty workspace; sign in with ${email} to open yours.`,
      }),
  });

  const close = () => {
    signOut.reset();
    onClose();
  };

  const confirm = () => signOut.mutate(undefined, { onSuccess: close });

  return (
    <Modal opened={opened} onClose={close} title="Sign out?">
      <Stack>
        <Text size="sm">
          This browser will open a new, empty workspace. Your saved workspace stays safe: sign in with{' '}
          <strong>{email}</strong> and your password to open it again, here or on any device.
        </Text>
        <FormError error={signOut.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red.9" onClick={confirm} loading={signOut.isPending}>
            Sign Out
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
