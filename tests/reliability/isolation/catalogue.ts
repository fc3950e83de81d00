import { expect } from 'vitest';
import { rpcOk } from '../support';
import type { IsolationArea } from './support';

/** The catalogue: products, materials, BOMs, the stock ledger, costs and styles. */
const area: IsolationArea = {
  tables: {
    products: {
      key: (owner) => ['id', owner.productId],
      row: (owner, user_id) => ({
        id: owner.productId,
        user_id,
        sku: 'PWNED',
        product_name: 'Pwned',
        selling_price: 1,
        stock_on_hand: 999,
      }),
      edit: { product_name: 'Pwned' },
    },
    raw_materials: {
      key: (owner) => ['id', owner.materialId],
      row: (owner, user_id) => ({ id: owner.materialId, user_id, material_name: 'Pwned', stock_level: 999 }),
      edit: { material_name: 'Pwned' },
    },
    bom_items: {
      key: (owner) => ['product_id', owner.productId],
      row: (owner, user_id) => ({ product_id: owner.productId, material_id: owner.materialId, user_id, quantity: 999 }),
      edit: { quantity: 999 },
    },
    stock_movements: {
      key: (_owner, snapshot) => ['id', String((snapshot.stock_movements![0] as { id: string | number }).id)],
      row: (owner, user_id) => ({
        user_id,
        product_id: owner.productId,
        quantity: 999,
        balance_after: 999,
        reason: 'opening_stock',
      }),
      edit: { quantity: 999 },
    },
    styles: {
      key: (owner) => ['id', owner.styleId],
      row: (owner, user_id) => ({
        id: owner.styleId,
        user_id,
        style_name: 'Pwned',
        sku_prefix: 'P',
        selling_price: 1,
        options: [{ name: 'Size', values: ['X'] }],
      }),
      edit: { style_name: 'Pwned' },
    },
    style_variants: {
      key: (owner) => ['product_id', owner.variantId],
      row: (owner, user_id) => ({
        product_id: owner.variantId,
        style_id: owner.styleId,
        user_id,
        option_values: ['X'],
      }),
      edit: { option_values: ['Pwned'] },
    },
    style_bom_items: {
      key: (owner) => ['style_id', owner.styleId],
      row: (owner, user_id) => ({
        style_id: owner.styleId,
        material_id: owner.materialId,
        user_id,
        position: 1,
        quantity: 999,
      }),
      edit: { quantity: 999 },
    },
  },
  attempts: 29,
  async attack({ first, second, db, as }, attempts) {
    // Embedded resources follow RLS too: nothing of the first user's comes along with own rows.
    await attempts.read(
      'products with every embedding',
      () => db.from('products').select('*, sales_orders(*), bom_items(*), manufacturing_orders(*)'),
      'own',
    );
    await attempts.read(
      'stock_movements with every embedding',
      () =>
        db.from('stock_movements').select('*, products(*), raw_materials(*), sales_orders(*), manufacturing_orders(*)'),
      'own',
    );
    await attempts.read(
      "sales_orders inner-joined to the first user's product",
      () => db.from('sales_orders').select('*, products!inner(*)').eq('products.id', first.productId),
      'none',
    );

    await attempts.read(
      "bom_items inner-joined to the first user's materials",
      () => db.from('bom_items').select('*, raw_materials!inner(*)').eq('raw_materials.user_id', first.user.id),
      'none',
    );

    for (const materialId of [first.materialId, first.materialId.toUpperCase()]) {
      await attempts.call(
        `create_product with the first user's material ${materialId}`,
        as('create_product', {
          sku: `STEAL-${materialId.slice(0, 4)}`,
          product_name: 'Steal',
          selling_price: 1,
          bom: [{ material_id: materialId, quantity: 1 }],
        }),
        'Material not found.',
      );
    }

    // The month's operations: receipts, counts, edits, archiving, cancellations and returns.
    await attempts.call(
      'receive_material',
      as('receive_material', { material_id: first.materialId, quantity: 5 }),
      'Material not found.',
    );
    await attempts.call(
      'adjust_stock (product)',
      as('adjust_stock', { product_id: first.productId, counted: 0, note: 'Mine' }),
      'Product not found.',
    );
    await attempts.call(
      'adjust_stock (material)',
      as('adjust_stock', { material_id: first.materialId, counted: 0, note: 'Mine' }),
      'Material not found.',
    );
    await attempts.call(
      'update_product',
      as('update_product', {
        product_id: first.productId,
        sku: 'PWNED',
        product_name: 'Pwned',
        category: null,
        selling_price: 1,
        reorder_point: 0,
        bom: [],
      }),
      'Product not found.',
    );
    await attempts.call(
      "update_product of an own product with the first user's material",
      as('update_product', {
        product_id: second.productId,
        sku: 'SKU-Second shirt',
        product_name: 'Second shirt',
        category: null,
        selling_price: 100,
        reorder_point: 0,
        bom: [{ material_id: first.materialId, quantity: 1 }],
      }),
      'Material not found.',
    );
    // Sub-assemblies and costs (issue 33): the first user's product is no line of a BOM of the
    // second's, nor are its costs theirs to set.
    await attempts.call(
      "create_product with the first user's product as a sub-assembly",
      as('create_product', {
        sku: 'STEAL-SUB',
        product_name: 'Steal',
        selling_price: 1,
        bom: [{ product_id: first.productId, quantity: 1 }],
      }),
      'Product not found.',
    );
    await attempts.call(
      "update_product of an own product with the first user's product as a sub-assembly",
      as('update_product', {
        product_id: second.productId,
        sku: 'SKU-Second shirt',
        product_name: 'Second shirt',
        category: null,
        selling_price: 100,
        reorder_point: 0,
        bom: [{ product_id: first.productId, quantity: 1 }],
      }),
      'Product not found.',
    );
    await attempts.call(
      'set_product_costs',
      as('set_product_costs', { product_id: first.productId, labour_per_unit: 0, purchase_cost: 1 }),
      'Product not found.',
    );
    await attempts.call(
      'update_raw_material',
      as('update_raw_material', {
        material_id: first.materialId,
        material_name: 'Pwned',
        supplier: null,
        cost_per_unit: 0,
        unit_of_measure: 'units',
        reorder_point: 0,
      }),
      'Material not found.',
    );
    await attempts.call(
      'archive_item (product)',
      as('archive_item', { product_id: first.productId }),
      'Product not found.',
    );
    await attempts.call(
      'archive_item (material)',
      as('archive_item', { material_id: first.materialId }),
      'Material not found.',
    );

    // The costing, the profit panels, the shopping list and the unit costs read only the caller's rows.
    await attempts.read('product_unit_costs: select all', () => db.from('product_unit_costs').select('*'), 'own');
    await attempts.read(
      "product_unit_costs: the first user's product",
      () => db.from('product_unit_costs').select('*').eq('product_id', first.productId),
      'none',
    );
    await attempts.read('product_costing', () => db.rpc('product_costing'), 'own');
    await attempts.read(
      "product_costing filtered to the first user's product",
      () => db.rpc('product_costing').eq('product_id', first.productId),
      'none',
    );

    // Styles: the first user's style, its variants and its materials are not found.
    await attempts.call(
      'update_style',
      as('update_style', { style_id: first.styleId, style_name: 'Pwned', category: null, bom: [] }),
      'Style not found.',
    );
    await attempts.call(
      'add_style_variants',
      as('add_style_variants', { style_id: first.styleId, options: [{ name: 'Size', values: ['XL'] }] }),
      'Style not found.',
    );
    await attempts.call(
      "create_style with the first user's material",
      as('create_style', {
        style_name: 'Steal',
        category: null,
        sku_prefix: 'STEAL',
        selling_price: 1,
        options: [{ name: 'Size', values: ['S'] }],
        bom: [{ material_id: first.materialId, quantity: 1 }],
      }),
      'Material not found.',
    );
    await attempts.call(
      "update_style of an own style with the first user's material",
      as('update_style', {
        style_id: second.styleId,
        style_name: 'Second kurta',
        category: null,
        bom: [{ material_id: first.materialId, quantity: 1 }],
      }),
      'Material not found.',
    );
    await attempts.call(
      "start_production_batch of the first user's variant",
      as('start_production_batch', { runs: [{ product_id: first.variantId, quantity_to_produce: 1 }] }),
      'Product not found.',
    );
    await attempts.call(
      "start_production_batch of an own variant with the first user's product",
      as('start_production_batch', {
        runs: [
          { product_id: second.variantId, quantity_to_produce: 1 },
          { product_id: first.productId, quantity_to_produce: 1 },
        ],
      }),
      'Product not found.',
    );
    attempts.count++;
    const ownStyles = await rpcOk<{ total: number; rows: { style_id: string }[] }>(second.user, 'list_styles', {});
    expect(ownStyles.rows.map((row) => row.style_id)).toEqual([second.styleId]);
    attempts.count++;
    expect(await rpcOk(second.user, 'list_styles', { style_id: first.styleId })).toEqual({ total: 0, rows: [] });
  },
};

export default area;
