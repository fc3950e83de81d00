import { countsPieces, type Product } from '@/features/catalogue/api/products';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';

/** A product or a raw material, as the actions every stock item has (count, history, archive) see it. */
export interface StockItem {
  kind: 'product' | 'material';
  id: string;
  name: string;
  stock: number;
  /** 'units' for products in pieces, 'm' or 'kg' for the others (issue 45); a material's unit of measure. */
  unit: string;
  /** Counted in whole units: a product in pieces. */
  whole: boolean;
  archived: boolean;
}

export function productItem(product: Product): StockItem {
  return {
    kind: 'product',
    id: product.id,
    name: product.product_name,
    stock: product.stock_on_hand,
    unit: countsPieces(product.unit_of_measure) ? 'units' : product.unit_of_measure,
    whole: countsPieces(product.unit_of_measure),
    archived: product.archived_at !== null,
  };
}

export function materialItem(material: RawMaterial): StockItem {
  return {
    kind: 'material',
    id: material.id,
    name: material.material_name,
    stock: material.stock_level,
    unit: material.unit_of_measure,
    whole: false,
    archived: material.archived_at !== null,
  };
}

/** The RPC arguments naming the item: exactly one of product_id and material_id. */
export function itemArguments(item: StockItem): { product_id?: string; material_id?: string } {
  return item.kind === 'product' ? { product_id: item.id } : { material_id: item.id };
}

/** The table whose rows the item's stock lives in, for cache invalidation. */
export function itemTable(item: StockItem) {
  return item.kind === 'product' ? ('products' as const) : ('raw_materials' as const);
}
