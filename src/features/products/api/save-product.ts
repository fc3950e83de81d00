import { itemTaxChanged, itemTaxFromForm, noItemTax } from '@/lib/item-tax';
import { callRpc, useWrite, withRequestId } from '@/lib/write';
import { noProductCosts, type ProductCosts } from '@/features/catalogue/api/product-costs';
import type { EditedProduct, ProductInput } from './product-form';
import { bomChanged, bomLines, costsChanged } from './product-form';

/** The product's details and BOM as create_product and update_product take them (not its costs or tax). */
function details(input: ProductInput) {
  const {
    labour_per_unit: _labour,
    overhead_per_run: _overhead,
    run_size: _runSize,
    purchase_cost: _purchase,
    hsn_code: _hsn,
    gst_rate: _rate,
    rule_up_to: _upTo,
    rule_rate: _ruleRate,
    rule_above: _above,
    ...rest
  } = input;
  return { ...rest, bom: bomLines(input.bom) };
}

/**
 * The costs beyond materials as create_product and update_product take them (all four at once), or
 * undefined when they are what the product has: an edit then leaves them alone.
 */
function costs(input: ProductInput, current: ProductCosts) {
  if (!costsChanged(input, current)) return undefined;
  return {
    labour_per_unit: input.labour_per_unit,
    overhead_per_run: input.overhead_per_run,
    run_size: input.run_size,
    purchase_cost: input.purchase_cost ?? null,
  };
}

async function createProduct(input: ProductInput, submissionId: string) {
  const { bom, ...rest } = details(input);
  return callRpc(
    'create_product',
    withRequestId(
      {
        ...rest,
        bom,
        category: input.category === '' ? undefined : input.category,
        costs: costs(input, noProductCosts),
      },
      submissionId,
    ),
  );
}

async function updateProduct({ edited, input }: { edited: EditedProduct; input: ProductInput }) {
  return callRpc('update_product', {
    product_id: edited.product.id,
    sku: input.sku,
    product_name: input.product_name,
    category: input.category,
    selling_price: input.selling_price,
    reorder_point: input.reorder_point,
    // Refused on its field once the product has a history, unless it is the unit it has.
    unit_of_measure: input.unit_of_measure,
    // Send the BOM only when it was edited: an untouched BOM may name a material archived since.
    bom: bomChanged(input.bom, edited) ? bomLines(input.bom) : undefined,
    costs: costs(input, edited.costs),
  });
}

/**
 * Saves the product form: a new product (create_product), or the edited one (update_product), with
 * its costs beyond materials in the same call (issue 33: one write, so a product is never saved
 * without the costs the owner gave it); then, when they differ from what the product has, its HSN
 * code and GST rate (set_item_tax). A repeated submission creates the product once (its
 * request_id) and sets the same tax again.
 */
export function useSaveProduct(edited: EditedProduct | null) {
  return useWrite({
    write: async (input: ProductInput, submissionId) => {
      const product =
        edited === null ? await createProduct(input, submissionId) : await updateProduct({ edited, input });
      const tax = itemTaxFromForm(input);
      if (itemTaxChanged(tax, edited?.tax ?? noItemTax)) {
        await callRpc('set_item_tax', {
          product_id: product.id,
          hsn_code: tax.hsn_code ?? undefined,
          gst_rate: tax.gst_rate ?? undefined,
          rate_rule: tax.rate_rule ?? undefined,
        });
      }
      return product;
    },
    tables: ['products', 'bom_items', 'item_tax_backfills'],
  });
}
