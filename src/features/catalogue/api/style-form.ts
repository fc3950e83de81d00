import { z } from 'zod';
import {
  numberField,
  numberFieldText,
  checked,
  productFieldRules,
  styleFieldRules as rules,
  textField,
  textLength,
} from '@/lib/form-fields';
import {
  checkItemTax,
  itemTaxFields,
  itemTaxFormValues,
  itemTaxFromForm,
  noItemTax,
  type ItemTax,
} from '@/lib/item-tax';
import type { Style, StyleBomLine } from './styles';
import { previewVariants, skuPart, variantCount, type StyleOption } from './style-variants';

/** A BOM row's basis: one quantity for every variant, or one per value of the option at this index. */
export const SAME_FOR_ALL = 'all';

const typedNumber = z.union([z.string(), z.number()]);

const styleFormShape = z.object({
  style_name: z.string(),
  category: z.string(),
  sku_prefix: z.string(),
  selling_price: typedNumber,
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  bom: z.array(
    z.object({
      material_id: z.string().nullable(),
      /** SAME_FOR_ALL, or the index of the option the quantity follows ('0' for the first). */
      basis: z.string(),
      quantity: typedNumber,
      /** With an option as basis: the quantity for each of its values, in the option's order. */
      quantities: z.array(typedNumber),
    }),
  ),
  // Issue 31: the HSN code and GST rate of every variant (set_item_tax by style); empty: none.
  ...itemTaxFields,
});

export type StyleForm = z.input<typeof styleFormShape>;
type StyleBomRowForm = StyleForm['bom'][number];

/** What create_style takes (and update_style, add_style_variants, their parts of it), and the variants' tax. */
export interface StyleInput {
  style_name: string;
  category: string;
  sku_prefix: string;
  selling_price: number;
  options: StyleOption[];
  bom: StyleBomLine[];
  /** For set_item_tax, after the style is saved. */
  tax: ItemTax;
}

// The fields' own checks, with the messages every form of the app uses.
const fieldSchemas = {
  style_name: textField(rules.styleName),
  category: textField(productFieldRules.category),
  sku_prefix: textField(rules.skuPrefix),
  selling_price: numberField(productFieldRules.sellingPrice),
  optionName: textField(rules.optionName),
  bomQuantity: numberField(productFieldRules.bomQuantity),
};

/**
 * Values compare as their SKUs show them: 'navy blue', 'Navy Blue' and 'Navy-Blue' would make one
 * SKU, which create_style refuses.
 */
const sameInSku = (text: string) => skuPart(text);

// create_style's refusals of the options (private.require_style_options), with its messages.
function checkOptions(options: StyleForm['options'], ctx: z.RefinementCtx) {
  if (options.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: 'A style needs at least one option (for example Size).',
    });
  }
  if (options.length > rules.maxOptions) {
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: `A style can have at most ${rules.maxOptions} options; this one has ${options.length}.`,
    });
  }
  const names = new Set<string>();
  options.forEach((option, index) => {
    const name = checked(ctx, fieldSchemas.optionName, option.name, ['options', index, 'name']);
    if (name !== undefined) {
      if (names.has(name.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['options', index, 'name'], message: `Option ${name} is listed twice.` });
      }
      names.add(name.toLowerCase());
    }
    const path = ['options', index, 'values'];
    const optionName = name || `Option ${index + 1}`;
    if (option.values.length === 0) {
      ctx.addIssue({ code: 'custom', path, message: `${optionName} needs at least one value.` });
    } else if (option.values.length > rules.maxValues) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `${optionName} can have at most ${rules.maxValues} values; it has ${option.values.length}.`,
      });
    }
    const seen = new Set<string>();
    for (const value of option.values) {
      const valueSchema = textField({ ...rules.optionValue, label: `A value of ${optionName}` });
      if (checked(ctx, valueSchema, value, path) === undefined) break;
      if (seen.has(sameInSku(value))) {
        ctx.addIssue({ code: 'custom', path, message: `${optionName} lists ${value.trim()} twice.` });
        break;
      }
      seen.add(sameInSku(value));
    }
  });
  const count = variantCount(options);
  if (options.length > 0 && count > rules.maxVariants) {
    ctx.addIssue({
      code: 'custom',
      path: ['options'],
      message: `A style can have at most ${rules.maxVariants} variants; these options make ${count}.`,
    });
  }
}

