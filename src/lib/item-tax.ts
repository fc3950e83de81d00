import { z } from 'zod';
import { readTypedNumber } from './form-fields';

/**
 * GST rates in force for goods since 22 September 2025 (percent), as set_item_tax accepts them for
 * an item; 12 and 28 remain only on sales before that day, so a form never offers them.
 */
export const gstRatesInForce = ['0', '0.25', '3', '5', '18', '40'] as const;

/** The rate select's value for a price-dependent rule (5% up to ₹2,500 a unit, 18% above). */
export const PRICE_DEPENDENT = 'by-price';

/** The rate select's choices: no rate yet, each rate in force, and a rate by the unit price. */
export const gstRateOptions = [
  { value: '', label: 'Not set' },
  ...gstRatesInForce.map((rate) => ({ value: rate, label: `${rate}%` })),
  { value: PRICE_DEPENDENT, label: 'Depends on the price' },
];

/** A price-dependent rate as set_item_tax takes it: `rate` up to `up_to` a unit, `above` beyond. */
// A type, not an interface: it must be assignable to the RPC's Json argument.
export type RateRule = {
  up_to: number;
  rate: number;
  above: number;
};

/** An item's tax as set_item_tax takes it (the item's id aside). */
export interface ItemTax {
  hsn_code: string | null;
  gst_rate: number | null;
  rate_rule: RateRule | null;
}

export const noItemTax: ItemTax = { hsn_code: null, gst_rate: null, rate_rule: null };

/** The tax fields of an item form, as typed. */
export const itemTaxFields = {
  hsn_code: z.string(),
  gst_rate: z.string(),
  rule_up_to: z.string(),
  rule_rate: z.string(),
  rule_above: z.string(),
};
type ItemTaxForm = { [Field in keyof typeof itemTaxFields]: string };

/** The form's first values for an item's tax (the item's, or none). */
export function itemTaxFormValues(tax: ItemTax): ItemTaxForm {
  return {
    hsn_code: tax.hsn_code ?? '',
    gst_rate: tax.rate_rule ? PRICE_DEPENDENT : tax.gst_rate === null ? '' : String(Number(tax.gst_rate)),
    rule_up_to: tax.rate_rule ? String(Number(tax.rate_rule.up_to)) : '',
    rule_rate: tax.rate_rule ? String(Number(tax.rate_rule.rate)) : '5',
    rule_above: tax.rate_rule ? String(Number(tax.rate_rule.above)) : '18',
  };
}

type IssueSink = { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void };

/**
 * set_item_tax's refusals, for feedback on the fields before a save (the server decides): an HSN
 * code of 4, 6 or 8 digits, and for a price-dependent rate an amount in rupees and two rates in force.
 */
export function checkItemTax(values: ItemTaxForm, ctx: IssueSink): void {
  const hsn = values.hsn_code.trim();
  if (!/^(\d{4}|\d{6}|\d{8})?$/.test(hsn)) {
    ctx.addIssue({ code: 'custom', path: ['hsn_code'], message: 'HSN code must be 4, 6 or 8 digits.' });
  }
  // Both or neither: an HSN code without a rate (or a rate without a code) taxes nothing.
  if (hsn === '' && values.gst_rate !== '') {
    ctx.addIssue({ code: 'custom', path: ['hsn_code'], message: 'HSN code is required.' });
  }
  if (hsn !== '' && values.gst_rate === '') {
    ctx.addIssue({ code: 'custom', path: ['gst_rate'], message: 'GST rate is required.' });
  }
  if (values.gst_rate !== PRICE_DEPENDENT) return;
  const upTo = readTypedNumber(values.rule_up_to);
  if (upTo === null || upTo.value <= 0 || upTo.decimals > 2) {
    ctx.addIssue({ code: 'custom', path: ['rule_up_to'], message: 'Enter the price per unit in rupees, above 0.' });
  }
  if (Number(values.rule_rate) >= Number(values.rule_above)) {
    ctx.addIssue({
      code: 'custom',
      path: ['rule_above'],
      message: "Rate rule's rate up to the price must be lower than its rate above it.",
    });
  }
}

/** The item's tax the form's values stand for. */
export function itemTaxFromForm(values: ItemTaxForm): ItemTax {
  const hsn = values.hsn_code.trim() === '' ? null : values.hsn_code.trim();
  if (values.gst_rate === PRICE_DEPENDENT) {
    return {
      hsn_code: hsn,
      gst_rate: null,
      rate_rule: {
        up_to: readTypedNumber(values.rule_up_to)!.value,
        rate: Number(values.rule_rate),
        above: Number(values.rule_above),
      },
    };
  }
  return { hsn_code: hsn, gst_rate: values.gst_rate === '' ? null : Number(values.gst_rate), rate_rule: null };
}

/** Whether a save must set the item's tax: the form says something else than the item has. */
export function itemTaxChanged(next: ItemTax, current: ItemTax): boolean {
  const rule = (tax: ItemTax) =>
    tax.rate_rule ? [Number(tax.rate_rule.up_to), Number(tax.rate_rule.rate), Number(tax.rate_rule.above)] : null;
  return (
    next.hsn_code !== current.hsn_code ||
    (next.gst_rate === null ? null : Number(next.gst_rate)) !==
      (current.gst_rate === null ? null : Number(current.gst_rate)) ||
    JSON.stringify(rule(next)) !== JSON.stringify(rule(current))
  );
}

/** An item's rate as a list shows it: '5%', '5% up to ₹2,500, 18% above', or '—'. */
export function describeItemTax(tax: ItemTax, formatRupees: (amount: number) => string): string {
  if (tax.rate_rule) {
    const { up_to, rate, above } = tax.rate_rule;
    return `${Number(rate)}% up to ${formatRupees(Number(up_to))}, ${Number(above)}% above`;
  }
  return tax.gst_rate === null ? '—' : `${Number(tax.gst_rate)}%`;
}

/**
 * A combo's tax as a mixed supply (issue 42): its parts' tax at the highest rate, a price rule
 * counting as its rate above the price (a fixed rate wins a tie: a rule's higher rate is only its
 * highest). None when no part has a rate.
 */
export function mixedSupplyTax(parts: ItemTax[]): ItemTax {
  const highest = (tax: ItemTax) => (tax.rate_rule ? Number(tax.rate_rule.above) : Number(tax.gst_rate));
  return parts
    .filter((tax) => tax.hsn_code !== null && (tax.gst_rate !== null || tax.rate_rule !== null))
    .reduce<ItemTax>(
      (best, tax) =>
        best.hsn_code === null ||
        highest(tax) > highest(best) ||
        (highest(tax) === highest(best) && best.rate_rule !== null && tax.rate_rule === null)
          ? tax
          : best,
      noItemTax,
    );
}
