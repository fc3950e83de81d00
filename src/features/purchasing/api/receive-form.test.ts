import { describe, expect, it } from 'vitest';
import type { PurchaseOrderLine } from './purchase-orders';
import { receiveFormSchema, type ReceiveForm } from './receive-form';

const fabric: PurchaseOrderLine = {
  id: 'line-1',
  line_number: 1,
  material_id: 'fabric',
  purchase_unit: 'm',
  units_per_purchase_unit: 1,
  quantity: 100,
  unit_price: 100,
  received_quantity: 0,
  raw_materials: { material_name: 'Fabric', unit_of_measure: 'm', stock_level: 0, cost_per_unit: 100 },
};

const form = (changes: Partial<ReceiveForm>): ReceiveForm => ({
  received: { 'line-1': '100' },
  gst_rate: { 'line-1': '' },
  gst_paid: { 'line-1': '' },
  supplier_invoice_number: '',
  supplier_invoice_date: '',
  note: '',
  ...changes,
});

const messages = (input: ReceiveForm) =>
  receiveFormSchema([fabric])
    .safeParse(input)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the purchase order receipt form', () => {
  it('takes a receipt without GST and without an invoice', () => {
    expect(receiveFormSchema([fabric]).parse(form({}))).toEqual({
      note: '',
      supplier_invoice_number: '',
      supplier_invoice_date: undefined,
      lines: [{ line_id: 'line-1', quantity: 100 }],
    });
  });

  it("asks for the supplier's invoice number and date once a line has GST, as the server does", () => {
    expect(messages(form({ gst_rate: { 'line-1': '5' } }))).toEqual([
      "supplier_invoice_number: Enter the supplier's invoice number: the GST paid is claimed against it.",
      "supplier_invoice_date: Enter the supplier's invoice date: the GST paid is claimed against it.",
    ]);
    expect(messages(form({ gst_paid: { 'line-1': '500' } }))).toHaveLength(2);
  });

  it('refuses an invoice number with characters Rule 46 does not allow, and a GST paid in fractions of a paisa', () => {
    expect(
      messages(
        form({
          supplier_invoice_number: 'AM 118',
          gst_paid: { 'line-1': '0.005' },
          supplier_invoice_date: '2025-11-01',
        }),
      ),
    ).toEqual([
      'gst_paid.line-1: GST paid can have at most 2 decimal places.',
      'supplier_invoice_number: Supplier invoice number can have only letters, digits, - and /.',
    ]);
  });

  it('sends each line with its rate or amount and the invoice', () => {
    expect(
      receiveFormSchema([fabric]).parse(
        form({
          gst_rate: { 'line-1': '5' },
          supplier_invoice_number: ' AM/2627/118 ',
          supplier_invoice_date: '2025-11-01',
        }),
      ),
    ).toEqual({
      note: '',
      supplier_invoice_number: 'AM/2627/118',
      supplier_invoice_date: '2025-11-01',
      lines: [{ line_id: 'line-1', quantity: 100, gst_rate: 5 }],
    });
  });
});
