import type { FeatureQueries } from '@/lib/query-keys';

export const catalogueKeys = {
  products: ['products'],
  rawMaterials: ['raw-materials'],
  bomItems: ['bom-items'],
  /** One item's ledger: ['stock-history', 'product' | 'material', id]. */
  stockHistory: ['stock-history'],
  productCosting: ['product-costing'],
  /** Styles with their options, BOM and variants (products). */
  styles: ['styles'],
  /** The unfinished tax backfills of earlier orders, added up (issue 44). */
  itemTaxBackfills: ['item-tax-backfills'],
} as const;

const keys = catalogueKeys;

// Every stock movement changes its item's row, so item events also refresh the open history; a
// product event (its BOM changes with it) and a material's cost change its costing.
export const catalogueQueries: FeatureQueries = {
  keys,
  reads: {
    products: [keys.products, keys.bomItems, keys.stockHistory, keys.productCosting, keys.styles],
    // A product's BOM is read with its materials' stock and cost.
    raw_materials: [keys.rawMaterials, keys.bomItems, keys.stockHistory, keys.productCosting],
    // A transfer moves stock between places: each item's history shows it (issue 45).
    locations: [keys.stockHistory],
    bom_items: [keys.bomItems, keys.productCosting, keys.styles],
    // A style's row changes with its name, options and BOM (its BOM lines and variant links are not
    // published); its variants' stock changes with their product rows.
    styles: [keys.styles],
    // A renamed supplier shows on its materials.
    suppliers: [keys.rawMaterials],
    // A combo's parts change its stock and costs, as a BOM does.
    combo_components: [keys.products, keys.productCosting],
    item_tax_backfills: [keys.itemTaxBackfills],
  },
};
