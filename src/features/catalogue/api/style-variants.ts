/**
 * How a style's variants are named, as create_style and add_style_variants name them
 * (private.variant_sku, variant_name in supabase/schemas/styles.sql): every combination of the
 * options' values (the first option varying slowest), SKU `{PREFIX}-{VALUE}-{VALUE}` in upper case
 * with each run of spaces a hyphen, name `{style} - {value} / {value}`.
 */

// A type, not an interface: an RPC's Json argument takes it.
export type StyleOption = {
  name: string;
  values: string[];
};

/** One part of a variant's SKU: trimmed, upper case, each run of spaces a hyphen. */
export function skuPart(text: string): string {
  return text.trim().replace(/\s+/g, '-').toUpperCase();
}

export function variantSku(prefix: string, values: readonly string[]): string {
  return [prefix, ...values].map(skuPart).join('-');
}

/** Every combination of the options' values, in order: S/Blue, S/Red, M/Blue, … */
export function combinations(options: readonly { values: readonly string[] }[]): string[][] {
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

/** How many variants the options make. */
export function variantCount(options: readonly { values: readonly string[] }[]): number {
  return options.reduce((count, option) => count * option.values.length, 1);
}

export interface VariantPreview {
  values: string[];
  sku: string;
}

/** The variants a style form would create, with their SKUs: none until every option has a value. */
export function previewVariants(prefix: string, options: readonly StyleOption[]): VariantPreview[] {
  if (options.length === 0 || options.some((option) => option.values.length === 0)) return [];
  return combinations(options).map((values) => ({ values, sku: variantSku(prefix, values) }));
}
