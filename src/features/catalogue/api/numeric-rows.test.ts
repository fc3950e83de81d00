import { describe, expect, it } from 'vitest';
import { toProduct, type Product } from './products';
import { toRawMaterial, type RawMaterial } from './raw-materials';

// The REST layer sends Postgres numeric columns as strings; the types say number.
const asRow = <T>(row: Record<string, unknown>) => row as T;

describe('numeric columns from the REST layer', () => {
  it('become numbers in products', () => {
    const product = toProduct(
      asRow<Product>({
        id: 'p1',
        sku: 'KUR-01',
        product_name: 'Kurta',
        category: null,
        selling_price: '1299.00',
        stock_on_hand: 7,
        reorder_point: '10',
      }),
    );
    expect(product).toMatchObject({ selling_price: 1299, stock_on_hand: 7, reorder_point: 10 });
  });

  it('become numbers in raw materials', () => {
    const material = toRawMaterial(
      asRow<RawMaterial>({
        id: 'm1',
        material_name: 'Cotton fabric',
        supplier: null,
        cost_per_unit: '120.50',
        stock_level: '42.250',
        unit_of_measure: 'metres',
        reorder_point: '20.000',
      }),
    );
    expect(material).toMatchObject({ cost_per_unit: 120.5, stock_level: 42.25, reorder_point: 20 });
  });
});
