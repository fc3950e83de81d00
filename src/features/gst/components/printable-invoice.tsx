import { Group, Stack, Text, Title } from '@mantine/core';
import { documentClasses as classes, Party, PrintDialog, Signatory } from '@/components/printable-document';
import { formatDay, formatQuantity, formatRupees } from '@/lib/format';
import { useInvoice, type CreditNote, type Invoice } from '../api/invoices';

export const percent = (rate: number) => `${Number(rate)}%`;

interface TaxAmounts {
  cgst: number;
  sgst: number;
  igst: number;
}

/** A document line's tax cells: CGST and SGST within the state, IGST to another, each with its rate. */
export function LineTaxCells({
  line,
  intra,
}: {
  line: TaxAmounts & { cgst_rate: number; sgst_rate: number; igst_rate: number };
  intra: boolean;
}) {
  return intra ? (
    <>
      <td className={classes.number}>
        {percent(line.cgst_rate)}: {formatRupees(line.cgst)}
      </td>
      <td className={classes.number}>
        {percent(line.sgst_rate)}: {formatRupees(line.sgst)}
      </td>
    </>
  ) : (
    <td className={classes.number}>
      {percent(line.igst_rate)}: {formatRupees(line.igst)}
    </td>
  );
}

/** A document's tax totals, in the columns LineTaxCells fills. */
export function TotalTaxCells({ totals, intra }: { totals: TaxAmounts; intra: boolean }) {
  return intra ? (
    <>
      <th className={classes.number}>{formatRupees(totals.cgst)}</th>
      <th className={classes.number}>{formatRupees(totals.sgst)}</th>
    </>
  ) : (
    <th className={classes.number}>{formatRupees(totals.igst)}</th>
  );
}

export const stateOf = (party: { state_name: string; state_code: string }) =>
  `${party.state_name} (${party.state_code})`;

/** The tax columns: CGST and SGST within the seller's state, IGST to another. */
export function taxHeaders(intra: boolean) {
  return intra ? ['CGST', 'SGST'] : ['IGST'];
}

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const intra = invoice.intra_state;
  return (
    <article className={classes.sheet} aria-label={`Tax invoice ${invoice.invoice_number}`}>
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2}>Tax Invoice</Title>
          <Text size="lg" fw={700}>
            {invoice.invoice_number}
          </Text>
        </div>
        <Stack gap={0} ta="right">
          <Text>Date: {formatDay(invoice.invoice_date)}</Text>
          <Text>
            Place of supply: {invoice.place_of_supply.state_name} ({invoice.place_of_supply.state_code})
          </Text>
          <Text>Reverse charge: {invoice.reverse_charge}</Text>
        </Stack>
      </Group>
      <div className={classes.parties}>
        <Party
          title="Supplier"
          name={invoice.supplier.legal_name ?? ''}
          address={invoice.supplier.address}
          gstin={invoice.supplier.gstin}
          state={stateOf(invoice.supplier)}
        />
        <Party
          title="Buyer"
          name={invoice.buyer.name ?? ''}
          address={invoice.buyer.address}
          gstin={invoice.buyer.gstin}
          state={stateOf(invoice.buyer)}
        />
      </div>
      {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
      <div className={classes.tableScroll} tabIndex={0} role="region" aria-label="Invoice lines">
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Description</th>
              <th>HSN</th>
              <th className={classes.number}>Quantity</th>
              <th className={classes.number}>Unit price (incl. GST)</th>
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
            {invoice.lines.map((line) => (
              <tr key={line.invoice_line_id}>
                <td>{line.line_number}</td>
                <td>{line.description}</td>
                <td>{line.hsn_code ?? '—'}</td>
                <td className={classes.number}>
                  {formatQuantity(line.quantity)} {line.uqc ?? 'NOS'}
                </td>
                <td className={classes.number}>{formatRupees(line.unit_price)}</td>
                <td className={classes.number}>{formatRupees(line.taxable_value)}</td>
                <LineTaxCells line={line} intra={intra} />
                <td className={classes.number}>{formatRupees(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={5}>Total</th>
              <th className={classes.number}>{formatRupees(invoice.taxable_value)}</th>
              <TotalTaxCells totals={invoice} intra={intra} />
              <th className={classes.number}>{formatRupees(invoice.total)}</th>
            </tr>
          </tfoot>
        </table>
      </div>
      <Stack gap={2} mt="md">
        <Text>
          <strong>Total (in figures):</strong> {formatRupees(invoice.total)}
        </Text>
        <Text>
          <strong>Total (in words):</strong> {invoice.total_in_words}
        </Text>
        <Text>
          <strong>Tax (in words):</strong> {invoice.tax_in_words}
        </Text>
      </Stack>
      <Signatory business={invoice.supplier.legal_name} />
      {invoice.credit_notes.map((note) => (
        <CreditNoteSheet key={note.credit_note_id} note={note} invoice={invoice} />
      ))}
    </article>
  );
}

/** A credit note against the invoice, with what Rule 53 asks: its number and date, the invoice's, and what it credits. */
function CreditNoteSheet({ note, invoice }: { note: CreditNote; invoice: Invoice }) {
  const intra = invoice.intra_state;
  return (
    <section aria-label={`Credit note ${note.note_number}`} style={{ marginTop: 32, breakBefore: 'page' }}>
      <Title order={3}>Credit Note {note.note_number}</Title>
      <Text>
        Date: {formatDay(note.note_date)} · Against tax invoice {invoice.invoice_number} of{' '}
        {formatDay(invoice.invoice_date)}
        {note.reason ? ` · ${note.reason}` : ''}
      </Text>
      <div className={classes.tableScroll} tabIndex={0} role="region" aria-label={`Lines of ${note.note_number}`}>
        <table>
          <thead>
            <tr>
              <th>Description</th>
              <th>HSN</th>
              <th className={classes.number}>Quantity</th>
              <th className={classes.number}>Rate</th>
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
              <tr key={line.invoice_line_id}>
                <td>{line.description}</td>
                <td>{line.hsn_code ?? '—'}</td>
                <td className={classes.number}>{line.quantity === null ? '—' : formatQuantity(line.quantity)}</td>
                <td className={classes.number}>{percent(line.gst_rate)}</td>
                <td className={classes.number}>{formatRupees(line.taxable_value)}</td>
                {intra ? (
                  <>
                    <td className={classes.number}>{formatRupees(line.cgst)}</td>
                    <td className={classes.number}>{formatRupees(line.sgst)}</td>
                  </>
                ) : (
                  <td className={classes.number}>{formatRupees(line.igst)}</td>
                )}
                <td className={classes.number}>{formatRupees(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Text mt="xs">
        <strong>Credited:</strong> {formatRupees(note.total)} ({note.total_in_words})
      </Text>
    </section>
  );
}

/** The invoice as the buyer gets it, a page of its own. */
export function PrintableInvoice({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  return (
    <PrintDialog
      document={useInvoice(invoiceId)}
      what="the invoice"
      title={(invoice) => `${invoice.invoice_number}: print`}
      onClose={onClose}
    >
      {(invoice) => <InvoiceSheet invoice={invoice} />}
    </PrintDialog>
  );
}
