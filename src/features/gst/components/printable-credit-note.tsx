import { Group, Stack, Text, Title } from '@mantine/core';
import { documentClasses as classes, Party, PrintDialog, Signatory } from '@/components/printable-document';
import { formatDay, formatQuantity, formatRupees } from '@/lib/format';
import { useCreditNote, type CreditNoteDocument } from '../api/credit-notes';
import { LineTaxCells, stateOf, taxHeaders, TotalTaxCells } from './printable-invoice';

/** A credit note as a document of its own (Rule 53): the parties, the invoice it corrects, its lines and totals. */
function CreditNoteSheet({ note }: { note: CreditNoteDocument }) {
  const intra = note.intra_state;
  return (
    <article className={classes.sheet} aria-label={`Credit note ${note.note_number}`}>
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2}>Credit Note</Title>
          <Text size="lg" fw={700}>
            {note.note_number}
          </Text>
        </div>
        <Stack gap={0} ta="right">
          <Text>Date: {formatDay(note.note_date)}</Text>
          <Text>
            Against tax invoice {note.invoice_number} of {formatDay(note.invoice_date)}
          </Text>
          <Text>
            Place of supply: {note.place_of_supply.state_name} ({note.place_of_supply.state_code})
          </Text>
          <Text>Reverse charge: {note.reverse_charge}</Text>
        </Stack>
      </Group>
      <div className={classes.parties}>
        <Party
          title="Supplier"
          name={note.supplier.legal_name ?? ''}
          address={note.supplier.address}
          gstin={note.supplier.gstin}
          state={stateOf(note.supplier)}
        />
        <Party
          title="Buyer"
          name={note.buyer.name ?? ''}
          address={note.buyer.address}
          gstin={note.buyer.gstin}
          state={stateOf(note.buyer)}
        />
      </div>
      {note.reason && <Text mb="sm">Reason: {note.reason}</Text>}
      {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
      <div className={classes.tableScroll} tabIndex={0} role="region" aria-label="Credit note lines">
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Description</th>
              <th>HSN</th>
              <th className={classes.number}>Quantity</th>
              <th className={classes.number}>Taxable value</th>
              {taxHeaders(intra).map((tax) => (
                <th key={tax} className={classes.number}>
                  {tax}
                </th>
              ))}
              <th className={classes.number}>Total</th>
            </tr>
          </thead>
          <tbody>
            {note.lines.map((line) => (
              <tr key={line.line_number}>
                <td>{line.line_number}</td>
                <td>{line.description}</td>
                <td>{line.hsn_code ?? '—'}</td>
                <td className={classes.number}>
                  {line.quantity === null
                    ? 'Price correction'
                    : `${formatQuantity(line.quantity)} ${line.uqc ?? 'NOS'}`}
                </td>
                <td className={classes.number}>{formatRupees(line.taxable_value)}</td>
                <LineTaxCells line={line} intra={intra} />
                <td className={classes.number}>{formatRupees(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={4}>Total</th>
              <th className={classes.number}>{formatRupees(note.taxable_value)}</th>
              <TotalTaxCells totals={note} intra={intra} />
              <th className={classes.number}>{formatRupees(note.total)}</th>
            </tr>
          </tfoot>
        </table>
      </div>
      <Stack gap={2} mt="md">
        <Text>
          <strong>Credited (in words):</strong> {note.total_in_words}
        </Text>
        <Text>
          <strong>Tax (in words):</strong> {note.tax_in_words}
        </Text>
      </Stack>
      <Signatory business={note.supplier.legal_name} />
    </article>
  );
}

/** The credit note as the buyer gets it, a page of its own, printed (or saved as a PDF) like an invoice. */
export function PrintableCreditNote({ creditNoteId, onClose }: { creditNoteId: string; onClose: () => void }) {
  return (
    <PrintDialog
      document={useCreditNote(creditNoteId)}
      what="the credit note"
      title={(note) => `${note.note_number}: print`}
      onClose={onClose}
    >
      {(note) => <CreditNoteSheet note={note} />}
    </PrintDialog>
  );
}
