import { z } from 'zod';
import { choiceField, numberField, numberFieldText, productFieldRules, textField } from '@/lib/form-fields';
import { checkItemTax, itemTaxFields, itemTaxFormValues, noItemTax, type ItemTax } from '@/lib/item-tax';
import { componentQuantityRules } from './field-rules';

/** A combo's part: a product and how many of it one combo holds. */
const componentRowSchema = z.object({
  product_id: choiceField('Choose a product.'),
  quantity: numberField(componentQuantityRules),
});

/** The most parts a combo takes (create_combo's bound). */
export const MAX_COMBO_COMPONENTS = 50;

/**
 * The one combo form (issue 34), for a new combo and an edited one: create_combo's checks, for
 * feedback before a save. A part that is this combo, or a combo containing it, is the server's answer.
 */
export const comboFormSchema = z
  .object({
    sku: textField(productFieldRules.sku),
    product_name: textField(productFieldRules.productName),
    category: textField(productFieldRules.category),
    selling_price: numberField(productFieldRules.sellingPrice),
    components: z
      .array(componentRowSchema)
      .min(1, 'A combo needs at least one part.')
      .max(MAX_COMBO_COMPONENTS, `A combo can have at most ${MAX_COMBO_COMPONENTS} products.`),
    // Issue 42: its own HSN code and GST rate, saved by set_item_tax.
    ...itemTaxFields,
  })
  .superRefine((combo, ctx) => {
    checkItemTax(combo, ctx);
    const seen = new Set<string>();
    combo.components.forEach((row, index) => {
      if (seen.has(row.product_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['components', index, 'product_id'],
          message: 'This product is already a part.',
        });
      }
      seen.add(row.product_id);
    });
  });

export type ComboForm = z.input<typeof comboFormSchema>;
export type ComboInput = z.output<typeof comboFormSchema>;

export interface EditedCombo {
  id: string;
  sku: string;
  product_name: string;
  category: string | null;
  selling_price: number;
  components: { product_id: string; quantity: number }[];
  tax: ItemTax;
}

export const newComponentRow = { product_id: null, quantity: '' } satisfies ComboForm['components'][number];

export function comboFormDefaults(edited: EditedCombo | null): ComboForm {
  if (!edited) {
    return {
      sku: '',
      product_name: '',
      category: '',
      selling_price: '',
      components: [{ ...newComponentRow, quantity: '2' }],
      ...itemTaxFormValues(noItemTax),
    };
  }
  return {
    sku: edited.sku,
    product_name: edited.product_name,
    category: edited.category ?? '',
    selling_price: numberFieldText(edited.selling_price),
    components: edited.components.map((part) => ({
      product_id: part.product_id,
      quantity: numberFieldText(part.quantity),
    })),
    ...itemTaxFormValues(edited.tax),
  };
}
