import { skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { optionalNumberField, numberField, purchaseFieldRules as rules, textField } from '@/lib/form-fields';
import { purchasingKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { callRpc, useWrite } from '@/lib/write';

/** How one supplier sells one material: by the roll of 50 m, at a price a roll, at least 2 rolls. */
export interface PurchaseUnit {
  id: string;
  material_id: string;
  material_name: string;
  unit_of_measure: string;
  purchase_unit: string;
  units_per_purchase_unit: number;
  price_per_purchase_unit: number | null;
  minimum_order: number | null;
}

const amount = z.coerce.number();
const purchaseUnitRow = z.object({
  id: z.string(),
  material_id: z.string(),
  purchase_unit: z.string(),
  units_per_purchase_unit: amount,
  price_per_purchase_unit: amount.nullable(),
  minimum_order: amount.nullable(),
  raw_materials: z.object({ material_name: z.string(), unit_of_measure: z.string() }),
});

async function fetchPurchaseUnits(supplierId: string): Promise<PurchaseUnit[]> {
  const { data, error } = await supabase
    .from('purchase_units')
    .select(
      'id, material_id, purchase_unit, units_per_purchase_unit, price_per_purchase_unit, minimum_order, raw_materials(material_name, unit_of_measure)',
    )
    .eq('supplier_id', supplierId)
    .order('updated_at')
    .limit(1000);
  if (error) throw toUserError(error);
  return z
    .array(purchaseUnitRow)
    .parse(data)
    .map(({ raw_materials: material, ...unit }) => ({ ...unit, ...material }))
    .sort((a, b) => a.material_name.localeCompare(b.material_name));
}

/** Every purchase unit of one supplier (none while no supplier is chosen). */
export function usePurchaseUnits(supplierId: string | null) {
  return useQuery({
    queryKey: [...purchasingKeys.purchaseUnits, supplierId],
    queryFn: supplierId ? () => fetchPurchaseUnits(supplierId) : skipToken,
  });
}

/** set_purchase_unit's checks, for the purchase unit form. */
export const purchaseUnitFormSchema = z.object({
  material_id: z
    .string()
    .nullable()
    .refine((id) => !!id, { message: 'Choose a material.' }),
  purchase_unit: textField(rules.purchaseUnit),
  units_per_purchase_unit: numberField(rules.unitsPerPurchaseUnit),
  price_per_purchase_unit: optionalNumberField(rules.pricePerPurchaseUnit),
  minimum_order: optionalNumberField(rules.minimumOrder),
});

export type PurchaseUnitForm = z.input<typeof purchaseUnitFormSchema>;
export type PurchaseUnitInput = z.output<typeof purchaseUnitFormSchema>;

export const newPurchaseUnitDefaults: PurchaseUnitForm = {
  material_id: null,
  purchase_unit: '',
  units_per_purchase_unit: '',
  price_per_purchase_unit: '',
  minimum_order: '',
};

/** Sets (or replaces) how a supplier sells a material. */
export function useSetPurchaseUnit(supplierId: string) {
  return useWrite({
    write: (input: PurchaseUnitInput) =>
      callRpc('set_purchase_unit', {
        material_id: input.material_id!,
        supplier_id: supplierId,
        purchase_unit: input.purchase_unit,
        units_per_purchase_unit: input.units_per_purchase_unit,
        price_per_purchase_unit: input.price_per_purchase_unit,
        minimum_order: input.minimum_order,
      }),
    tables: ['purchase_units'],
  });
}