/** Every variant's SKU must fit the product column (a name always fits: 100 characters and 3 values of 20). */
function checkVariantLimits(form: StyleForm, ctx: z.RefinementCtx) {
  const variants = previewVariants(form.sku_prefix, form.options);
  const longestSku = variants.find((variant) => textLength(variant.sku) > productFieldRules.sku.maxLength);
  if (longestSku) {
    ctx.addIssue({
      code: 'custom',
      path: ['sku_prefix'],
      message: `The SKU ${longestSku.sku} would be longer than ${productFieldRules.sku.maxLength} characters; shorten the SKU prefix or the values.`,
    });
  }
}

/** Each BOM row as create_style takes it, or undefined where the row has a problem (reported). */
function checkBom(form: StyleForm, ctx: z.RefinementCtx): (StyleBomLine | undefined)[] {
  const materials = new Set<string>();
  return form.bom.map((row, index) => {
    if (!row.material_id) {
      ctx.addIssue({ code: 'custom', path: ['bom', index, 'material_id'], message: 'Choose a material.' });
    } else if (materials.has(row.material_id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['bom', index, 'material_id'],
        message: 'This material is already in the BOM.',
      });
    }
    if (row.material_id) materials.add(row.material_id);
    const option = row.basis === SAME_FOR_ALL ? undefined : form.options[Number(row.basis)];
    if (option === undefined) {
      const quantity = checked(ctx, fieldSchemas.bomQuantity, row.quantity, ['bom', index, 'quantity']);
      return row.material_id && quantity !== undefined ? { material_id: row.material_id, quantity } : undefined;
    }
    const quantities = option.values.map((value, valueIndex) => [
      value.trim(),
      checked(ctx, fieldSchemas.bomQuantity, row.quantities[valueIndex] ?? '', [
        'bom',
        index,
        'quantities',
        valueIndex,
      ]),
    ]);
    return row.material_id && quantities.every(([, quantity]) => quantity !== undefined)
      ? { material_id: row.material_id, by_option: option.name.trim(), quantities: Object.fromEntries(quantities) }
      : undefined;
  });
}

/**
 * The style form's checks, for a new style and an edited one alike: create_style's refusals, for
 * feedback on the field before a save (a SKU another product has is the server's answer, shown on
 * the SKU prefix). Its output is create_style's arguments.
 */
export const styleFormSchema = styleFormShape.transform((form, ctx): StyleInput => {
  const style_name = checked(ctx, fieldSchemas.style_name, form.style_name, ['style_name']);
  const category = checked(ctx, fieldSchemas.category, form.category, ['category']);
  const sku_prefix = checked(ctx, fieldSchemas.sku_prefix, form.sku_prefix, ['sku_prefix']);
  const selling_price = checked(ctx, fieldSchemas.selling_price, form.selling_price, ['selling_price']);
  checkOptions(form.options, ctx);
  checkVariantLimits(form, ctx);
  const bom = checkBom(form, ctx);
  const taxIssues: string[] = [];
  checkItemTax(form, {
    addIssue: (issue) => {
      taxIssues.push(issue.message);
      ctx.addIssue(issue);
    },
  });
  if (
    style_name === undefined ||
    category === undefined ||
    sku_prefix === undefined ||
    selling_price === undefined ||
    bom.some((line) => line === undefined) ||
    taxIssues.length > 0
  ) {
    return z.NEVER;
  }
  return {
    style_name,
    category,
    sku_prefix,
    selling_price,
    options: form.options.map((option) => ({
      name: option.name.trim(),
      values: option.values.map((value) => value.trim()),
    })),
    bom: bom as StyleBomLine[],
    tax: itemTaxFromForm(form),
  };
});

