import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The forms on screen that hold typed input not yet saved. */
const formsWithChanges = new Set<symbol>();

/** Whether leaving now would drop something typed into a form. */
export const hasUnsavedChanges = () => formsWithChanges.size > 0;

/** Marks this form as holding typed input while `dirty` (and until it closes). */
export function useUnsavedChanges(dirty: boolean): void {
  const [form] = useState(() => Symbol('form'));
  useEffect(() => {
    if (!dirty) return;
    formsWithChanges.add(form);
    return () => {
      formsWithChanges.delete(form);
    };
  }, [form, dirty]);
}

interface DiscardChangesModalProps {
  opened: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}

/** Asks before typed input is dropped (closing a form, Back, another screen). */
export function DiscardChangesModal({ opened, onKeep, onDiscard }: DiscardChangesModalProps) {
  return (
    // Above the form's own modal, which stays open behind it.
    <Modal opened={opened} onClose={onKeep} title="Discard your changes?" zIndex={400} size="sm">
      <Stack>
        <Text size="sm">What you typed in this form has not been saved. Leaving drops it.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep} data-autofocus>
            Keep editing
          </Button>
          <Button color="red" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A form's close that asks first when it holds typed input: `requestClose` for the modal's X, Escape and
 * a click outside (Cancel is a choice already, so it closes), and `confirm` to render beside the form.
 */
export function useGuardedClose(dirty: boolean, close: () => void) {
  useUnsavedChanges(dirty);
  const [asking, setAsking] = useState(false);
  // Asked once the closing key's event is over: Mantine's modals close on Escape from a window
  // listener, and the question opened within the same event would take that Escape as its answer.
  const requestClose = () => (dirty ? setTimeout(() => setAsking(true)) : close());
  const confirm = (
    <DiscardChangesModal
      opened={asking}
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        close();
      }}
    />
  );
  return { requestClose, confirm };
}
