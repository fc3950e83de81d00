import { expect } from 'vitest';
import { MB, SQL_TEXTS, type Case, type Fixture } from './support';

/** REST reads the app makes. */
export default function cases(f: Fixture): Case[] {
  const list: Case[] = [];
  // REST reads the app makes, with malformed filters, orders and names ----------------------------
  const get = (
    name: string,
    route: string,
    status: number,
    message: string | RegExp,
    headers?: Record<string, string>,
  ): Case => ({
    name: `GET ${name}`,
    route,
    status,
    message,
    headers,
  });
  /** A query parameter that does not parse: PostgREST's PGRST100. */
  const unparsable = (name: string, route: string, what: string): Case => ({
    ...get(name, route, 400, new RegExp(`^failed to parse ${what}`)),
    code: 'PGRST100',
  });
  for (const table of [
    'products',
    'raw_materials',
    'sales_orders',
    'manufacturing_orders',
    'bom_items',
    'platform_fees',
    'product_unit_costs',
  ]) {
    const base = `/rest/v1/${table}`;
    list.push(
      get(`${table} unknown column in select`, `${base}?select=nope`, 400, /nope/),
      unparsable(`${table} malformed select`, `${base}?select=id,,(`, 'select'),
      unparsable(`${table} select with SQL`, `${base}?select=${encodeURIComponent('id);drop table x;--')}`, 'select'),
      unparsable(`${table} unknown operator`, `${base}?user_id=zz.1`, 'filter'),
      get(`${table} filter on unknown column`, `${base}?nope=eq.1`, 400, /nope/),
      get(
        `${table} uuid filter not a uuid`,
        `${base}?user_id=eq.${encodeURIComponent("' or 1=1 --")}`,
        400,
        /invalid input syntax for type uuid/,
      ),
      unparsable(`${table} unclosed in list`, `${base}?user_id=in.(a,b`, 'filter'),
      unparsable(`${table} malformed or`, `${base}?or=(user_id.eq.1`, 'logic tree'),
      unparsable(`${table} order direction unknown`, `${base}?order=user_id.sideways`, 'order'),
      get(`${table} order on unknown column`, `${base}?order=nope.asc`, 400, /nope/),
      unparsable(`${table} order with SQL`, `${base}?order=${encodeURIComponent('user_id;drop table x')}`, 'order'),
      unparsable(`${table} limit negative`, `${base}?limit=-1`, 'limit'),
      unparsable(`${table} limit a word`, `${base}?limit=all`, 'limit'),
      unparsable(`${table} offset a word`, `${base}?offset=abc`, 'offset'),
      get(`${table} embed unknown relation`, `${base}?select=*,nope(*)`, 400, /nope/),
    );
  }
  list.push(
    // Stock is numeric(14,3) since products have units (issue 45); the reorder point is an integer.
    get(
      'products stock compared with a word',
      '/rest/v1/products?stock_on_hand=gt.abc',
      400,
      /invalid input syntax for type numeric/,
    ),
    get(
      'products reorder point compared with a word',
      '/rest/v1/products?reorder_point=gt.abc',
      400,
      /invalid input syntax for type integer/,
    ),
    {
      ...get(
        'products reorder point compared with 1e300',
        '/rest/v1/products?reorder_point=gt.1e300',
        400,
        /invalid input syntax for type integer/,
      ),
      code: '22P02',
    },
    {
      name: 'GET products price compared with NaN',
      route: '/rest/v1/products?selling_price=eq.NaN',
      accepted: async (answer) => expect(answer).toEqual([]),
    },
    get('unknown table', '/rest/v1/nope', 404, /nope/),
    get('table of another schema by name', '/rest/v1/pg_roles', 404, /pg_roles/),
    get('private schema through Accept-Profile', '/rest/v1/products', 406, /private/, { 'accept-profile': 'private' }),
    get('auth schema through Accept-Profile', '/rest/v1/users', 406, /auth/, { 'accept-profile': 'auth' }),
    get('unknown function', '/rest/v1/rpc/nope', 404, /nope/),
    get('private function', '/rest/v1/rpc/require_user_id', 404, /require_user_id/),
    get('catalog function', '/rest/v1/rpc/pg_sleep?seconds=5', 404, /pg_sleep/),
    {
      ...get('uuid filter with an empty value', '/rest/v1/products?id=eq.', 400, /invalid input syntax for type uuid/),
      code: '22P02',
    },
    unparsable('is with an unknown value', '/rest/v1/products?sku=is.maybe', 'filter'),
    unparsable('offset in exponent form', '/rest/v1/products?offset=1e3', 'offset'),
    unparsable('order with an extra modifier', '/rest/v1/products?order=sku.asc.nullsfirst.extra', 'order'),
    // Aggregates are off by default in PostgREST and on Supabase (db-aggregates-enabled).
    {
      ...get(
        'select of an aggregate',
        '/rest/v1/products?select=stock_on_hand.sum()',
        400,
        /aggregate functions is not allowed/,
      ),
      code: 'PGRST123',
    },
    unparsable(
      'ten thousand parentheses',
      `/rest/v1/products?or=${'('.repeat(5000)}id.eq.1${')'.repeat(5000)}`,
      '(logic tree|or parameter)',
    ),
    {
      ...get(
        'select cast to an unknown type',
        '/rest/v1/products?select=id::nonexistenttype',
        400,
        /type "nonexistenttype" does not exist/,
      ),
      code: '42704',
    },
    {
      ...get(
        'select cast with SQL',
        `/rest/v1/products?select=${encodeURIComponent('id::text;drop')}`,
        400,
        /does not exist/,
      ),
      code: '42704',
    },
    { ...get('NUL in a filter value', '/rest/v1/products?sku=eq.%00', 400, /invalid byte sequence/), code: '22021' },
    { ...get('NUL in a column name', '/rest/v1/products?s%00ku=eq.1', 400, /does not exist/), code: '42703' },
    {
      ...get(
        'unbalanced regular expression',
        `/rest/v1/products?sku=imatch.${encodeURIComponent('(a')}`,
        400,
        /invalid regular expression/,
      ),
      code: '2201B',
    },
    {
      ...get('unclosed array in like(all)', '/rest/v1/products?sku=like(all).{a', 400, /malformed array literal/),
      code: '22P02',
    },
    {
      ...get(
        'isdistinct with a bad uuid',
        '/rest/v1/products?user_id=isdistinct.x',
        400,
        /invalid input syntax for type uuid/,
      ),
      code: '22P02',
    },
    {
      ...get(
        'count() with aggregates off',
        '/rest/v1/products?select=count()',
        400,
        /aggregate functions is not allowed/,
      ),
      code: 'PGRST123',
    },
    {
      ...get('an unknown media type', '/rest/v1/products', 406, /media types/, { accept: 'application/xml' }),
      code: 'PGRST107',
    },
    {
      ...get('two schemas in Accept-Profile', '/rest/v1/products', 406, /Invalid schema/, {
        'accept-profile': 'public, private',
      }),
      code: 'PGRST106',
    },
    { name: 'PUT products', route: '/rest/v1/products', method: 'PUT', body: {}, status: 405, message: /PUT/ },
    {
      name: 'GET rpc log_sale (read-only)',
      route: `/rest/v1/rpc/log_sale?product_id=${f.productId}&quantity=1`,
      status: 405,
      code: '25006',
      message: /read-only transaction/,
    },
    {
      name: 'log_sale form-encoded body',
      route: '/rest/v1/rpc/log_sale',
      method: 'POST',
      raw: `product_id=${f.productId}&quantity=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      status: 400,
      code: 'PGRST102',
      message: /invalid json/,
    },
    {
      name: 'log_sale with __proto__ in the body',
      route: '/rest/v1/rpc/log_sale',
      method: 'POST',
      raw: `{"__proto__":{"admin":true},"product_id":"${f.productId}","quantity":1}`,
      status: 404,
      code: 'PGRST202',
      message: /log_sale/,
    },
    {
      name: 'log_sale with a duplicated key (the last one counts, as in PostgREST)',
      route: '/rest/v1/rpc/log_sale',
      method: 'POST',
      raw: `{"quantity":1,"quantity":0,"product_id":"${f.productId}"}`,
      status: 400,
      message: 'Quantity must be at least 1.',
    },
    {
      name: 'log_sale with a body nested 100000 deep',
      route: '/rest/v1/rpc/log_sale',
      method: 'POST',
      raw: '['.repeat(100_000) + ']'.repeat(100_000),
      status: 400,
      code: 'PGRST102',
      message: /JSON nested too deeply/,
    },
    {
      ...get(
        'path with SQL',
        `/rest/v1/${encodeURIComponent('products;drop table products')}`,
        404,
        /Could not find the table/,
      ),
      code: 'PGRST205',
    },
    { ...get('nested path', '/rest/v1/products/extra', 404, /Invalid path/), code: 'PGRST125' },
    // Found by this suite (500 "URI malformed" until 41a0d26).
    { ...get('table name with a broken UTF-8 escape', '/rest/v1/%E0%A4%A', 404, /.+/), code: 'PGRST125' },
    {
      name: 'POST an rpc name with a broken UTF-8 escape',
      route: '/rest/v1/rpc/%E0%A4%A',
      method: 'POST',
      body: {},
      status: 404,
      code: 'PGRST125',
      message: /.+/,
    },
    {
      name: 'GET products filter value of 1 MB in the URL',
      route: `/rest/v1/products?sku=eq.${MB}`,
      // Node's HTTP parser refuses the request line before the stack sees it, as a proxy would.
      status: 431,
    },
  );
  // Literal SQL metacharacters in filter values: accepted as text, matching nothing.
  for (const text of SQL_TEXTS) {
    for (const operator of ['eq', 'like', 'ilike', 'neq']) {
      list.push({
        name: `GET products sku=${operator}.${text}`,
        route: `/rest/v1/products?select=sku&sku=${operator}.${encodeURIComponent(text)}`,
        accepted: async (answer) => {
          expect(Array.isArray(answer)).toBe(true);
          if (operator !== 'neq') expect(answer).toEqual([]);
        },
      });
    }
  }

  return list;
}
