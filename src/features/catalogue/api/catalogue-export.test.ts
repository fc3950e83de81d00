import { describe, expect, it } from 'vitest';
import { catalogueFields, parseCatalogueCsv } from '../utils/catalogue-csv';
import { initialItemList } from '@/features/catalogue/api/item-lists';
import { toCsv } from '@/lib/csv';
import { bomCell, gridPosition, inStyleGridOrder, productsExport, rawMaterialsExport } from './catalogue-export';

describe('bomCell', () => {
  it('writes a BOM as the import reads it, by material name, quantities without trailing zeros', () => {
    expect(
      bomCell([
        { quantity: 1.5, raw_materials: { material_name: 'Cotton fabric' } },
        { quantity: '4.000' as unknown as number, raw_materials: { material_name: 'Buttons' } },
      ]),
    ).toBe('Buttons: 4; Cotton fabric: 1.5');
    expect(bomCell([])).toBe('');
  });
});

describe('catalogue exports', () => {
  it('start with the import template columns, so an exported file imports as it is', () => {
    const headers = (columns: { header: string }[]) => columns.map((column) => column.header);
    expect(
      headers(productsExport(initialItemList('created_at')).columns).slice(0, catalogueFields.products.length),
    ).toEqual(headers(catalogueFields.products));
    expect(
      headers(rawMaterialsExport(initialItemList('created_at')).columns).slice(0, catalogueFields.raw_materials.length),
    ).toEqual(headers(catalogueFields.raw_materials));
  });

  it('write a variant’s style and options cells as the import reads them, and blanks for a product without a style', () => {
    const product = {
      id: 'p',
      sku: 'KRT-S-RED',
      product_name: 'Kurta - S / Red',
      category: 'Ethnic',
      selling_price: 799,
      stock_on_hand: 0,
      reorder_point: 10,
      archived_at: null,
      unit_of_measure: 'pcs',
      is_combo: false,
      style_id: 's',
      style_name: 'Kurta',
      options: 'Size: S; Colour: Red',
      bom_items: [{ quantity: 1.8, raw_materials: { material_name: 'Fabric' } }],
      grid_position: [0, 0],
    };
    const cap = { ...product, sku: 'CAP', product_name: 'Cap', style_id: null, style_name: null, options: null };
    const file = toCsv(productsExport(initialItemList('created_at')).columns, [product, cap]);
    const parsed = parseCatalogueCsv('products', file);
    expect(parsed.ok && parsed.rows).toEqual([
      expect.objectContaining({
        sku: 'KRT-S-RED',
        bom: 'Fabric: 1.8',
        style: 'Kurta',
        options: 'Size: S; Colour: Red',
      }),
      expect.objectContaining({ sku: 'CAP', style: '', options: '' }),
    ]);
  });
});

describe('gridPosition', () => {
  const options = [
    { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
    { name: 'Colour', values: ['Red', 'Blue'] },
  ];

  it('places a variant by the index of each of its values among its option’s', () => {
    expect(gridPosition(['S', 'Red'], options)).toEqual([0, 0]);
    expect(gridPosition(['XL', 'Blue'], options)).toEqual([3, 1]);
  });

  it('refuses options that are not the styles table’s shape', () => {
    expect(() => gridPosition(['S'], { Size: ['S'] })).toThrow();
  });
});

describe('inStyleGridOrder', () => {
  const row = (id: string, style_id: string | null, grid_position: number[] | null) => ({
    id,
    style_id,
    grid_position,
  });

  it('puts the rows of each style in grid order in the places they had, first option outermost', () => {
    const rows = [
      row('kurta M Blue', 'kurta', [1, 1]),
      row('cap', null, null),
      row('kurta S Blue', 'kurta', [0, 1]),
      row('tee L', 'tee', [2]),
      row('kurta M Red', 'kurta', [1, 0]),
      row('tee S', 'tee', [0]),
      row('kurta S Red', 'kurta', [0, 0]),
      row('mug', null, null),
    ];
    expect(inStyleGridOrder(rows).map((arranged) => arranged.id)).toEqual([
      'kurta S Red',
      'cap',
      'kurta S Blue',
      'tee S',
      'kurta M Red',
      'tee L',
      'kurta M Blue',
      'mug',
    ]);
  });

  it('leaves a list without styles as it is', () => {
    const rows = [row('b', null, null), row('a', null, null)];
    expect(inStyleGridOrder(rows)).toEqual(rows);
  });
});
