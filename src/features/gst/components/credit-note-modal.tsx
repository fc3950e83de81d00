import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/form-error';
import { AlertTitle } from '@/components/alert-title';
import { LoadError } from '@/components/load-error';
import { formatQuantity, formatRupees } from '@/lib/format';
import { readTypedNumber } from '@/lib/form-fields';
import { useCreateCreditNote, useInvoice, type CreditLine, type Invoice } from '../api/invoices';

type Mode = 'quantity' | 'amount';

/** What a line has left to credit: its units and its total (GST included). */
function leftOf(line: Invoice['lines'][number]) {
  return {
    quantity: Number(line.quantity) - Number(line.credited_quantity),
    total: Math.round((Number(line.total) - Number(line.credited_total)) * 100) / 100,
  };
}

/** What is wrong with one line's entry, in create_credit_note's words, or null. */
function entryProblem(mode: Mode, text: string, line: Invoice['lines'][number]): string | null {
  if (text.trim() === '') return null;
  const typed = readTypedNumber(text);
  const left = leftOf(line);
  if (mode === 'quantity') {
    if (typed === null || typed.decimals > 0 || typed.value < 1) return 'Quantity must be a whole number from 1.';
    if (typed.value > left.quantity) return `Only ${formatQuantity(left.quantity)} can still be credited.`;
  } else {
    if (typed === null || typed.decimals > 2 || typed.value <= 0)
      return 'Amount must be more than 0, in rupees and paise.';
    if (typed.value > left.total) return `At most ${formatRupees(left.total)} can still be credited.`;
  }
  return null;
}

function CreditNoteForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const create = useCreateCreditNote();
  const [mode, setMode] = useState<Mode>('quantity');
  const [entries, setEntries] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);

  const problems = invoice.lines.map((line) => entryProblem(mode, entries[line.invoice_line_id] ?? '', line));
  const lines: CreditLine[] = invoice.lines.flatMap((line) => {
    const text = (entries[line.invoice_line_id] ?? '').trim();
    if (text === '') return [];
    const value = readTypedNumber(text)?.value ?? Number.NaN;
    return [
      mode === 'quantity'
        ? { invoice_line_id: line.invoice_line_id, quantity: value }
        : { invoice_line_id: line.invoice_line_id, amount: value },
    ];
  });
  const nothingChosen = lines.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nothingChosen || problems.some((problem) => problem !== null)) return;
    create.mutate(
      { invoice_id: invoice.invoice_id, lines, reason: reason.trim() },
      {
        onSuccess: (note) => {
          notifications.show({
            color: 'green',
            message: `Credit note ${note.note_number} created: ${formatRupees(note.total)}.`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SegmentedControl
          aria-label="Credit by"
          data={[
            { value: 'quantity', label: 'Units returned' },
            { value: 'amount', label: 'Price correction' },
          ]}
          value={mode}
          onChange={(value) => {
            setMode(value as Mode);
            setEntries({});
          }}
        />
        {/* Scrolls sideways on a phone; focusable, so a keyboard can scroll it too. */}
        <Box tabIndex={0} role="region" aria-label="Invoice lines to credit" style={{ overflowX: 'auto' }}>
          <Table miw={320}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th ta="right">Left to credit</Table.Th>
                <Table.Th>{mode === 'quantity' ? 'Units' : 'Amount incl. GST'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line, index) => {
                const left = leftOf(line);
                return (
                  <Table.Tr key={line.invoice_line_id}>
                    <Table.Td>
                      {line.description}
                      <Text size="xs" c="dimmed">
                        GST {Number(line.gst_rate)}% · {formatQuantity(line.quantity)} for {formatRupees(line.total)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {formatQuantity(left.quantity)} · {formatRupees(left.total)}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`${mode === 'quantity' ? 'Units' : 'Amount'} to credit for ${line.description}`}
                        inputMode={mode === 'quantity' ? 'numeric' : 'decimal'}
                        leftSection={mode === 'amount' ? '₹' : undefined}
                        autoComplete="off"
                        w={mode === 'quantity' ? 80 : 120}
                        disabled={left.total <= 0}
                        value={entries[line.invoice_line_id] ?? ''}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setEntries((current) => ({ ...current, [line.invoice_line_id]: value }));
                        }}
                        error={problems[index]}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
        <TextInput
          label="Reason"
          placeholder="Returned, damaged in transit, price agreed…"
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {tried && nothingChosen && (
          <Alert color="red" title={<AlertTitle>Nothing to credit</AlertTitle>}>
            Enter the units returned or the amount to credit on at least one line.
          </Alert>
        )}
        <FormError error={create.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create credit note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Credit note: against one invoice, for units that came back or a price correction; its own series. */
export function CreditNoteModal({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const invoice = useInvoice(invoiceId);
  return (
    <Modal
      opened
      onClose={onClose}
      title={invoice.data ? `Credit note for ${invoice.data.invoice_number}` : 'Credit note'}
      size="lg"
    >
      {invoice.isError ? (
        <LoadError what="the invoice" error={invoice.error} onRetry={() => void invoice.refetch()} />
      ) : !invoice.data ? (
        <Center py="xl">
          <Loader aria-label="Loading the invoice" />
        </Center>
      ) : (
        <CreditNoteForm invoice={invoice.data} onClose={onClose} />
      )}
    </Modal>
  );
}
