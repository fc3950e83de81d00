import { useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '@/features/catalogue/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';

export interface ConsumedMaterial {
  id: number;
  quantity: number;
  name: string;
  unit: string;
}

async function fetchConsumedMaterials(orderId: string): Promise<ConsumedMaterial[]> {
  const { data, error } = await supabase
    .from('stock_movements')
    .select('id, quantity, raw_materials(material_name, unit_of_measure), products(product_name)')
    .eq('manufacturing_order_id', orderId)
    .eq('reason', 'production_consumption');
  if (error) throw toUserError(error);
  return data.map((row) => ({
    id: row.id,
    // Consumption is recorded negative; what comes back on cancelling is its opposite.
    quantity: -Number(row.quantity),
    // A sub-assembly (a product) the run took is counted in pieces.
    name: row.raw_materials?.material_name ?? row.products?.product_name ?? 'Unknown',
    unit: row.raw_materials?.unit_of_measure ?? (row.products ? 'pieces' : ''),
  }));
}

/**
 * What a production run took from stock (materials and sub-assemblies), from its ledger rows: exactly what
 * cancel_manufacturing_order puts back (the BOM may have changed since the run started).
 */
export function useConsumedMaterials(orderId: string) {
  return useQuery({
    queryKey: [...catalogueKeys.stockHistory, 'run', orderId],
    queryFn: () => fetchConsumedMaterials(orderId),
  });
}
