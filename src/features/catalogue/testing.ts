import type { QueryClient } from '@tanstack/react-query';
import { productBomKey, type BomItem, type ProductBom } from './api/bom-items';
import { materialKey, materialOptionsKey, productKey, productOptionsKey } from './api/item-lists';
import type { Product } from './api/products';
import type { RawMaterial } from './api/raw-materials';

/**
 * Seeds what a product picker reads: its first options (the products, as the server lists them
 * for an empty search) and each product on its own (what it shows as chosen, a form's stock and price).
 */
export function seedProductPicker(queryClient: QueryClient, products: Product[], includeArchived = false): void {
  // The seeded products are no combos: the same options for a picker of producible products.
  queryClient.setQueryData(productOptionsKey('', includeArchived), products);
  queryClient.setQueryData(productOptionsKey('', includeArchived, true), products);
  for (const product of products) queryClient.setQueryData(productKey(product.id), product);
}

/** Seeds one product's BOM as useProductBom reads it: its material lines (without wastage unless given) and the materials they name. */
export function seedProductBom(
  queryClient: QueryClient,
  productId: string,
  lines: (Pick<BomItem, 'material_id' | 'quantity'> & Partial<BomItem>)[],
  materials: RawMaterial[],
): void {
  const bom: ProductBom = {
    lines: lines.map((line) => ({ wastage_percent: 0, consumption: line.quantity, ...line })),
    materials,
    subassemblies: [],
    products: [],
  };
  queryClient.setQueryData(productBomKey(productId), bom);
}

/** Seeds what a BOM row's material picker reads: its first options and each material on its own. */
export function seedMaterialPicker(queryClient: QueryClient, materials: RawMaterial[]): void {
  queryClient.setQueryData(
    materialOptionsKey(''),
    materials.filter((material) => material.archived_at === null),
  );
  for (const material of materials) queryClient.setQueryData(materialKey(material.id), material);
}
