import { caseBuilders, MB, numberCases, rpcCase, type Case, type Fixture } from './support';

/** Products and raw materials: create_product, create_raw_material. */
export default function cases(f: Fixture): Case[] {
  const { product, material } = caseBuilders(f);
  const list: Case[] = [];
  // create_product ----------------------------------------------------------------------------
  list.push(
    ...numberCases('create_product', 'selling_price', 'Selling price', product({}), { minimum: '0.01', whole: false }),
    ...numberCases('create_product', 'stock_on_hand', 'Stock on hand', product({}), {
      minimum: '0',
      whole: true,
      nullable: true,
    }),
    ...numberCases('create_product', 'reorder_point', 'Reorder point', product({}), {
      minimum: '0',
      whole: true,
      nullable: true,
    }),
    rpcCase('create_product', 'sku missing', { product_name: 'X', selling_price: 1 }, 404, /create_product/),
    rpcCase('create_product', 'sku null', product({ sku: null }), 400, 'SKU is required.'),
    rpcCase('create_product', 'sku blank', product({ sku: '   ' }), 400, 'SKU is required.'),
    rpcCase(
      'create_product',
      'sku 65 characters',
      product({ sku: 'S'.repeat(65) }),
      400,
      'SKU must be at most 64 characters.',
    ),
    rpcCase('create_product', 'sku 1 MB', product({ sku: MB }), 400, 'SKU must be at most 64 characters.'),
    rpcCase(
      'create_product',
      'sku already used',
      product({ sku: `SKU-${f.productName}` }),
      409,
      `A product with SKU SKU-${f.productName} already exists.`,
    ),
    rpcCase('create_product', 'name blank', product({ product_name: '' }), 400, 'Product name is required.'),
    rpcCase(
      'create_product',
      'name 1 MB',
      product({ product_name: MB }),
      400,
      'Product name must be at most 200 characters.',
    ),
    rpcCase(
      'create_product',
      'name 201 Hindi letters',
      product({ product_name: 'क'.repeat(201) }),
      400,
      'Product name must be at most 200 characters.',
    ),
    rpcCase(
      'create_product',
      'category 1 MB',
      product({ category: MB }),
      400,
      'Category must be at most 100 characters.',
    ),
    rpcCase(
      'create_product',
      'name with a NUL character',
      product({ product_name: 'a\u0000b' }),
      400,
      /\\u0000|unicode|null character|0x00/i,
    ),
    rpcCase(
      'create_product',
      'name with a lone surrogate',
      product({ product_name: 'a\ud800b' }),
      400,
      /invalid input syntax for type json|unicode|surrogate/i,
    ),
    rpcCase(
      'create_product',
      'bom an object',
      product({ bom: { material_id: f.materialId } }),
      400,
      'BOM must be a list of materials.',
    ),
    rpcCase('create_product', 'bom a string', product({ bom: 'cotton' }), 400, 'BOM must be a list of materials.'),
    rpcCase('create_product', 'bom row a number', product({ bom: [1] }), 400, 'Each BOM row needs a material.'),
    rpcCase(
      'create_product',
      'bom row without material',
      product({ bom: [{ quantity: 1 }] }),
      400,
      'Each BOM row needs a material.',
    ),
    rpcCase(
      'create_product',
      'bom row without quantity',
      product({ bom: [{ material_id: f.materialId }] }),
      400,
      'Each BOM row needs a quantity.',
    ),
    rpcCase(
      'create_product',
      'bom quantity a string',
      product({ bom: [{ material_id: f.materialId, quantity: '2' }] }),
      400,
      'Each BOM row needs a quantity.',
    ),
    rpcCase(
      'create_product',
      'bom quantity zero',
      product({ bom: [{ material_id: f.materialId, quantity: 0 }] }),
      400,
      'BOM quantity must be at least 0.001.',
    ),
    rpcCase(
      'create_product',
      'bom quantity negative',
      product({ bom: [{ material_id: f.materialId, quantity: -2 }] }),
      400,
      'BOM quantity must be at least 0.001.',
    ),
    rpcCase(
      'create_product',
      'bom quantity 1e300',
      product({ bom: [{ material_id: f.materialId, quantity: 1e300 }] }),
      400,
      'BOM quantity must be at most 1000000000.',
    ),
    rpcCase(
      'create_product',
      'bom quantity 0.0001',
      product({ bom: [{ material_id: f.materialId, quantity: 0.0001 }] }),
      400,
      'BOM quantity must be at least 0.001.',
    ),
    rpcCase(
      'create_product',
      'bom names a material twice',
      product({
        bom: [
          { material_id: f.materialId, quantity: 1 },
          { material_id: f.materialId, quantity: 2 },
        ],
      }),
      400,
      'A material can appear only once in a BOM.',
    ),
    rpcCase(
      'create_product',
      'bom material not a uuid',
      product({ bom: [{ material_id: 'cotton', quantity: 1 }] }),
      400,
      'Material not found.',
    ),
    rpcCase(
      'create_product',
      'bom material SQL text',
      product({ bom: [{ material_id: "' or 1=1 --", quantity: 1 }] }),
      400,
      'Material not found.',
    ),
    rpcCase('create_product', 'an unknown argument', product({ is_admin: true }), 404, /create_product/),
  );

  // create_raw_material ---------------------------------------------------------------------
  list.push(
    ...numberCases('create_raw_material', 'cost_per_unit', 'Cost per unit', material({}), {
      minimum: '0',
      whole: false,
      nullable: true,
    }),
    ...numberCases('create_raw_material', 'stock_level', 'Stock level', material({}), {
      minimum: '0',
      whole: false,
      nullable: true,
    }),
    ...numberCases('create_raw_material', 'reorder_point', 'Reorder point', material({}), {
      minimum: '0',
      whole: false,
      nullable: true,
    }),
    rpcCase('create_raw_material', 'name null', material({ material_name: null }), 400, 'Material name is required.'),
    rpcCase(
      'create_raw_material',
      'name 1 MB',
      material({ material_name: MB }),
      400,
      'Material name must be at most 200 characters.',
    ),
    rpcCase(
      'create_raw_material',
      'supplier 1 MB',
      material({ supplier: MB }),
      400,
      'Supplier must be at most 200 characters.',
    ),
    rpcCase(
      'create_raw_material',
      'unit 33 characters',
      material({ unit_of_measure: 'u'.repeat(33) }),
      400,
      'Unit of measure must be at most 32 characters.',
    ),
    rpcCase('create_raw_material', 'no arguments', {}, 404, /create_raw_material/),
  );

  return list;
}
