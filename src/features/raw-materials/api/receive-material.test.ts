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

function messages(input: { quantity: string; unit_cost: string; note?: string; gst_paid?: string }) {
  return (
    receiveMaterialSchema.safeParse({ note: '', gst_paid: '', ...input }).error?.issues.map((issue) => issue.message) ??
    []
  );
}

describe('receiveMaterialSchema', () => {
  it('starts at the current cost, written as the field shows it', () => {
    expect(receiveMaterialDefaults(fabric)).toEqual({ quantity: '', unit_cost: '0.125', gst_paid: '', note: '' });
  });

  it('reads the quantity and the unit cost exactly as typed', () => {
    expect(
      receiveMaterialSchema.parse({ quantity: '2.5', unit_cost: '0.1255', gst_paid: '', note: ' Invoice 42 ' }),
    ).toEqual({
      quantity: 2.5,
      unit_cost: 0.1255,
      gst_paid: undefined,
      note: 'Invoice 42',
    });
    expect(receiveMaterialSchema.parse({ quantity: '1,000', unit_cost: '0', gst_paid: '', note: '' }).quantity).toBe(
      1000,
    );
    // Issue 31: the GST on the bill, in rupees and paise.
    expect(
      receiveMaterialSchema.parse({ quantity: '10', unit_cost: '100', gst_paid: '50.00', note: '' }).gst_paid,
    ).toBe(50);
  });

  it('says what is wrong with a receipt, as receive_material would', () => {
    expect(messages({ quantity: '', unit_cost: '1' })).toEqual(['Quantity is required.']);
    expect(messages({ quantity: '0', unit_cost: '1' })).toEqual(['Quantity must be greater than 0.']);
    expect(messages({ quantity: '1.0005', unit_cost: '1' })).toEqual(['Quantity can have at most 3 decimal places.']);
    expect(messages({ quantity: '1e3', unit_cost: '1' })).toEqual(['Quantity must be a number.']);
    expect(messages({ quantity: '1', unit_cost: '0.12345' })).toEqual(['Unit cost can have at most 4 decimal places.']);
    expect(messages({ quantity: '1', unit_cost: '-1' })).toEqual(['Unit cost must be at least 0.']);
    expect(messages({ quantity: '1', unit_cost: '' })).toEqual(['Unit cost is required.']);
    expect(messages({ quantity: '1', unit_cost: '1', gst_paid: '0.005' })).toEqual([
      'GST paid can have at most 2 decimal places.',
    ]);
    expect(messages({ quantity: '1', unit_cost: '1', note: 'x'.repeat(501) })).toEqual([
      'Note must be at most 500 characters.',
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
