import { z } from 'zod';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { DEFAULT_UNIT, numberField, numberFieldText, rawMaterialFieldRules, textField } from '@/lib/form-fields';
import { checkItemTax, itemTaxFields, itemTaxFormValues, noItemTax, type ItemTax } from '@/lib/item-tax';

/**
 * The material form's checks, for Add New Material and Edit alike. Only the name is required (spec
 * section 5): an empty unit saves as 'units', an empty cost or stock as 0, an empty reorder point
 * as 20. A name another material has is the server's answer, shown on the name field.
 */
export const rawMaterialFormSchema = z
  .object({
    material_name: textField(rawMaterialFieldRules.materialName),
    supplier: textField(rawMaterialFieldRules.supplier),
    cost_per_unit: numberField(rawMaterialFieldRules.costPerUnit),
    stock_level: numberField(rawMaterialFieldRules.stockLevel),
    unit_of_measure: textField(rawMaterialFieldRules.unitOfMeasure).transform((unit) => unit || DEFAULT_UNIT),
    reorder_point: numberField(rawMaterialFieldRules.reorderPoint),
    // Issue 31: its HSN code and GST rate (the rate its purchases' input tax is usually at), saved by set_item_tax.
    ...itemTaxFields,
  })
  .superRefine(checkItemTax);

export type RawMaterialForm = z.input<typeof rawMaterialFormSchema>;
export type RawMaterialInput = z.output<typeof rawMaterialFormSchema>;

/** Spec section 9: unit 'units', reorder point 20; stock and cost start at 0. */
export const newRawMaterialDefaults: RawMaterialForm = {
  material_name: '',
  supplier: '',
  cost_per_unit: '0',
  stock_level: '0',
  unit_of_measure: DEFAULT_UNIT,
  reorder_point: '20',
  ...itemTaxFormValues(noItemTax),
};

/**
 * The form's first values: the spec defaults for a new material, or the material as its fields
 * show it (numbers as text). Stock is not edited (update_raw_material never edits stock: counts and
 * receipts do), so its field is not shown and stays empty: it reads as 0, is never sent, and cannot
 * hold the form back.
 */
export function rawMaterialFormDefaults(edited: RawMaterial | null, tax: ItemTax = noItemTax): RawMaterialForm {
  if (edited === null) return newRawMaterialDefaults;
  return {
    material_name: edited.material_name,
    supplier: edited.supplier ?? '',
    cost_per_unit: numberFieldText(edited.cost_per_unit),
    stock_level: '',
    unit_of_measure: edited.unit_of_measure,
    reorder_point: numberFieldText(edited.reorder_point),
    ...itemTaxFormValues(tax),
  };
}
