import { describe, expect, it } from 'vitest';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { averageCostAfterReceipt, receiveMaterialDefaults, receiveMaterialSchema } from './receive-material';

const fabric: RawMaterial = {
  id: 'fabric',
  material_name: 'Cotton fabric',
  supplier: 'Surat Mills',
  cost_per_unit: 0.125,
  stock_level: 2,
  unit_of_measure: 'metres',
  reorder_point: 20,
  archived_at: null,
};

const noInvoice = { supplier_invoice_number: '', supplier_invoice_date: '' };

function messages(input: {
  quantity: string;
  unit_cost: string;
  note?: string;
  gst_paid?: string;
  supplier_invoice_number?: string;
  supplier_invoice_date?: string;
}) {
  return (
    receiveMaterialSchema
      .safeParse({ note: '', gst_paid: '', ...noInvoice, ...input })
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []
  );
}

describe('receiveMaterialSchema', () => {
  it('starts at the current cost, written as the field shows it', () => {
    expect(receiveMaterialDefaults(fabric)).toEqual({
      quantity: '',
      unit_cost: '0.125',
      gst_paid: '',
      supplier_invoice_number: '',
      supplier_invoice_date: '',
      note: '',
    });
  });

  it('reads the quantity and the unit cost exactly as typed', () => {
    expect(
      receiveMaterialSchema.parse({
        quantity: '2.5',
        unit_cost: '0.1255',
        gst_paid: '',
        ...noInvoice,
        note: ' Delivered by hand ',
      }),
    ).toEqual({
      quantity: 2.5,
      unit_cost: 0.1255,
      gst_paid: undefined,
      supplier_invoice_number: '',
      supplier_invoice_date: undefined,
      note: 'Delivered by hand',
    });
    expect(
      receiveMaterialSchema.parse({ quantity: '1,000', unit_cost: '0', gst_paid: '', ...noInvoice, note: '' }).quantity,
    ).toBe(1000);
    // Issue 31: the GST on the bill, in rupees and paise.
    expect(
      receiveMaterialSchema.parse({
        quantity: '10',
        unit_cost: '100',
        gst_paid: '50.00',
        supplier_invoice_number: ' AM/2627/11800012 ',
        supplier_invoice_date: '2025-11-01',
        note: '',
      }),
    ).toMatchObject({ gst_paid: 50, supplier_invoice_number: 'AM/2627/11800012', supplier_invoice_date: '2025-11-01' });
  });

  it('takes the supplier invoice as a purchase order receipt does: needed with GST, 16 characters of Rule 46', () => {
    expect(messages({ quantity: '1', unit_cost: '1', gst_paid: '5' })).toEqual([
      "supplier_invoice_number: Enter the supplier's invoice number: the GST paid is claimed against it.",
      "supplier_invoice_date: Enter the supplier's invoice date: the GST paid is claimed against it.",
    ]);
    expect(
      messages({
        quantity: '1',
        unit_cost: '1',
        supplier_invoice_number: 'AM/2627/118000123',
        supplier_invoice_date: '',
      }),
    ).toEqual(['supplier_invoice_number: Supplier invoice number must be at most 16 characters.']);
    expect(messages({ quantity: '1', unit_cost: '1', supplier_invoice_number: 'AM 118' })).toEqual([
      'supplier_invoice_number: Supplier invoice number can have only letters, digits, - and /.',
    ]);
    expect(messages({ quantity: '1', unit_cost: '1', supplier_invoice_date: '1999-12-31' })).toEqual([
      'supplier_invoice_date: Supplier invoice date must be between 2000-01-01 and today.',
    ]);
    // Without GST the invoice is optional.
    expect(messages({ quantity: '1', unit_cost: '1', supplier_invoice_number: 'AM/2627/11800012' })).toEqual([]);
  });

  it('says what is wrong with a receipt, as receive_material would', () => {
    expect(messages({ quantity: '', unit_cost: '1' })).toEqual(['quantity: Quantity is required.']);
    expect(messages({ quantity: '0', unit_cost: '1' })).toEqual(['quantity: Quantity must be greater than 0.']);
    expect(messages({ quantity: '1.0005', unit_cost: '1' })).toEqual([
      'quantity: Quantity can have at most 3 decimal places.',
    ]);
    expect(messages({ quantity: '1e3', unit_cost: '1' })).toEqual(['quantity: Quantity must be a number.']);
    expect(messages({ quantity: '1', unit_cost: '0.12345' })).toEqual([
      'unit_cost: Unit cost can have at most 4 decimal places.',
    ]);
    expect(messages({ quantity: '1', unit_cost: '-1' })).toEqual(['unit_cost: Unit cost must be at least 0.']);
    expect(messages({ quantity: '1', unit_cost: '' })).toEqual(['unit_cost: Unit cost is required.']);
    expect(messages({ quantity: '1', unit_cost: '1', gst_paid: '0.005' })).toEqual([
      'gst_paid: GST paid can have at most 2 decimal places.',
    ]);
    expect(messages({ quantity: '1', unit_cost: '1', note: 'x'.repeat(501) })).toEqual([
      'note: Note must be at most 500 characters.',
    ]);
  });
});

describe('averageCostAfterReceipt', () => {
  it('is the moving average to the cost column’s 4 places', () => {
    expect(averageCostAfterReceipt({ ...fabric, cost_per_unit: 100 }, 10, 130)).toBe(125);
    // (2 x 0.125 + 1 x 0.2) / 3 = 0.15
    expect(averageCostAfterReceipt(fabric, 1, 0.2)).toBe(0.15);
    // (2 x 0.125 + 1 x 0.13) / 3 = 0.12666…
    expect(averageCostAfterReceipt(fabric, 1, 0.13)).toBe(0.1267);
  });

  it('is nothing to show while a field is not one the form would save', () => {
    expect(averageCostAfterReceipt(fabric, null, 1)).toBeNull();
    expect(averageCostAfterReceipt(fabric, 1, null)).toBeNull();
  });
});
