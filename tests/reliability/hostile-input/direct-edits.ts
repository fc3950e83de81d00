import { MB, type Case, type Fixture } from './support';

/** Direct edits (PATCH) are closed. */
export default function cases(f: Fixture): Case[] {
  const list: Case[] = [];
  // Direct edits (PATCH) are closed: update_product and update_raw_material are the one way -------
  const patch = (
    name: string,
    table: string,
    id: string,
    body: unknown,
    status: number,
    message: string | RegExp,
  ): Case => ({
    name: `PATCH ${table} ${name}`,
    route: `/rest/v1/${table}?id=eq.${id}`,
    method: 'PATCH',
    body,
    status,
    message,
  });
  list.push(
    patch('name 1 MB', 'products', f.productId, { product_name: MB }, 403, /permission denied/),
    patch('name blank', 'products', f.productId, { product_name: ' ' }, 403, /permission denied/),
    patch('price negative', 'products', f.productId, { selling_price: -1 }, 403, /permission denied/),
    patch('price "Infinity"', 'products', f.productId, { selling_price: 'Infinity' }, 403, /permission denied/),
    patch('a valid rename', 'products', f.productId, { product_name: 'Renamed' }, 403, /permission denied/),
    patch('archived_at', 'products', f.productId, { archived_at: new Date().toISOString() }, 403, /permission denied/),
    patch('stock (not editable)', 'products', f.productId, { stock_on_hand: 999 }, 403, /permission denied/),
    patch('owner (not editable)', 'products', f.productId, { user_id: crypto.randomUUID() }, 403, /permission denied/),
    patch('unknown column', 'products', f.productId, { nope: 1 }, 400, /nope/),
    patch('cost negative', 'raw_materials', f.materialId, { cost_per_unit: -0.01 }, 403, /permission denied/),
    patch('a valid supplier', 'raw_materials', f.materialId, { supplier: 'Surat Mills' }, 403, /permission denied/),
    patch('stock (not editable)', 'raw_materials', f.materialId, { stock_level: 1e6 }, 403, /permission denied/),
    {
      name: 'PATCH products body not JSON',
      route: `/rest/v1/products?id=eq.${f.productId}`,
      method: 'PATCH',
      raw: '{"product_name":',
      status: 400,
      code: 'PGRST102',
      message: 'Empty or invalid json',
    },
    {
      name: 'PATCH products body an array of junk',
      route: `/rest/v1/products?id=eq.${f.productId}`,
      method: 'PATCH',
      raw: '[1,2]',
      status: 400,
      code: 'PGRST102',
      message: /must be one JSON object/,
    },
  );

  return list;
}