export const newStyleOption: StyleForm['options'][number] = { name: '', values: [] };
export const newStyleBomRow: StyleBomRowForm = {
  material_id: null,
  basis: SAME_FOR_ALL,
  quantity: '1',
  quantities: [],
};

/** A new style: one option to fill in (Size), no BOM yet, the spec's new-product price of 0. */
export const newStyleDefaults: StyleForm = {
  style_name: '',
  category: '',
  sku_prefix: '',
  selling_price: '0',
  options: [{ name: 'Size', values: [] }],
  bom: [],
  ...itemTaxFormValues(noItemTax),
};

/** The form's first values: a new style's, or the edited style as its fields show it. */
export function styleFormDefaults(edited: Style | null, tax: ItemTax = noItemTax): StyleForm {
  if (edited === null) return newStyleDefaults;
  return {
    ...itemTaxFormValues(tax),
    style_name: edited.style_name,
    category: edited.category ?? '',
    sku_prefix: edited.sku_prefix,
    selling_price: numberFieldText(edited.selling_price),
    options: edited.options.map((option) => ({ name: option.name, values: [...option.values] })),
    bom: edited.bom.map((line) => {
      if (!('by_option' in line)) {
        return {
          material_id: line.material_id,
          basis: SAME_FOR_ALL,
          quantity: numberFieldText(line.quantity),
          quantities: [],
        };
      }
      const optionIndex = edited.options.findIndex((option) => option.name === line.by_option);
      const values = edited.options[optionIndex]?.values ?? [];
      return {
        material_id: line.material_id,
        basis: String(optionIndex),
        quantity: '1',
        quantities: values.map((value) => {
          const quantity = line.quantities[value];
          return quantity === undefined ? '' : numberFieldText(quantity);
        }),
      };
    }),
  };
}

/**
 * The BOM rows after an option's values changed: a row following that option keeps each value's
 * quantity (found by value, wherever it moved) and gets an empty one for a new value.
 */
export function bomAfterValuesChange(
  bom: readonly StyleBomRowForm[],
  optionIndex: number,
  previousValues: readonly string[],
  values: readonly string[],
): StyleBomRowForm[] {
  return bom.map((row) =>
    row.basis !== String(optionIndex)
      ? row
      : {
          ...row,
          quantities: values.map((value) => {
            const previous = previousValues.indexOf(value);
            return previous === -1 ? '' : (row.quantities[previous] ?? '');
          }),
        },
  );
}

/**
 * The BOM rows after an option was removed: rows following it become one quantity for all (the
 * first value's, if typed), and rows following a later option keep following it at its new index.
 */
export function bomAfterOptionRemoved(bom: readonly StyleBomRowForm[], optionIndex: number): StyleBomRowForm[] {
  return bom.map((row) => {
    if (row.basis === SAME_FOR_ALL) return row;
    const basis = Number(row.basis);
    if (basis === optionIndex) {
      const first = row.quantities[0];
      return {
        ...row,
        basis: SAME_FOR_ALL,
        quantity: first === undefined || first === '' ? row.quantity : first,
        quantities: [],
      };
    }
    return basis > optionIndex ? { ...row, basis: String(basis - 1) } : row;
  });
}

/**
 * A row switched to another basis: one quantity for all fills every value of the chosen option
 * (the owner then changes those that differ); back to all keeps the first value's quantity.
 */
export function bomRowWithBasis(row: StyleBomRowForm, basis: string, options: StyleForm['options']): StyleBomRowForm {
  if (basis === SAME_FOR_ALL) return bomAfterOptionRemoved([row], Number(row.basis))[0]!;
  const values = options[Number(basis)]?.values ?? [];
  const fill = row.basis === SAME_FOR_ALL ? row.quantity : (row.quantities[0] ?? '');
  return { ...row, basis, quantities: values.map(() => fill) };
}
