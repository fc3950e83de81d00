import { rpcCase, type Case, type Fixture } from './support';

/**
 * Products counted in metres or kilograms (issue 45): their quantities take 3 decimals and no
 * finer; pieces stay whole, with the messages they always had; the unit is one of pcs, m, kg.
 */
export default function cases(f: Fixture): Case[] {
  const newProduct = { sku: 'HOSTILE-UOM', product_name: 'Hostile panel', selling_price: 100 };
  return [
    rpcCase(
      'start_production',
      'quantity 2.5 of a product in pieces',
      { product_id: f.productId, quantity_to_produce: 2.5 },
      400,
      'Quantity to produce must be a whole number.',
    ),
    rpcCase(
      'start_production',
      'quantity 0.0001 of a product in metres',
      { product_id: f.metresProductId, quantity_to_produce: 0.0001 },
      400,
      'Quantity to produce must be at least 0.001.',
    ),
    rpcCase(
      'start_production',
      'quantity 1.0005 of a product in metres',
      { product_id: f.metresProductId, quantity_to_produce: 1.0005 },
      400,
      'Quantity to produce can have at most 3 decimal places.',
    ),
    rpcCase(
      'create_product',
      'a part in pieces taken 2.5 times',
      { ...newProduct, bom: [{ product_id: f.productId, quantity: 2.5 }] },
      400,
      'Sub-assembly quantity must be a whole number.',
    ),
    rpcCase(
      'create_product',
      'a part in metres taken 0.0001 times',
      { ...newProduct, bom: [{ product_id: f.metresProductId, quantity: 0.0001 }] },
      400,
      'Sub-assembly quantity must be at least 0.001.',
    ),
    rpcCase(
      'create_product',
      'opening stock 2.5 of a product in pieces',
      { ...newProduct, stock_on_hand: 2.5 },
      400,
      'Stock on hand must be a whole number.',
    ),
    rpcCase(
      'create_product',
      'opening stock 0.0001 kg',
      { ...newProduct, stock_on_hand: 0.0001, unit_of_measure: 'kg' },
      400,
      'Stock on hand can have at most 3 decimal places.',
    ),
    rpcCase(
      'create_product',
      'unit litre',
      { ...newProduct, unit_of_measure: 'litre' },
      400,
      'Unit must be one of pcs, m, kg.',
    ),
    rpcCase(
      'create_product',
      'unit as a number',
      { ...newProduct, unit_of_measure: 1 },
      400,
      'Unit must be one of pcs, m, kg.',
    ),
    rpcCase(
      'adjust_stock',
      'count 0.0001 m',
      { product_id: f.metresProductId, counted: 10.0001, note: 'Measured' },
      400,
      'Counted stock can have at most 3 decimal places.',
    ),
    rpcCase(
      'update_product',
      'the unit of a product with stock',
      {
        product_id: f.metresProductId,
        sku: 'HOSTILE-M',
        product_name: 'Hostile dyed fabric',
        category: null,
        selling_price: 90,
        reorder_point: 0,
        unit_of_measure: 'pcs',
      },
      400,
      "The unit of Hostile dyed fabric cannot change: it has stock, production or is part of another product's BOM.",
    ),
  ];
}
