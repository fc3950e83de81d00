/**
 * PostgREST's schema cache: the tables, columns, foreign keys and functions of the exposed schemas
 * (authenticator's `pgrst.db_schemas`, default 'public') and the in-database configuration, read
 * from pg_catalog once per database and reloaded on `NOTIFY pgrst, 'reload schema'` (or 'reload
 * config') or reloadSchema(), as PostgREST does.
 */
import type { Database, Queryable } from '../db/database';

export interface Column {
  name: string;
  /** format_type() of the column: safe to splice, it comes from the catalog. */
  type: string;
  hasDefault: boolean;
}

export interface ForeignKey {
  name: string;
  /** Referencing table (schema-qualified key) and its columns, in constraint order. */
  table: string;
  columns: string[];
  /** Referenced table and the columns the above point at. */
  referencedTable: string;
  referencedColumns: string[];
}

export interface Table {
  schema: string;
  name: string;
  /** False for composite types known only as a function's return type. */
  exposed: boolean;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets with a unique or primary key constraint (one-to-one detection). */
  uniqueKeys: string[][];
}

export interface FunctionParameter {
  name: string;
  type: string;
  hasDefault: boolean;
}

export type ReturnShape =
  | { kind: 'void' }
  | { kind: 'scalar' }
  /** A row type: `table` is its key in SchemaCache.tables. */
  | { kind: 'composite'; table: string };

export interface RestFunction {
  schema: string;
  name: string;
  parameters: FunctionParameter[];
  returnsSet: boolean;
  returns: ReturnShape;
  /** STABLE or IMMUTABLE: PostgREST runs these read-only. */
  readOnly: boolean;
}

/** PostgREST's `db-tx-end`: how transactions end, and whether `Prefer: tx` may change that. */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

/** The PostgREST settings the stack honours, read as PostgREST reads them (in-database config). */
export interface RestConfig {
  txEnd: TxEnd;
  /** `db-aggregates-enabled`: off by default in PostgREST and on Supabase. */
  aggregatesEnabled: boolean;
}

export interface SchemaCache {
  exposedSchemas: string[];
  config: RestConfig;
  /** pg_timezone_names, for `Prefer: timezone`. */
  timezones: Set<string>;
  /** Keyed by `schema.name`. */
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  /** Keyed by `schema.name`; overloads share a key. */
  functions: Map<string, RestFunction[]>;
}

export const tableKey = (schema: string, name: string) => `${schema}.${name}`;

interface CatalogJson {
  schemas: string[];
  settings: Record<string, string>;
  timezones: string[];
  relations: {
    oid: number;
    schema: string;
    name: string;
    exposed: boolean;
    columns: { name: string; type: string; has_default: boolean }[];
    keys: { type: 'p' | 'u'; columns: string[] }[];
  }[];
  foreign_keys: {
    name: string;
    table_oid: number;
    columns: string[];
    referenced_oid: number;
    referenced_columns: string[];
  }[];
  functions: {
    schema: string;
    name: string;
    volatility: 'i' | 's' | 'v';
    returns_set: boolean;
    return_type: string;
    return_type_kind: string;
    return_relation_oid: number;
    default_count: number;
    arguments: { name: string; type: string; mode: string }[] | null;
  }[];
}

/** One round trip: everything as one JSON value, which both drivers parse the same way. */
const CATALOG_SQL = `
with settings as (
  -- PostgREST's in-database configuration: the authenticator's pgrst.* settings, those for this
  -- database before those for all databases.
  select distinct on (split_part(cfg, '=', 1))
    split_part(cfg, '=', 1) as name, substr(cfg, strpos(cfg, '=') + 1) as value
  from pg_db_role_setting s cross join unnest(s.setconfig) cfg
  where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
    and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
    and cfg like 'pgrst.%'
  order by split_part(cfg, '=', 1), s.setdatabase desc
),
schemas as (
  select btrim(name) as name
  from unnest(string_to_array(
    coalesce((select value from settings where name = 'pgrst.db_schemas'), 'public'), ',')) name
),
functions as (
  select p.*, n.nspname, rt.typname as ret_typname, rt.typtype as ret_typtype, rt.typrelid as ret_relid
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  where n.nspname in (select name from schemas) and p.prokind = 'f'
),
relations as (
  select c.oid, n.nspname, c.relname, c.relkind <> 'c' as exposed
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where (n.nspname in (select name from schemas) and c.relkind in ('r', 'v', 'm', 'f', 'p'))
     or c.oid in (select ret_relid from functions where ret_relid <> 0)
)
select json_build_object(
  'schemas', (select json_agg(name) from schemas),
  'settings', (select coalesce(json_object_agg(name, value), '{}') from settings),
  'timezones', (select json_agg(name) from pg_timezone_names),
  'relations', (
    select coalesce(json_agg(json_build_object(
      'oid', r.oid, 'schema', r.nspname, 'name', r.relname, 'exposed', r.exposed,
      'columns', (
        select coalesce(json_agg(json_build_object(
          'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
          'has_default', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') order by a.attnum), '[]')
        from pg_attribute a where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped),
      'keys', (
        select coalesce(json_agg(json_build_object('type', con.contype, 'columns', (
          select json_agg(a.attname order by k.i)
          from unnest(con.conkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum))), '[]')
        from pg_constraint con where con.conrelid = r.oid and con.contype in ('p', 'u'))
    )), '[]')
    from relations r),
  'foreign_keys', (
    select coalesce(json_agg(json_build_object(
      'name', con.conname, 'table_oid', con.conrelid, 'referenced_oid', con.confrelid,
      'columns', (select json_agg(a.attname order by k.i)
        from unnest(con.conkey) with ordinality k(attnum, i)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
      'referenced_columns', (select json_agg(a.attname order by k.i)
        from unnest(con.confkey) with ordinality k(attnum, i)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)
    )), '[]')
    from pg_constraint con
    where con.contype = 'f'
      and con.conrelid in (select oid from relations) and con.confrelid in (select oid from relations)),
  'functions', (
    select coalesce(json_agg(json_build_object(
      'schema', f.nspname, 'name', f.proname, 'volatility', f.provolatile, 'returns_set', f.proretset,
      'return_type', f.ret_typname, 'return_type_kind', f.ret_typtype, 'return_relation_oid', f.ret_relid,
      'default_count', f.pronargdefaults,
      'arguments', (
        select json_agg(json_build_object(
          'name', coalesce(f.proargnames[a.i], ''), 'type', format_type(a.type_oid, null),
          'mode', coalesce(f.proargmodes[a.i], 'i')) order by a.i)
        from unnest(coalesce(f.proallargtypes, f.proargtypes::oid[])) with ordinality a(type_oid, i))
    )), '[]')
    from functions f)
) as catalog`;

