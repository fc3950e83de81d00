import { z } from 'zod';
import { noteField } from '@/features/catalogue/quantity-rules';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import {
  numberField,
  numberFieldText,
  optionalDayField,
  optionalNumberField,
  purchaseFieldRules,
  stockFieldRules,
  supplierInvoiceIssues,
  textField,
} from '@/lib/form-fields';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

/**
 * receive_material's rules, for instant feedback: the supplier's invoice number and date are
 * checked as a purchase order's receipt checks them, and needed once GST is paid (issue 42).
 */
export const receiveMaterialSchema = z
  .object({
    quantity: numberField(stockFieldRules.receivedQuantity),
    unit_cost: numberField(stockFieldRules.unitCost),
    gst_paid: optionalNumberField(stockFieldRules.gstPaid),
    supplier_invoice_number: textField(purchaseFieldRules.supplierInvoiceNumber),
    supplier_invoice_date: optionalDayField(purchaseFieldRules.supplierInvoiceDate),
    note: noteField('Note'),
  })
  .superRefine((form, ctx) => {
    for (const issue of supplierInvoiceIssues(form, form.gst_paid !== undefined))
      ctx.addIssue({ code: 'custom', ...issue });
  });

export type ReceiveMaterialForm = z.input<typeof receiveMaterialSchema>;
export type ReceiveMaterialInput = z.output<typeof receiveMaterialSchema>;

/** The unit cost starts at the current cost: a receipt at the same price leaves the average alone. */
export function receiveMaterialDefaults(material: RawMaterial): ReceiveMaterialForm {
  return {
    quantity: '',
    unit_cost: numberFieldText(material.cost_per_unit),
    gst_paid: '',
    supplier_invoice_number: '',
    supplier_invoice_date: '',
    note: '',
  };
}

/**
 * The cost per unit after receiving, as receive_material computes it (a moving average rounded
 * to the column's 4 decimal places): shown in the form before saving, the server's figure is the
 * one stored. Null while the quantity or the unit cost is not one the form would save.
 */
export function averageCostAfterReceipt(
  material: RawMaterial,
  quantity: number | null,
  unitCost: number | null,
): number | null {
  if (quantity === null || unitCost === null) return null;
  const total = material.stock_level + quantity;
  if (total <= 0) return null;
  const average = (material.stock_level * material.cost_per_unit + quantity * unitCost) / total;
  return Math.round(average * 10_000) / 10_000;
}

async function receiveMaterial(
  { material, input, locationId }: { material: RawMaterial; input: ReceiveMaterialInput; locationId?: string },
  submissionId: string,
) {
  return callRpc(
    'receive_material',
    withRequestId(
      {
        material_id: material.id,
        quantity: input.quantity,
        unit_cost: input.unit_cost,
        gst_paid: input.gst_paid,
        supplier_invoice_number: input.supplier_invoice_number === '' ? undefined : input.supplier_invoice_number,
        supplier_invoice_date: input.supplier_invoice_date,
        note: input.note === '' ? undefined : input.note,
        // Issue 45: the own place it arrives at; none is the main godown.
        location_id: locationId || undefined,
      },
      submissionId,
    ),
  );
}

export function useReceiveMaterial() {
  return useWrite({ write: receiveMaterial, tables: ['raw_materials'] });
}
