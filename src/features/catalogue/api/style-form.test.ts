import { itemTaxFormValues, noItemTax } from '@/lib/item-tax';
import { describe, expect, it } from 'vitest';
import {
  bomAfterOptionRemoved,
  bomAfterValuesChange,
  bomRowWithBasis,
  newStyleDefaults,
  SAME_FOR_ALL,
  styleFormDefaults,
  styleFormSchema,
  type StyleForm,
} from './style-form';
import type { Style } from './styles';

const messages = (input: StyleForm) =>
  styleFormSchema
    .safeParse(input)
    .error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

const kurta: StyleForm = {
  style_name: ' Cotton Kurta ',
  category: 'Apparel',
  sku_prefix: 'KUR',
  selling_price: '899',
  options: [
    { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
    { name: 'Colour', values: ['Blue', 'Red'] },
  ],
  bom: [
    { material_id: 'fabric', basis: '0', quantity: '1', quantities: ['1.8', '2', '2.2', '2.5'] },
    { material_id: 'buttons', basis: SAME_FOR_ALL, quantity: '6', quantities: [] },
  ],
  ...itemTaxFormValues({ hsn_code: '6204', gst_rate: null, rate_rule: { up_to: 2500, rate: 5, above: 18 } }),
};

describe('styleFormSchema', () => {
  it('gives create_style its arguments: trimmed text, numbers, a BOM line by Size with a quantity per size', () => {
    expect(styleFormSchema.parse(kurta)).toEqual({
      style_name: 'Cotton Kurta',
      category: 'Apparel',
      sku_prefix: 'KUR',
      selling_price: 899,
      options: [
        { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
        { name: 'Colour', values: ['Blue', 'Red'] },
      ],
      bom: [
        { material_id: 'fabric', by_option: 'Size', quantities: { S: 1.8, M: 2, L: 2.2, XL: 2.5 } },
        { material_id: 'buttons', quantity: 6 },
      ],
      tax: { hsn_code: '6204', gst_rate: null, rate_rule: { up_to: 2500, rate: 5, above: 18 } },
    });
  });

  it("takes every variant's HSN code and GST rate, checked as set_item_tax checks them (issue 31)", () => {
    expect(messages({ ...kurta, hsn_code: '62', gst_rate: '5' })).toEqual([
      { path: 'hsn_code', message: 'HSN code must be 4, 6 or 8 digits.' },
    ]);
    expect(styleFormSchema.parse({ ...kurta, ...itemTaxFormValues(noItemTax) }).tax).toEqual(noItemTax);
  });

  it('requires a name, a SKU prefix, a price above 0 and the values of each option, on their fields', () => {
    expect(messages(newStyleDefaults)).toEqual([
      { path: 'style_name', message: 'Style name is required.' },
      { path: 'sku_prefix', message: 'SKU prefix is required.' },
      { path: 'selling_price', message: 'Selling price must be at least 0.01.' },
      { path: 'options.0.values', message: 'Size needs at least one value.' },
    ]);
  });

  it('refuses what create_style refuses: no option, more than 3, a name twice, a value twice as its SKU shows it', () => {
    expect(messages({ ...kurta, options: [], bom: [] })).toEqual([
      { path: 'options', message: 'A style needs at least one option (for example Size).' },
    ]);
    const four = [1, 2, 3, 4].map((n) => ({ name: `Option ${n}`, values: ['A'] }));
    expect(messages({ ...kurta, options: four, bom: [] })).toEqual([
      { path: 'options', message: 'A style can have at most 3 options; this one has 4.' },
    ]);
    expect(
      messages({
        ...kurta,
        options: [
          { name: 'Size', values: ['S'] },
          { name: 'size ', values: ['Navy blue', 'navy  Blue'] },
        ],
        bom: [],
      }),
    ).toEqual([
      { path: 'options.1.name', message: 'Option size is listed twice.' },
      { path: 'options.1.values', message: 'size lists navy  Blue twice.' },
    ]);
  });

  it('refuses more than 100 variants and too long values, prefixes and SKUs', () => {
    const values = (count: number) => Array.from({ length: count }, (_, index) => `V${index}`);
    expect(
      messages({
        ...kurta,
        options: [
          { name: 'Size', values: values(11) },
          { name: 'Colour', values: values(10) },
        ],
        bom: [],
      }),
    ).toEqual([{ path: 'options', message: 'A style can have at most 100 variants; these options make 110.' }]);
    expect(
      messages({
        ...kurta,
        sku_prefix: 'P'.repeat(21),
        options: [{ name: 'Size', values: ['S'.repeat(21)] }],
        bom: [],
      }),
    ).toEqual([
      { path: 'sku_prefix', message: 'SKU prefix must be at most 20 characters.' },
      { path: 'options.0.values', message: 'A value of Size must be at most 20 characters.' },
    ]);
    const long = { name: 'Size', values: ['X'.repeat(20)] };
    expect(
      messages({
        ...kurta,
        sku_prefix: 'P'.repeat(20),
        options: [long, { ...long, name: 'Fit' }, { ...long, name: 'Colour' }],
        bom: [],
      }),
    ).toEqual([
      {
        path: 'sku_prefix',
        message: `The SKU ${'P'.repeat(20)}-${'X'.repeat(20)}-${'X'.repeat(20)}-${'X'.repeat(20)} would be longer than 64 characters; shorten the SKU prefix or the values.`,
      },
    ]);
  });

  it('checks every quantity of a BOM row by Size, and the material of each row, on their fields', () => {
    expect(
      messages({
        ...kurta,
        bom: [
          { material_id: 'fabric', basis: '0', quantity: '1', quantities: ['1.8', '', '2.2', '2.5555'] },
          { material_id: 'fabric', basis: SAME_FOR_ALL, quantity: '0', quantities: [] },
          { material_id: null, basis: SAME_FOR_ALL, quantity: '1', quantities: [] },
        ],
      }),
    ).toEqual([
      { path: 'bom.0.quantities.1', message: 'Each BOM row needs a quantity.' },
      { path: 'bom.0.quantities.3', message: 'BOM quantity can have at most 3 decimal places.' },
      { path: 'bom.1.material_id', message: 'This material is already in the BOM.' },
      { path: 'bom.1.quantity', message: 'BOM quantity must be at least 0.001.' },
      { path: 'bom.2.material_id', message: 'Choose a material.' },
    ]);
  });
});

describe('the BOM grid as options change', () => {
  const bySize = { material_id: 'fabric', basis: '0', quantity: '1', quantities: ['1.8', '2', '2.2'] };

  it('keeps each size its quantity when sizes are added, moved or removed', () => {
    expect(bomAfterValuesChange([bySize], 0, ['S', 'M', 'L'], ['S', 'L', 'XL'])[0]!.quantities).toEqual([
      '1.8',
      '2.2',
      '',
    ]);
  });

  it('leaves rows that follow another option or none as they were', () => {
    const same = { material_id: 'buttons', basis: SAME_FOR_ALL, quantity: '6', quantities: [] };
    expect(bomAfterValuesChange([same], 0, ['S'], ['S', 'M'])).toEqual([same]);
  });

  it('turns rows by a removed option into one quantity for all, and renumbers rows by a later one', () => {
    const byColour = { material_id: 'dye', basis: '1', quantity: '1', quantities: ['0.1', '0.2'] };
    expect(bomAfterOptionRemoved([bySize, byColour], 0)).toEqual([
      { ...bySize, basis: SAME_FOR_ALL, quantity: '1.8', quantities: [] },
      { ...byColour, basis: '0' },
    ]);
  });

  it('fills every size with the quantity for all when a row becomes by Size', () => {
    const same = { material_id: 'fabric', basis: SAME_FOR_ALL, quantity: '2', quantities: [] };
    expect(bomRowWithBasis(same, '0', [{ name: 'Size', values: ['S', 'M'] }])).toEqual({
      ...same,
      basis: '0',
      quantities: ['2', '2'],
    });
  });
});

describe('styleFormDefaults', () => {
  it('shows an edited style as its fields do, each BOM line by its option and values', () => {
    const style: Style = {
      style_id: 'kurta',
      style_name: 'Kurta',
      category: null,
      sku_prefix: 'KUR',
      selling_price: 899,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      bom: [
        { material_id: 'fabric', by_option: 'Size', quantities: { M: 2, S: 1.8 } },
        { material_id: 'buttons', quantity: 6 },
      ],
      variants: [],
    };
    expect(styleFormDefaults(style, { hsn_code: '6204', gst_rate: 5, rate_rule: null })).toEqual({
      hsn_code: '6204',
      gst_rate: '5',
      rule_up_to: '',
      rule_rate: '5',
      rule_above: '18',
      style_name: 'Kurta',
      category: '',
      sku_prefix: 'KUR',
      selling_price: '899',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      bom: [
        { material_id: 'fabric', basis: '0', quantity: '1', quantities: ['1.8', '2'] },
        { material_id: 'buttons', basis: SAME_FOR_ALL, quantity: '6', quantities: [] },
      ],
    });
  });
});
