import { z } from 'zod';
import {
  DEFAULT_UNIT,
  duplicateMaterialMessage,
  findSameName,
  numberField,
  rawMaterialFieldRules,
  textField,
} from '@/lib/form-fields';
import { callRpc, useWrite } from '@/lib/write';

/**
 * The Add New Material form. Only the name is required (spec section 5): an empty unit saves as
 * 'units', an empty cost or stock as 0, an empty reorder point as 20. `existingNames` are the
 * user's material names, which a new one must not repeat.
 */
export function createRawMaterialSchema(existingNames: readonly string[] = []) {
  return z.object({
    material_name: textField(rawMaterialFieldRules.materialName).superRefine((name, ctx) => {
      const existing = findSameName(name, existingNames);
      if (existing !== undefined) ctx.addIssue({ code: 'custom', message: duplicateMaterialMessage(existing) });
    }),
    supplier: textField(rawMaterialFieldRules.supplier),
    cost_per_unit: numberField(rawMaterialFieldRules.costPerUnit),
    stock_level: numberField(rawMaterialFieldRules.stockLevel),
    unit_of_measure: textField(rawMaterialFieldRules.unitOfMeasure).transform((unit) => unit || DEFAULT_UNIT),
    reorder_point: numberField(rawMaterialFieldRules.reorderPoint),
  });
}

type CreateRawMaterialSchema = ReturnType<typeof createRawMaterialSchema>;
export type CreateRawMaterialForm = z.input<CreateRawMaterialSchema>;
export type CreateRawMaterialInput = z.output<CreateRawMaterialSchema>;

/** Spec section 9: unit 'units', reorder point 20; stock and cost start at 0. */
export const newRawMaterialDefaults: CreateRawMaterialForm = {
  material_name: '',
  supplier: '',
  cost_per_unit: '0',
  stock_level: '0',
  unit_of_measure: DEFAULT_UNIT,
  reorder_point: '20',
};

async function createRawMaterial(input: CreateRawMaterialInput) {
  return callRpc('create_raw_material', {
    ...input,
    supplier: input.supplier === '' ? undefined : input.supplier,
  });
}

export function useCreateRawMaterial() {
  return useWrite({ write: createRawMaterial, tables: ['raw_materials'] });
}
