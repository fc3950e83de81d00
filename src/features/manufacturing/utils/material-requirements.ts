import type { ProductBom } from '@/features/catalogue/api/bom-items';
import { countsPieces } from '@/features/catalogue/api/products';

export interface BomLine {
  material_id: string;
  quantity: number;
}

export interface StockedMaterial {
  id: string;
  material_name: string;
  unit_of_measure: string;
  stock_level: number;
}

export interface MaterialRequirement {
  materialId: string;
  /** 'Unknown' when the BOM names a material that cannot be found (spec section 8). */
  materialName: string;
  unit: string;
  required: number;
  available: number;
  short: boolean;
}

// Material quantities are numeric(14,3) in the database; working at that scale keeps float noise
// (0.1 × 3 = 0.30000000000000004) from reporting a shortage the database would not.
const toThousandths = (value: number) => Math.round(value * 1000);
const roundToStockScale = (value: number) => toThousandths(value) / 1000;

/**
 * Required versus available for each BOM material of a production run, mirroring the check
 * start_production makes (the database remains the authority).
 */
export function materialRequirements(
  bom: readonly BomLine[],
  materials: readonly StockedMaterial[],
  quantityToProduce: number,
): MaterialRequirement[] {
  return bom.map((line) => {
    const material = materials.find((candidate) => candidate.id === line.material_id);
    const required = roundToStockScale(line.quantity * quantityToProduce);
    const available = material?.stock_level ?? 0;
    return {
      materialId: line.material_id,
      materialName: material?.material_name ?? 'Unknown',
      unit: material?.unit_of_measure ?? '',
      required,
      available,
      short: required > available,
    };
  });
}

/**
 * One product's BOM as the requirements list reads it, as start_production checks it: each
 * material at its consumption (wastage included), and each sub-assembly as an item of its own,
 * counted in pieces from the product's stock.
 */
export function requirementInputs(bom: ProductBom | undefined): { lines: BomLine[]; items: StockedMaterial[] } {
  if (!bom) return { lines: [], items: [] };
  return {
    lines: [
      ...bom.lines.map((line) => ({ material_id: line.material_id, quantity: line.consumption })),
      ...bom.subassemblies.map((line) => ({ material_id: line.subassembly_id, quantity: line.quantity })),
    ],
    items: [
      ...bom.materials,
      ...bom.products.map((product) => ({
        id: product.id,
        material_name: product.product_name,
        // A part in metres or kilograms says so (issue 45); one in pieces, as it always did.
        unit_of_measure: countsPieces(product.unit_of_measure) ? 'pieces' : product.unit_of_measure,
        stock_level: product.stock_on_hand,
      })),
    ],
  };
}

/**
 * How many units the materials in stock can make: the scarcest material decides, rounded down to
 * the product's decimals (0 for pieces, 3 for a product in metres or kilograms, as
 * private.max_buildable). Null for a product without a bill of materials, which uses no raw materials.
 */
export function maxProducible(
  bom: readonly BomLine[],
  materials: readonly StockedMaterial[],
  decimals = 0,
): number | null {
  if (bom.length === 0) return null;
  const scale = 10 ** decimals;
  return Math.min(
    ...bom.map((line) => {
      const available = materials.find((candidate) => candidate.id === line.material_id)?.stock_level ?? 0;
      return Math.floor((toThousandths(available) * scale) / toThousandths(line.quantity)) / scale;
    }),
  );
}

/**
 * The item that allows the fewest units now (ties: the first by name), for a product with
 * sub-assemblies: the run can only take what is in stock, so the limit is at this level (the
 * drawer names what limits building at any depth).
 */
export function limitingItem(bom: readonly BomLine[], items: readonly StockedMaterial[]): string | null {
  const counted = bom.map((line) => {
    const item = items.find((candidate) => candidate.id === line.material_id);
    return {
      name: item?.material_name ?? 'Unknown',
      units: Math.floor(toThousandths(item?.stock_level ?? 0) / toThousandths(line.quantity)),
    };
  });
  counted.sort((a, b) => a.units - b.units || a.name.localeCompare(b.name));
  return counted[0]?.name ?? null;
}

/** One BOM line of one product, among the lines of several. */
export interface ProductBomLine extends BomLine {
  product_id: string;
}

/** One run of a batch: a product and how many to make (a type, so an RPC's Json argument takes it). */
export type ProductionRun = {
  product_id: string;
  quantity_to_produce: number;
};

/**
 * What a batch of runs consumes, as one BOM for a quantity of 1: each material's quantity summed
 * over every run (start_production_batch checks the same sum), every material of the lines listed
 * (0 when no run uses it yet), in the order materials first appear.
 */
export function batchBom(lines: readonly ProductBomLine[], runs: readonly ProductionRun[]): BomLine[] {
  const totals = new Map<string, number>(lines.map((line) => [line.material_id, 0]));
  for (const run of runs) {
    for (const line of lines) {
      if (line.product_id !== run.product_id) continue;
      const thousandths = toThousandths(line.quantity) * run.quantity_to_produce;
      totals.set(line.material_id, (totals.get(line.material_id) ?? 0) + thousandths);
    }
  }
  return [...totals].map(([material_id, thousandths]) => ({ material_id, quantity: thousandths / 1000 }));
}
