import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useRestoreWorkspace, type RestoredRows } from '../api/restore-workspace';

/** What the success message counts: the rows an owner recognises, by table. */
const countedTables = [
  ['products', 'product', 'products'],
  ['raw_materials', 'material', 'materials'],
  ['sales_orders', 'sales order', 'sales orders'],
  ['invoices', 'invoice', 'invoices'],
] as const;

function restoredSummary(rows: RestoredRows): string {
  const counted = countedTables.map(([table, one, many]) => {
    const n = rows[table] ?? 0;
    return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
  });
  return `Restored ${counted.join(', ')} and everything else in the file.`;
}

/** Settings, Your data: a backup file taken into this workspace, once chosen and confirmed. */
export function RestoreBackup() {
  const [file, setFile] = useState<File | null>(null);
  const restore = useRestoreWorkspace();
  const phone = useMediaQuery('(max-width: 36em)');

  function close() {
    setFile(null);
    restore.reset();
  }

  async function confirm() {
    const rows = await restore.mutateAsync(file!).catch(() => null);
    if (!rows) return;
    notifications.show({ color: 'teal', title: 'Backup restored', message: restoredSummary(rows) });
    close();
  }

  return (
    <div>
      <Text size="sm" mb="xs">
        Restore a file from Download all my data into this workspace. It must be empty, such as a new one.
      </Text>
      <FileButton onChange={setFile} accept=".json,application/json">
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconRestore size={18} />}>
            Restore from a backup
          </Button>
        )}
      </FileButton>
      <Modal opened={file !== null} onClose={close} title="Restore from a backup" fullScreen={phone}>
        <Stack>
          <Text size="sm">
            Restore <strong style={{ overflowWrap: 'anywhere' }}>{file?.name}</strong> into this workspace? Every
            product, order, invoice and stock movement in the file is added as it was. Nothing is restored if any part
            of the file is refused.
          </Text>
          {restore.isError && (
            <Alert color="red" title="Nothing was restored">
              {restore.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button loading={restore.isPending} onClick={() => void confirm()}>
              Restore
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}
