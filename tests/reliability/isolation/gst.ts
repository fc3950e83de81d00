import { expect } from 'vitest';
import { rpcOk } from '../support';
import type { IsolationArea } from './support';

/** GST (issue 31): the business profile, invoices and credit notes, GSTR-1. */
const area: IsolationArea = {
  tables: {
    business_profiles: {
      key: (owner) => ['user_id', owner.user.id],
      row: (_owner, user_id) => ({
        user_id,
        legal_name: 'Pwned',
        address: 'Pwned',
        gstin: '27AAPFU0939F1ZV',
        state_code: '27',
        invoice_prefix: 'PWN',
      }),
      edit: { legal_name: 'Pwned' },
    },
    invoices: {
      key: (owner) => ['id', owner.invoiceId],
      row: (owner, user_id) => ({
        id: owner.invoiceId,
        user_id,
        invoice_number: 'PWN/1',
        financial_year: '26-27',
        serial: 999,
        invoice_date: '2026-01-01',
        supplier_legal_name: 'Pwned',
        supplier_address: 'Pwned',
        supplier_gstin: '27AAPFU0939F1ZV',
        supplier_state_code: '27',
        buyer_name: 'Pwned',
        buyer_state_code: '27',
        taxable_value: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 0,
      }),
      edit: { total: 0 },
    },
    invoice_lines: {
      key: (owner) => ['id', owner.invoiceLineId],
      row: (owner, user_id) => ({
        id: owner.invoiceLineId,
        user_id,
        invoice_id: owner.invoiceId,
        line_number: 2,
        sales_order_id: owner.saleId,
        product_id: owner.productId,
        description: 'Pwned',
        quantity: 999,
        unit_price: 0,
        gst_rate: 0,
        taxable_value: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 0,
      }),
      edit: { quantity: 999 },
    },
    credit_notes: {
      key: (owner) => ['id', owner.creditNoteId],
      row: (owner, user_id) => ({
        id: owner.creditNoteId,
        user_id,
        invoice_id: owner.invoiceId,
        note_number: 'CN/PWN',
        financial_year: '26-27',
        serial: 999,
        note_date: '2026-01-01',
        taxable_value: 999,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 999,
      }),
      edit: { total: 999 },
    },
    credit_note_lines: {
      key: (owner) => ['id', owner.creditNoteLineId],
      row: (owner, user_id) => ({
        id: owner.creditNoteLineId,
        user_id,
        credit_note_id: owner.creditNoteId,
        invoice_line_id: owner.invoiceLineId,
        line_number: 2,
        gst_rate: 0,
        taxable_value: 999,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 999,
      }),
      edit: { total: 999 },
    },
    // The tax backfill left running (issue 44): set_item_tax and continue_item_tax_backfill write it.
    item_tax_backfills: {
      key: (owner) => ['product_id', owner.taxBackfillProductId],
      row: (owner, user_id) => ({ user_id, product_id: owner.taxBackfillProductId, orders_total: 999, orders_done: 0 }),
      edit: { orders_done: 998 },
    },
    // The Tally export's records (issue 46).
    tally_exports: {
      key: (owner) => ['id', owner.tallyExportId],
      row: (owner, user_id) => ({
        id: owner.tallyExportId,
        user_id,
        from_date: '2026-01-01',
        to_date: '2026-01-31',
        include_exported: true,
        vouchers: 0,
      }),
      edit: { vouchers: 999 },
    },
    tally_exported_vouchers: {
      key: (owner) => ['voucher_key', owner.tallyVoucherKey],
      row: (owner, user_id) => ({
        user_id,
        voucher_key: owner.tallyVoucherKey,
        export_id: owner.tallyExportId,
        from_date: '2026-01-01',
        to_date: '2026-01-31',
      }),
      edit: { from_date: '2000-01-01' },
    },
  },
  attempts: 12,
  async attack({ first, second, as }, attempts) {
    // GST (issue 31): the first user's orders, invoice and credit note.
    await attempts.call(
      "create_invoice of the first user's website order",
      as('create_invoice', { order_ids: [first.webOrderId], buyer_name: 'Steal', buyer_state_code: '27' }),
      'Sales order not found.',
    );
    await attempts.call(
      "create_invoice of the first user's marketplace order",
      as('create_invoice', { order_ids: [first.saleId], buyer_name: 'Steal', buyer_state_code: '27' }),
      'Sales order not found.',
    );
    await attempts.call(
      "get_invoice of the first user's invoice",
      as('get_invoice', { invoice_id: first.invoiceId }),
      'Invoice not found.',
    );
    await attempts.call(
      "get_credit_note of the first user's credit note",
      as('get_credit_note', { credit_note_id: first.creditNoteId }),
      'Credit note not found.',
    );
    await attempts.call(
      "create_credit_note on the first user's invoice",
      as('create_credit_note', {
        invoice_id: first.invoiceId,
        lines: [{ invoice_line_id: first.invoiceLineId, amount: 1 }],
      }),
      'Invoice not found.',
    );
    await attempts.call(
      "create_credit_note with the first user's invoice line on an own invoice",
      as('create_credit_note', {
        invoice_id: second.invoiceId,
        lines: [{ invoice_line_id: first.invoiceLineId, amount: 1 }],
      }),
      'That line is not on this invoice.',
    );
    await attempts.call(
      "set_item_tax of the first user's product",
      as('set_item_tax', { product_id: first.productId, hsn_code: '6205', gst_rate: 18 }),
      'Product not found.',
    );
    await attempts.call(
      "set_item_tax of the first user's material",
      as('set_item_tax', { material_id: first.materialId, hsn_code: '5208', gst_rate: 5 }),
      'Material not found.',
    );
    await attempts.call(
      "set_item_tax of the first user's style",
      as('set_item_tax', { style_id: first.styleId, hsn_code: '6211', gst_rate: 18 }),
      'Style not found.',
    );
    // The lists and GSTR-1 hold only the caller's documents.
    attempts.count++;
    const ownInvoices = await rpcOk<{ total: number; rows: { invoice_id: string }[] }>(
      second.user,
      'list_invoices',
      {},
    );
    expect(ownInvoices.rows.map((row) => row.invoice_id)).toEqual([second.invoiceId]);
    attempts.count++;
    const ownCreditNotes = await rpcOk<{ total: number; rows: { credit_note_id: string }[] }>(
      second.user,
      'list_credit_notes',
      {},
    );
    expect(ownCreditNotes.rows.map((row) => row.credit_note_id)).toEqual([second.creditNoteId]);
    attempts.count++;
    const gstr1 = await rpcOk<Record<string, unknown>>(second.user, 'gstr1_summary', {
      month: new Date().toISOString().slice(0, 7),
    });
    expect(JSON.stringify(gstr1)).not.toContain(first.user.id);
    expect(JSON.stringify(gstr1)).not.toContain(`${'FIR'}/`);
  },
};

export default area;