const TX_ENDS: TxEnd[] = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'];

/** PostgREST's defaults for what is unset or unreadable. */
function configFrom(settings: Record<string, string>): RestConfig {
  const txEnd = settings['pgrst.db_tx_end'] as TxEnd | undefined;
  return {
    txEnd: txEnd && TX_ENDS.includes(txEnd) ? txEnd : 'commit',
    aggregatesEnabled: ['true', 'on', '1', 'yes'].includes((settings['pgrst.db_aggregates_enabled'] ?? '').toLowerCase()),
  };
}

function buildCache(catalog: CatalogJson): SchemaCache {
  const tables = new Map<string, Table>();
  const keyByOid = new Map<number, string>();
  for (const relation of catalog.relations) {
    const key = tableKey(relation.schema, relation.name);
    keyByOid.set(relation.oid, key);
    tables.set(key, {
      schema: relation.schema,
      name: relation.name,
      exposed: relation.exposed,
      columns: new Map(
        relation.columns.map((column) => [
          column.name,
          { name: column.name, type: column.type, hasDefault: column.has_default },
        ]),
      ),
      primaryKey: relation.keys.find((key) => key.type === 'p')?.columns ?? [],
      uniqueKeys: relation.keys.map((key) => key.columns),
    });
  }
  const foreignKeys = catalog.foreign_keys.map((fk) => ({
    name: fk.name,
    table: keyByOid.get(fk.table_oid)!,
    columns: fk.columns,
    referencedTable: keyByOid.get(fk.referenced_oid)!,
    referencedColumns: fk.referenced_columns,
  }));

  const functions = new Map<string, RestFunction[]>();
  for (const fn of catalog.functions) {
    const args = fn.arguments ?? [];
    const inputs = args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
    const outputs = args.filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't');
    const firstDefault = inputs.length - fn.default_count;
    let returns: ReturnShape;
    if (fn.return_type === 'void') returns = { kind: 'void' };
    else if (fn.return_type_kind === 'c') returns = { kind: 'composite', table: keyByOid.get(fn.return_relation_oid)! };
    else if (fn.return_type === 'record' && outputs.length > 0) {
      // OUT / RETURNS TABLE columns: a row type of its own, registered as an unexposed relation.
      const key = `${fn.schema}.${fn.name}(${inputs.map((arg) => arg.type).join(',')})`;
      tables.set(key, {
        schema: fn.schema,
        name: fn.name,
        exposed: false,
        columns: new Map(outputs.map((arg) => [arg.name, { name: arg.name, type: arg.type, hasDefault: false }])),
        primaryKey: [],
        uniqueKeys: [],
      });
      returns = { kind: 'composite', table: key };
    } else returns = { kind: 'scalar' };

    const entry: RestFunction = {
      schema: fn.schema,
      name: fn.name,
      parameters: inputs.map((arg, index) => ({ name: arg.name, type: arg.type, hasDefault: index >= firstDefault })),
      returnsSet: fn.returns_set,
      returns,
      readOnly: fn.volatility !== 'v',
    };
    const key = tableKey(fn.schema, fn.name);
    functions.set(key, [...(functions.get(key) ?? []), entry]);
  }
  return {
    exposedSchemas: catalog.schemas,
    config: configFrom(catalog.settings),
    timezones: new Set(catalog.timezones),
    tables,
    foreignKeys,
    functions,
  };
}

async function loadSchemaCache(db: Queryable): Promise<SchemaCache> {
  const { rows } = await db.query<{ catalog: CatalogJson | string }>(CATALOG_SQL);
  const catalog = rows[0]!.catalog;
  return buildCache(typeof catalog === 'string' ? (JSON.parse(catalog) as CatalogJson) : catalog);
}

const caches = new WeakMap<Database, Promise<SchemaCache>>();
const listening = new WeakSet<Database>();

/** Forgets the cached catalog of db; the next request reads it again. */
export function reloadSchema(db: Database): void {
  caches.delete(db);
}

/** The cached catalog of db, loaded on first use. */
export async function schemaCacheFor(db: Database): Promise<SchemaCache> {
  let cache = caches.get(db);
  if (!cache) {
    cache = loadSchemaCache(db);
    caches.set(db, cache);
    cache.catch(() => caches.delete(db));
    if (!listening.has(db)) {
      listening.add(db);
      await db.listen('pgrst', (payload) => {
        // The configuration lives in the same cache, so 'reload config' reloads it too.
        if (payload === '' || payload === 'reload schema' || payload === 'reload config') reloadSchema(db);
      });
    }
  }
  return cache;
}
