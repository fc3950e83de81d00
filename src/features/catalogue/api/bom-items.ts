import { skipToken, useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { catalogueKeys } from '../query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import { PRODUCT_COLUMNS, toProduct, type Product } from './products';
import { RAW_MATERIAL_COLUMNS, toRawMaterial, type RawMaterial } from './raw-materials';

/** A material line: the quantity entered, its wastage, and what one unit consumes (the two together, 3 decimals). */
export type BomItem = Pick<Tables<'bom_items'>, 'material_id' | 'quantity' | 'wastage_percent' | 'consumption'>;

/** A sub-assembly line: whole pieces of another product per unit. */
export type SubassemblyLine = Pick<Tables<'bom_subassemblies'>, 'subassembly_id' | 'quantity'>;

/** What a BOM picker's value names: a material or a product (a sub-assembly), by id. */
export interface BomPick {
  kind: 'material' | 'product';
  id: string;
}

/** A BOM picker's value: 'material:<id>' or 'product:<id>'. */
export const bomPickValue = (kind: BomPick['kind'], id: string) => `${kind}:${id}`;

/** What a BOM picker's value names. */
export function readBomPick(value: string): BomPick {
  const [kind, id = ''] = value.split(':', 2) as [string, string?];
  return { kind: kind === 'product' ? 'product' : 'material', id };
}

/** One product's bill of materials: its lines and their materials and sub-assemblies. */
export interface ProductBom {
  lines: BomItem[];
  /** Each line's material (archived ones too: a BOM may still name one, and its stock counts). */
  materials: RawMaterial[];
  subassemblies: SubassemblyLine[];
  /** Each sub-assembly line's product, with its stock. */
  products: Product[];
}

/** The cache key of one product's BOM (under BOM items, so product and material changes refresh it). */
export const productBomKey = (productId: string | null) => [...catalogueKeys.bomItems, productId] as const;

async function fetchProductBom(productId: string): Promise<ProductBom> {
  const [materialLines, subassemblyLines] = await Promise.all([
    supabase
      .from('bom_items')
      .select(`material_id, quantity, wastage_percent, consumption, raw_materials(${RAW_MATERIAL_COLUMNS})`)
      .eq('product_id', productId),
    supabase
      .from('bom_subassemblies')
      .select(`subassembly_id, quantity, products!bom_subassemblies_subassembly_id_user_id_fkey(${PRODUCT_COLUMNS})`)
      .eq('product_id', productId),
  ]);
  if (materialLines.error) throw toUserError(materialLines.error);
  if (subassemblyLines.error) throw toUserError(subassemblyLines.error);
  return {
    // Postgres numeric columns may arrive as strings from the REST layer.
    lines: materialLines.data.map((line) => ({
      material_id: line.material_id,
      quantity: Number(line.quantity),
      wastage_percent: Number(line.wastage_percent),
      consumption: Number(line.consumption),
    })),
    materials: materialLines.data.flatMap((line) => (line.raw_materials ? [toRawMaterial(line.raw_materials)] : [])),
    subassemblies: subassemblyLines.data.map((line) => ({
      subassembly_id: line.subassembly_id,
      quantity: Number(line.quantity),
    })),
    products: subassemblyLines.data.flatMap((line) => (line.products ? [toProduct(line.products)] : [])),
  };
}

/** One product's BOM with its materials' and sub-assemblies' stock: a few rows, whatever the catalogue's size. */
export function useProductBom(productId: string | null) {
  return useQuery({
    queryKey: productBomKey(productId),
    queryFn: productId === null ? skipToken : () => fetchProductBom(productId),
  });
}
