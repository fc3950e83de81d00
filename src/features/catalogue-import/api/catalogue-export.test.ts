import { describe, expect, it } from 'vitest';
import { catalogueFields } from '../utils/catalogue-csv';
import { initialItemList } from '@/features/stock-items/api/item-lists';
import { bomCell, productsExport, rawMaterialsExport } from './catalogue-export';

describe('bomCell', () => {
  it('writes a BOM as the import reads it, quantities without trailing zeros', () => {
    expect(
      bomCell([
        { quantity: 1.5, raw_materials: { material_name: 'Cotton fabric' } },
        { quantity: '4.000' as unknown as number, raw_materials: { material_name: 'Buttons' } },
      ]),
    ).toBe('Cotton fabric: 1.5; Buttons: 4');
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
});
