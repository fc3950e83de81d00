import { describe, expect, it } from 'vitest';
import { buildInsert, buildRead, buildRpc, findRelationship, ident } from './build-sql';
import { RestError, httpStatusForSqlState } from './errors';
import { parseQuery } from './parse-query';
import type { RestFunction, SchemaCache, Table } from './schema-cache';

function table(name: string, columns: string[], primaryKey: string[] = ['id']): Table {
  return {
    schema: 'public',
    name,
    exposed: true,
    columns: new Map(columns.map((column) => [column, { name: column, type: 'text', hasDefault: false }])),
    primaryKey,
    uniqueKeys: [primaryKey],
    computedFields: new Map(),
    computedRelationships: new Map(),
  };
}

const products = table('products', ['id', 'user_id', 'sku', 'meta']);
const orders = table('sales_orders', ['id', 'user_id', 'product_id', 'quantity']);
const cache: SchemaCache = {
  exposedSchemas: ['public'],
  config: { txEnd: 'commit', aggregatesEnabled: false },
  timezones: new Set(),
  tables: new Map([
    ['public.products', products],
    ['public.sales_orders', orders],
  ]),
  foreignKeys: [
    {
      name: 'sales_orders_product_id_user_id_fkey',
      table: 'public.sales_orders',
      columns: ['product_id', 'user_id'],
      referencedTable: 'public.products',
      referencedColumns: ['id', 'user_id'],
    },
  ],
  functions: new Map(),
};

const read = (query: string, count = false) =>
  buildRead(cache, products, parseQuery(new URLSearchParams(query)), { count, stripNulls: false, csv: false });

describe('SQL of reads', () => {
  it('binds every value from the URL as a parameter and quotes every name', () => {
    // The value appears only in params; the JSON key is a parameter too, and only the alias it
    // names is an identifier, quoted.
    const hostile = "x'); drop table products; --";
    const key = "k';drop";
    const statement = read(`select=sku,meta->>${encodeURIComponent(key)}&sku=eq.${encodeURIComponent(hostile)}&order=sku.desc&limit=3`);
    expect(statement.params).toEqual([key, hostile, 3]);
    expect(statement.sql).toBe(
      `select coalesce(json_agg(_t), '[]')::text as body, count(*) as page_rows, null::bigint as total from (select "t0"."sku" as "sku", "t0"."meta"->>$1::text as "k';drop" from "public"."products" as "t0" where "t0"."sku" = $2 order by "t0"."sku" desc limit $3) as _t`,
    );
  });

  it('caps the page at max_rows and counts over the same filters', () => {
    const statement = read('select=id&sku=in.(a,b)&offset=2', true);
    expect(statement.params).toEqual(['a', 'b', 1000, 2]);
    expect(statement.sql).toContain('(select count(*) from "public"."products" as "t0" where "t0"."sku" in ($1, $2)) as total');
  });

  it('joins a composite foreign key on every column pair', () => {
    const statement = buildRead(cache, orders, parseQuery(new URLSearchParams('select=quantity,products(sku)')), {
      count: false,
      stripNulls: false,
      csv: false,
    });
    expect(statement.sql).toContain(
      `left join lateral (select to_json(_e) as _pgrst_json, _e.* from (select "t1"."sku" as "sku" from "public"."products" as "t1" where "t1"."id" = "t0"."product_id" and "t1"."user_id" = "t0"."user_id") as _e) as "t2" on true`,
    );
  });

  it('refuses unknown columns before any SQL exists', () => {
    expect(() => read('select=nope')).toThrow(new RestError(400, '42703', 'column products.nope does not exist'));
    expect(() => read('nope=eq.1')).toThrow('column products.nope does not exist');
    expect(() => read('order=nope')).toThrow('column products.nope does not exist');
  });

  it('doubles quotes inside identifiers', () => {
    expect(ident('a"b')).toBe('"a""b"');
  });
});

