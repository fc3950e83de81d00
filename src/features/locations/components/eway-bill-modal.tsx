import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { FormError, showOnField } from '@/components/form-error';
import { NumberField, TextField } from '@/components/form-inputs';
import { SubmitButton } from '@/components/submit-button';
import { downloadFile } from '@/lib/csv';
import { ewayBillFieldRules, ewayBillSchema, type EwayBillForm, type EwayBillInput } from '../api/eway-bill-fields';
import { useEwayBillJson, type ChallanListRow } from '../api/locations';

/** The e-way bill JSON of one challan, with the transport the portal's Part B asks for. */
export function EwayBillModal({ challan, onClose }: { challan: ChallanListRow; onClose: () => void }) {
  const write = useEwayBillJson();
  const form = useForm<EwayBillForm, unknown, EwayBillInput>({
    resolver: zodResolver(ewayBillSchema),
    defaultValues: { distance_km: '', vehicle_number: '' },
  });
  const busy = form.formState.isSubmitting || write.isPending;
  const close = () => {
    if (!busy) onClose();
  };
  const submit = form.handleSubmit(async (input) => {
    const file = await write.mutateAsync({ challanId: challan.id, input }).catch((error: Error) => {
      showOnField(form, error);
      return null;
    });
    if (file === null) return;
    downloadFile(`e-way-bill-${challan.challan_number.replaceAll('/', '-')}.json`, file, 'application/json');
    notifications.show({
      color: 'green',
      message: `Saved the e-way bill JSON of ${challan.challan_number}: upload it on the e-way bill portal (Generate Bulk).`,
    });
    onClose();
  });

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      closeButtonProps={{ 'aria-label': 'Close', disabled: busy }}
      title={`E-way bill JSON: ${challan.challan_number}`}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            By road. For rail, air or ship, fill Part B on the e-way bill portal instead.
          </Text>
          <NumberField
            control={form.control}
            name="distance_km"
            rules={ewayBillFieldRules.distanceKm}
            label="Distance (km)"
            description="From 1 to 4000 km"
            data-autofocus
          />
          <TextField
            control={form.control}
            name="vehicle_number"
            rules={ewayBillFieldRules.vehicleNumber}
            label="Vehicle number"
            placeholder="e.g. MH12AB1234"
          />
          <FormError error={write.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <SubmitButton form={form} pending={write.isPending} leftSection={<IconDownload size={18} />}>
              Download JSON
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
