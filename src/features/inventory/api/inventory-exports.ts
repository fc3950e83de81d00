import type { CsvExport } from '@/lib/csv-export';
import {
  fetchListedProducts,
  fetchListedRawMaterials,
  type ItemQuery,
  type ListedProduct,
  type ListedRawMaterial,
  type ProductSort,
  type RawMaterialSort,
} from '@/features/catalogue/api/item-lists';
import { isLowStock } from '@/lib/stock';
import { pageOfRange } from '@/lib/list-state';

const stockStatus = (stock: number | string, reorderPoint: number | string) =>
  isLowStock(Number(stock), Number(reorderPoint)) ? 'Low Stock' : 'In Stock';

// Inventory Status exports what its tables show now: active items, all or the low ones.
export const inventoryProductsExport = (query: ItemQuery<ProductSort>): CsvExport<ListedProduct> => ({
  fileName: 'inventory-finished-products',
  columns: [
    { header: 'SKU', kind: 'text', value: (product) => product.sku },
    { header: 'Product', kind: 'text', value: (product) => product.product_name },
    { header: 'Stock on Hand', kind: 'number', value: (product) => product.stock_on_hand },
    { header: 'Reorder Point', kind: 'number', value: (product) => product.reorder_point },
    { header: 'Status', kind: 'text', value: (product) => stockStatus(product.stock_on_hand, product.reorder_point) },
  ],
  fetchPage: async (range) => (await fetchListedProducts(query, pageOfRange(range))).rows,
});

export const inventoryMaterialsExport = (query: ItemQuery<RawMaterialSort>): CsvExport<ListedRawMaterial> => ({
  fileName: 'inventory-raw-materials',
  columns: [
    { header: 'Material', kind: 'text', value: (material) => material.material_name },
    { header: 'Unit', kind: 'text', value: (material) => material.unit_of_measure },
    { header: 'Stock Level', kind: 'number', value: (material) => material.stock_level },
    { header: 'Reorder Point', kind: 'number', value: (material) => material.reorder_point },
    { header: 'Status', kind: 'text', value: (material) => stockStatus(material.stock_level, material.reorder_point) },
  ],
  fetchPage: async (range) => (await fetchListedRawMaterials(query, pageOfRange(range))).rows,
});