describe('SQL of writes and calls', () => {
  it('inserts through json_populate_recordset, with DEFAULT for missing keys when asked', () => {
    const rows = [{ sku: 'a' }, { sku: 'b', meta: '{}' }];
    const text = JSON.stringify(rows);
    const options = { count: false, stripNulls: false, csv: false, representation: false, columns: ['sku', 'meta'], rows: { value: rows, text } };
    const plain = buildInsert(cache, products, parseQuery(new URLSearchParams()), { ...options, missingDefault: false });
    expect(plain.params).toEqual([text]);
    expect(plain.sql).toContain('select "sku", "meta" from json_populate_recordset(null::"public"."products", $1::json)');
    const defaults = buildInsert(cache, products, parseQuery(new URLSearchParams()), { ...options, missingDefault: true });
    expect(defaults.sql).toContain(
      'values ((json_populate_record(null::"public"."products", $1::json->0))."sku", default), ((json_populate_record(null::"public"."products", $1::json->1))."sku", (json_populate_record(null::"public"."products", $1::json->1))."meta")',
    );
  });

  it('passes function arguments as one JSON parameter converted by json_to_record', () => {
    const logSale: RestFunction = {
      schema: 'public',
      name: 'log_sale',
      parameters: [
        { name: 'product_id', type: 'uuid', hasDefault: false },
        { name: 'platform', type: 'text', hasDefault: true },
      ],
      returnsSet: false,
      returns: { kind: 'scalar' },
      readOnly: false,
    };
    const args = { value: { product_id: 'p' }, text: '{"product_id":"p"}' };
    const noQuery = parseQuery(new URLSearchParams());
    const options = { count: false, stripNulls: false, csv: false };
    expect(buildRpc(cache, logSale, args, noQuery, options)).toEqual({
      sql: 'select to_json("public"."log_sale"("product_id" := _pgrst_args."product_id"))::text as body, null::bigint as total from json_to_record($1::json) as _pgrst_args("product_id" uuid)',
      params: ['{"product_id":"p"}'],
      shape: 'value',
    });
    // One row is read like rows (select, filters), and answered as its first element or null.
    const oneRow = buildRpc(cache, { ...logSale, returns: { kind: 'composite', table: 'public.sales_orders' } }, args, noQuery, options);
    expect(oneRow.shape).toBe('row');
    expect(oneRow.sql).toContain(`select coalesce((json_agg(_t)->0)::text, 'null') as body`);
  });
});

describe('relationships', () => {
  it('finds many-to-one and one-to-many over the same foreign key, and names what it could not find', () => {
    expect(findRelationship(cache, orders, 'products')).toMatchObject({ cardinality: 'many-to-one', target: 'public.products' });
    expect(findRelationship(cache, products, 'sales_orders', 'sales_orders_product_id_user_id_fkey')).toMatchObject({
      cardinality: 'one-to-many',
      originColumns: ['id', 'user_id'],
      targetColumns: ['product_id', 'user_id'],
    });
    // Column hints name single-column keys only, as in PostgREST.
    expect(() => findRelationship(cache, products, 'sales_orders', 'product_id')).toThrow(RestError);
    expect(() => findRelationship(cache, products, 'customers')).toThrow(
      "Could not find a relationship between 'products' and 'customers' in the schema cache",
    );
  });
});

describe('SQLSTATE to HTTP status', () => {
  it('follows PostgREST’s table', () => {
    const cases: [string, string, boolean, number][] = [
      ['23505', '', true, 409],
      ['23503', '', true, 409],
      ['P0001', '', true, 400],
      ['42501', '', false, 401],
      ['42501', '', true, 403],
      ['42883', '', true, 404],
      ['42P01', '', true, 404],
      ['25006', '', true, 405],
      ['0P000', '', true, 403],
      ['28P01', '', true, 403],
      ['08006', '', true, 503],
      ['53300', '', true, 503],
      ['53400', '', true, 500],
      ['57P01', '', true, 503],
      ['57014', '', true, 500],
      ['P0002', '', true, 500],
      ['XX000', '', true, 500],
      ['42P17', '', true, 500],
      ['21000', 'UPDATE requires a WHERE clause', true, 400],
      ['21000', 'more than one row returned by a subquery', true, 500],
      ['22023', 'role "x" does not exist', true, 401],
      ['22023', 'invalid value', true, 400],
      ['PT418', '', true, 418],
      ['22P02', '', true, 400],
      ['23514', '', true, 400],
    ];
    expect(cases.map(([state, message, authenticated]) => httpStatusForSqlState(state, message, authenticated))).toEqual(
      cases.map(([, , , status]) => status),
    );
  });
});
