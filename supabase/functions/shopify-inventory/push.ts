/**
 * One push: the quantities FactoryFlow can sell, per SKU, set as Shopify's "available" at one
 * location. Variants are found by SKU in batches, quantities set in batches; what Shopify refuses is
 * reported per SKU, and one failed batch loses none of the others.
 */
import { createShopify, type InventoryQuantity, LOOKUP_BATCH, SET_BATCH, ShopifyError, skuKey } from './shopify.ts';

/** SKUs pushed per call: 20 searches and 10 updates, well within a function's time. */
export const MAX_SKUS = 1000;

export interface PushPlan {
  shop_domain: string;
  access_token: string;
  location_id: string | null;
  quantities: { sku: string; quantity: number }[];
}

export interface PushError {
  /** The SKUs it concerns; empty when it concerns the whole push. */
  skus: string[];
  message: string;
}

export interface PushSummary {
  /** SKUs whose quantity Shopify set (at every variant of that SKU it has). */
  updated: number;
  /** SKUs no Shopify variant has. */
  not_found_skus: string[];
  errors: PushError[];
}

type Shopify = ReturnType<typeof createShopify>;

const chunks = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, index) => list.slice(index * size, (index + 1) * size));

export async function push(plan: PushPlan, shopify: Shopify, reference: string): Promise<PushSummary> {
  const summary: PushSummary = { updated: 0, not_found_skus: [], errors: [] };
  const wanted = plan.quantities.slice(0, MAX_SKUS);
  if (plan.quantities.length > MAX_SKUS) {
    summary.errors.push({
      skus: plan.quantities.slice(MAX_SKUS).map((line) => line.sku),
      message: `Only ${MAX_SKUS} SKUs are pushed at a time: these were not pushed.`,
    });
  }
  if (wanted.length === 0) return summary;
  // A SKU on two Shopify variants may span two batches: it counts once.
  const updated = new Set<string>();

  try {
    const locationId = plan.location_id ?? (await shopify.primaryLocationId());

    // SKU -> inventory items, batch by batch; a failed search reports its SKUs and the rest go on.
    const lines: { sku: string; item: InventoryQuantity }[] = [];
    const itemOwner = new Map<string, string>();
    for (const batch of chunks(wanted, LOOKUP_BATCH)) {
      let found: Awaited<ReturnType<Shopify['inventoryItemsBySku']>>;
      try {
        found = await shopify.inventoryItemsBySku(batch.map((line) => line.sku));
      } catch (error) {
        if (!(error instanceof ShopifyError) || error.fatal) throw error;
        summary.errors.push({ skus: batch.map((line) => line.sku), message: error.message });
        continue;
      }
      for (const line of batch) {
        const items = found.items.get(skuKey(line.sku));
        if (!items) {
          if (found.complete) summary.not_found_skus.push(line.sku);
          else
            summary.errors.push({
              skus: [line.sku],
              message: 'Shopify matched too many variants to tell whether this SKU is there.',
            });
          continue;
        }
        for (const inventoryItemId of items) {
          // Two products whose SKUs differ only in case are one Shopify variant: the first decides.
          const owner = itemOwner.get(inventoryItemId);
          if (owner !== undefined) {
            summary.errors.push({
              skus: [line.sku],
              message: `Shopify has one variant for ${owner} and ${line.sku}: only ${owner} was pushed.`,
            });
            continue;
          }
          itemOwner.set(inventoryItemId, line.sku);
          lines.push({ sku: line.sku, item: { inventoryItemId, locationId, quantity: line.quantity } });
        }
      }
    }

    for (const batch of chunks(lines, SET_BATCH)) {
      await setBatch(shopify, batch, reference, summary, updated);
    }
  } catch (error) {
    if (!(error instanceof ShopifyError)) throw error;
    summary.errors.push({ skus: [], message: error.message });
  }
  summary.updated = updated.size;
  return summary;
}

/**
 * One inventorySetQuantities call. Shopify applies a call with user errors not at all, so the
 * lines it names are reported and the rest sent once more.
 */
async function setBatch(
  shopify: Shopify,
  batch: { sku: string; item: InventoryQuantity }[],
  reference: string,
  summary: PushSummary,
  updated: Set<string>,
): Promise<void> {
  let pending = batch;
  for (let round = 0; round < 2 && pending.length > 0; round += 1) {
    let userErrors;
    try {
      userErrors = await shopify.setAvailable(
        pending.map((line) => line.item),
        reference,
      );
    } catch (error) {
      if (!(error instanceof ShopifyError) || error.fatal) throw error;
      summary.errors.push({ skus: distinctSkus(pending), message: error.message });
      return;
    }
    if (userErrors.length === 0) {
      for (const sku of distinctSkus(pending)) updated.add(sku);
      return;
    }
    const refused = new Set<number>();
    for (const userError of userErrors) {
      // field: ["input", "quantities", "<index>", ...] names the line.
      const index = Number(userError.field?.[2]);
      const line = userError.field?.[1] === 'quantities' && Number.isInteger(index) ? pending[index] : undefined;
      if (line) refused.add(index);
      summary.errors.push({ skus: line ? [line.sku] : [], message: userError.message });
    }
    const unnamed = refused.size === 0;
    if (unnamed) {
      summary.errors.push({
        skus: distinctSkus(pending),
        message: 'Shopify refused this batch: these were not pushed.',
      });
      return;
    }
    pending = pending.filter((_, index) => !refused.has(index));
    if (round === 1 && pending.length > 0) {
      summary.errors.push({
        skus: distinctSkus(pending),
        message: 'Shopify refused this batch twice: these were not pushed.',
      });
    }
  }
}

function distinctSkus(lines: { sku: string }[]): string[] {
  return [...new Set(lines.map((line) => line.sku))];
}
