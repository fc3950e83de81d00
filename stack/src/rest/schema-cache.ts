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

/** A function taking a table's row: PostgREST reads it as a column (computed field). */
export interface ComputedField {
  schema: string;
  name: string;
}

/** A function taking a table's row and returning rows: an embeddable (computed) relationship. */
export interface ComputedRelationship extends ComputedField {
  /** Key of the returned table in SchemaCache.tables. */
  target: string;
  /** Not SETOF, or SETOF with ROWS 1: embedded as an object. */
  toOne: boolean;
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
  computedFields: Map<string, ComputedField>;
  computedRelationships: Map<string, ComputedRelationship>;
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
    columns: { name: string; num: number; type: string; has_default: boolean }[];
    keys: { type: 'p' | 'u'; columns: string[] }[];
    /** The parse tree of a view's query (pg_rewrite.ev_action), null for other relations. */
    view_action: string | null;
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
    rows: number;
    default_count: number;
    arguments: { name: string; type: string; relation_oid: number; mode: string }[] | null;
  }[];
}

/** One round trip: everything as one JSON value, which both drivers parse the same way (oids as numbers). */
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
      'oid', r.oid::bigint, 'schema', r.nspname, 'name', r.relname, 'exposed', r.exposed,
      'view_action', (select ev_action::text from pg_rewrite where ev_class = r.oid and rulename = '_RETURN'),
      'columns', (
        select coalesce(json_agg(json_build_object(
          'name', a.attname, 'num', a.attnum, 'type', format_type(a.atttypid, a.atttypmod),
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
      'name', con.conname, 'table_oid', con.conrelid::bigint, 'referenced_oid', con.confrelid::bigint,
      'columns', (select json_agg(a.attname order by k.i)
        from unnest(con.conkey) with ordinality k(attnum, i)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
      'referenced_columns', (select json_agg(a.attname order by k.i)
        from unnest(con.confkey) with ordinality k(attnum, i)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)
    ) order by con.conrelid, con.conname), '[]')
    from pg_constraint con
    where con.contype = 'f'
      and con.conrelid in (select oid from relations) and con.confrelid in (select oid from relations)),
  'functions', (
    select coalesce(json_agg(json_build_object(
      'schema', f.nspname, 'name', f.proname, 'volatility', f.provolatile, 'returns_set', f.proretset,
      'return_type', f.ret_typname, 'return_type_kind', f.ret_typtype, 'return_relation_oid', f.ret_relid::bigint,
      'rows', f.prorows, 'default_count', f.pronargdefaults,
      'arguments', (
        select json_agg(json_build_object(
          'name', coalesce(f.proargnames[a.i], ''), 'type', format_type(a.type_oid, null),
          'relation_oid', (select typrelid::bigint from pg_type where oid = a.type_oid),
          'mode', coalesce(f.proargmodes[a.i], 'i')) order by a.i)
        from unnest(coalesce(f.proallargtypes, f.proargtypes::oid[])) with ordinality a(type_oid, i))
    )), '[]')
    from functions f)
) as catalog`;

/**
 * The base column behind each column of a view, from its parse tree (pg_rewrite.ev_action) as
 * PostgREST reads it: the `resorigtbl`/`resorigcol` of each entry of the outermost query's target
 * list. Columns computed by expressions have no origin (0).
 */
export function viewColumnOrigins(action: string): { name: string; relation: number; column: number }[] {
  const origins: { name: string; relation: number; column: number }[] = [];
  let depth = 0;
  let inTargetList = false;
  let entry = '';
  for (let i = 0; i < action.length; i++) {
    const char = action[i]!;
    // Node text escapes special characters with a backslash.
    if (char === '\\') {
      if (inTargetList && depth === 2) entry += action.slice(i, i + 2);
      i++;
    } else if (char === '{') {
      depth++;
    } else if (char === '}') {
      if (inTargetList && depth === 2) {
        const field = (key: string) => new RegExp(`:${key} ((?:\\\\.|\\S)+)`).exec(entry)?.[1] ?? '';
        origins.push({
          name: field('resname').replace(/\\(.)/g, '$1'),
          relation: Number(field('resorigtbl')),
          column: Number(field('resorigcol')),
        });
        entry = '';
      }
      depth--;
    } else if (depth === 1 && char === ':') {
      // A key of the outermost query: the target list runs until the next one.
      inTargetList = action.startsWith(':targetList ', i);
    } else if (inTargetList && depth === 2) {
      entry += char;
    }
  }
  return origins;
}

/** Where a view's columns come from: the table behind them, and which of its columns each shows. */
interface ViewSource {
  view: string;
  table: string;
  /** Base column → view column. */
  columns: Map<string, string>;
}

function viewSources(relations: CatalogJson['relations'], keyByOid: Map<number, string>): ViewSource[] {
  const byOid = new Map(relations.map((relation) => [relation.oid, relation]));
  // The base (table, column number) of a view column, through views over views.
  const origin = (relation: number, column: number, seen: Set<number>): { relation: number; column: number } => {
    const view = byOid.get(relation);
    if (!view?.view_action || seen.has(relation)) return { relation, column };
    const name = view.columns.find((c) => c.num === column)?.name;
    const next = viewColumnOrigins(view.view_action).find((entry) => entry.name === name);
    return next && next.relation !== 0 ? origin(next.relation, next.column, new Set([...seen, relation])) : { relation: 0, column: 0 };
  };
  const sources: ViewSource[] = [];
  for (const view of relations) {
    if (!view.view_action || !view.exposed) continue;
    const byTable = new Map<number, Map<string, string>>();
    for (const entry of viewColumnOrigins(view.view_action)) {
      if (entry.relation === 0) continue;
      const base = origin(entry.relation, entry.column, new Set([view.oid]));
      const column = byOid.get(base.relation)?.columns.find((c) => c.num === base.column)?.name;
      if (!column) continue;
      const columns = byTable.get(base.relation) ?? new Map<string, string>();
      if (!columns.has(column)) columns.set(column, entry.name);
      byTable.set(base.relation, columns);
    }
    for (const [relation, columns] of byTable) {
      sources.push({ view: keyByOid.get(view.oid)!, table: keyByOid.get(relation)!, columns });
    }
  }
  return sources;
}

/**
 * The foreign keys as PostgREST sees them: each also joins every view that shows all of its
 * columns, on either side (a view of the referencing table, of the referenced one, or both).
 */
function withViews(foreignKeys: ForeignKey[], views: ViewSource[]): ForeignKey[] {
  const ends = (table: string, columns: string[]) => [
    { table, columns },
    ...views
      .filter((source) => source.table === table && columns.every((column) => source.columns.has(column)))
      .map((source) => ({ table: source.view, columns: columns.map((column) => source.columns.get(column)!) })),
  ];
  return foreignKeys.flatMap((fk) =>
    ends(fk.table, fk.columns).flatMap((from) =>
      ends(fk.referencedTable, fk.referencedColumns).map((to) => ({
        ...fk,
        table: from.table,
        columns: from.columns,
        referencedTable: to.table,
        referencedColumns: to.columns,
      })),
    ),
  );
}

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
      computedFields: new Map(),
      computedRelationships: new Map(),
    });
  }
  const foreignKeys = withViews(
    catalog.foreign_keys.map((fk) => ({
      name: fk.name,
      table: keyByOid.get(fk.table_oid)!,
      columns: fk.columns,
      referencedTable: keyByOid.get(fk.referenced_oid)!,
      referencedColumns: fk.referenced_columns,
    })),
    viewSources(catalog.relations, keyByOid),
  );

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
        computedFields: new Map(),
        computedRelationships: new Map(),
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

    // A function of one table row is also a computed field or relationship of that table.
    const rowOf = inputs.length === 1 ? tables.get(keyByOid.get(inputs[0]!.relation_oid) ?? '') : undefined;
    if (rowOf?.exposed && returns.kind === 'scalar' && !fn.returns_set) {
      rowOf.computedFields.set(fn.name, { schema: fn.schema, name: fn.name });
    } else if (rowOf?.exposed && returns.kind === 'composite' && tables.get(returns.table)?.exposed) {
      rowOf.computedRelationships.set(fn.name, {
        schema: fn.schema,
        name: fn.name,
        target: returns.table,
        toOne: !fn.returns_set || fn.rows === 1,
      });
    }
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
