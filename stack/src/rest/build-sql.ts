/**
 * Parsed requests + the schema cache → one parameterised SQL statement each. Names reach SQL only
 * after they were found in the schema cache, and then only as quoted identifiers; every value from
 * the request is a bound parameter. JSON is built in SQL so values serialise as PostgREST's do.
 */
import { RestError, queryParamError, undefinedColumn } from './errors';
import {
  COMPARISON_OPERATORS,
  FULL_TEXT_OPERATORS,
  type Field,
  type Filter,
  type OrderTerm,
  type ParsedQuery,
  type Predicate,
  type Scope,
  type SelectItem,
} from './parse-query';
import { tableKey, type RestFunction, type SchemaCache, type Table } from './schema-cache';

/** Supabase's `max_rows` (CLI template): no response carries more rows. */
const MAX_ROWS = 1000;

/** Type names a `col::type` cast may name; PostgREST leaves others to Postgres, which refuses them. */
const CAST_TYPES = new Set([
  'bigint', 'bool', 'boolean', 'char', 'date', 'float', 'float4', 'float8', 'int', 'int2', 'int4',
  'int8', 'integer', 'interval', 'json', 'jsonb', 'money', 'numeric', 'real', 'smallint', 'text',
  'time', 'timestamp', 'timestamptz', 'uuid', 'varchar',
]);

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (table: Pick<Table, 'schema' | 'name'>) => `${ident(table.schema)}.${ident(table.name)}`;

/** Collects bound parameters while SQL text is assembled. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A JSON value with its text: the text is what reaches SQL (a parameter), as received, because
 * re-serialising could overflow the stack on deeply nested input; the value is read for its keys.
 */
export interface JsonBody<T> {
  value: T;
  text: string;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

// relationships ---------------------------------------------------------------------------------

/** A foreign key seen from the table a request starts at (PostgREST's Relationship). */
export interface Relationship {
  constraint: string;
  /** Key of the embedded table in SchemaCache.tables. */
  target: string;
  /** Joined column pairs: originColumns[i] = targetColumns[i]. */
  originColumns: string[];
  targetColumns: string[];
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
  isSelf: boolean;
}

function isUnique(table: Table | undefined, columns: string[]): boolean {
  return Boolean(table?.uniqueKeys.some((key) => key.length === columns.length && key.every((c) => columns.includes(c))));
}

function relationshipsOf(cache: SchemaCache, originKey: string): Relationship[] {
  const relationships: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    const isSelf = fk.table === fk.referencedTable;
    const oneToOne = isUnique(cache.tables.get(fk.table), fk.columns);
    if (fk.table === originKey) {
      relationships.push({
        constraint: fk.name,
        target: fk.referencedTable,
        originColumns: fk.columns,
        targetColumns: fk.referencedColumns,
        cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
        isSelf,
      });
    }
    if (fk.referencedTable === originKey) {
      relationships.push({
        constraint: fk.name,
        target: fk.table,
        originColumns: fk.referencedColumns,
        targetColumns: fk.columns,
        cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
        isSelf,
      });
    }
  }
  return relationships;
}

const singleColumn = (columns: string[]) => (columns.length === 1 ? columns[0] : undefined);

/**
 * The relationship `relation!hint(…)` names, by PostgREST's rules (Plan.hs findRel): the target is
 * a table, a constraint or a foreign key column; the hint a constraint or a column of either end.
 * A self-reference reads as its children by table name and as the parent by the column name.
 */
export function findRelationship(cache: SchemaCache, origin: Table, relation: string, hint?: string): Relationship {
  const originKey = tableKey(origin.schema, origin.name);
  const targetKey = tableKey(origin.schema, relation);
  const matching = relationshipsOf(cache, originKey).filter((rel) => {
    const toMany = rel.cardinality === 'one-to-many';
    if (rel.isSelf) {
      if (hint === undefined) {
        return (rel.target === targetKey && toMany) || (singleColumn(rel.originColumns) === relation && rel.cardinality === 'many-to-one');
      }
      return rel.target === targetKey && toMany && singleColumn(rel.targetColumns) === hint;
    }
    if (hint === undefined) {
      return rel.target === targetKey || rel.constraint === relation || singleColumn(rel.originColumns) === relation;
    }
    return (
      rel.target === targetKey &&
      (rel.constraint === hint || singleColumn(rel.originColumns) === hint || singleColumn(rel.targetColumns) === hint)
    );
  });
  if (matching.length === 1) return matching[0]!;
  if (matching.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin.name}' and '${relation}${hint ? `' using the hint '${hint}` : ''}' in the schema '${origin.schema}', but no matches were found.`,
    );
  }
  const tableName = (key: string) => cache.tables.get(key)!.name;
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin.name}' and '${relation}'`,
    matching.map((rel) => ({
      cardinality: rel.cardinality,
      embedding: `${origin.name} with ${tableName(rel.target)}`,
      relationship: `${rel.constraint} using ${origin.name}(${rel.originColumns.join(', ')}) and ${tableName(rel.target)}(${rel.targetColumns.join(', ')})`,
    })),
    `Try changing '${relation}' to one of the following: ${matching.map((rel) => `'${tableName(rel.target)}!${rel.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

// expressions -----------------------------------------------------------------------------------

function columnOf(table: Table, name: string): string {
  if (!table.columns.has(name)) throw undefinedColumn(table.name, name);
  return ident(name);
}

function fieldSql(table: Table, alias: string, field: Field, params: Params): string {
  let sql = `${alias}.${columnOf(table, field.name)}`;
  for (const { arrow, key } of field.jsonPath) {
    sql += `${arrow}${/^-?\d+$/.test(key) ? `${params.add(Number(key))}::int` : `${params.add(key)}::text`}`;
  }
  return sql;
}

function predicateSql(subject: string, predicate: Predicate, params: Params): string {
  switch (predicate.operator) {
    case 'in':
      return predicate.values.length === 0
        ? 'false'
        : `${subject} in (${predicate.values.map((value) => params.add(value)).join(', ')})`;
    case 'is':
      return `${subject} is ${predicate.value === 'not_null' ? 'not null' : predicate.value}`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const language = predicate.language === undefined ? '' : `${params.add(predicate.language)}::regconfig, `;
      return `${subject} @@ ${FULL_TEXT_OPERATORS[predicate.operator]}(${language}${params.add(predicate.value)})`;
    }
    default: {
      const isPattern = predicate.operator === 'like' || predicate.operator === 'ilike';
      const value = isPattern ? predicate.value.replace(/\*/g, '%') : predicate.value;
      const operator = COMPARISON_OPERATORS[predicate.operator];
      return predicate.quantifier
        ? `${subject} ${operator} ${predicate.quantifier}(${params.add(value)})`
        : `${subject} ${operator} ${params.add(value)}`;
    }
  }
}

function filterSql(table: Table, alias: string, filter: Filter, params: Params): string {
  const sql =
    filter.kind === 'condition'
      ? predicateSql(fieldSql(table, alias, filter.field, params), filter.predicate, params)
      : `(${filter.children.map((child) => filterSql(table, alias, child, params)).join(` ${filter.operator} `) || 'true'})`;
  return filter.negated ? `not (${sql})` : sql;
}

function orderSql(table: Table, alias: string, order: OrderTerm[], params: Params): string {
  if (order.length === 0) return '';
  const terms = order.map(
    (term) =>
      `${fieldSql(table, alias, term.field, params)} ${term.descending ? 'desc' : 'asc'}${term.nulls ? ` nulls ${term.nulls}` : ''}`,
  );
  return ` order by ${terms.join(', ')}`;
}

function pagingSql(params: Params, limit: number | undefined, offset: number | undefined): string {
  return `${limit === undefined ? '' : ` limit ${params.add(limit)}`}${offset ? ` offset ${params.add(offset)}` : ''}`;
}

// select with embeddings ------------------------------------------------------------------------

interface Level {
  table: Table;
  /** SQL of the FROM item: a table name, a CTE name or a parenthesised subquery. */
  source: string;
  items: SelectItem[];
  /** Embedding path of this level, '' at the root; keys ParsedQuery.scopes. */
  path: string;
  /** Conditions joining an embedded level to its parent. */
  joinConditions: string[];
}

interface BuiltLevel {
  selectList: string;
  /** `from … joins … where …` without order or paging. */
  fromWhere: string;
  /** The same with only the !inner joins: all a count needs. */
  countFromWhere: string;
  orderBy: string;
}

class SelectBuilder {
  private aliasCount = 0;
  /** Embedding paths the select list reached, to refuse filters on resources it does not embed. */
  readonly builtPaths = new Set<string>();
  constructor(
    private readonly cache: SchemaCache,
    private readonly scopes: Map<string, Scope>,
    private readonly params: Params,
  ) {}

  nextAlias(): string {
    return ident(`t${this.aliasCount++}`);
  }

  build(level: Level, alias: string): BuiltLevel {
    const { table } = level;
    const params = this.params;
    const scope = this.scopes.get(level.path) ?? { filters: [], order: [] };
    this.builtPaths.add(level.path);
    const columns: string[] = [];
    const joins: { sql: string; inner: boolean }[] = [];
    for (const item of level.items) {
      if (item.kind === 'star') {
        columns.push(...[...table.columns.keys()].map((name) => `${alias}.${ident(name)}`));
      } else if (item.kind === 'column') {
        let sql = fieldSql(table, alias, item.field, params);
        if (item.cast) {
          if (!CAST_TYPES.has(item.cast)) throw new RestError(400, '42704', `type "${item.cast}" does not exist`);
          sql = `(${sql})::${item.cast}`;
        }
        const name = item.alias ?? item.field.jsonPath.at(-1)?.key ?? item.field.name;
        columns.push(`${sql} as ${ident(name)}`);
      } else {
        const embedded = this.embed(level, alias, item);
        joins.push({ sql: embedded.join, inner: item.inner });
        columns.push(`${embedded.value} as ${ident(embedded.name)}`);
      }
    }
    const conditions = [
      ...level.joinConditions,
      ...scope.filters.map((filter) => filterSql(table, alias, filter, params)),
    ];
    const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
    return {
      // `select=` with nothing selects no column: each row is `{}`, as in PostgREST.
      selectList: columns.join(', '),
      fromWhere: `from ${level.source} as ${alias}${joins.map((join) => join.sql).join('')}${where}`,
      countFromWhere: `from ${level.source} as ${alias}${joins.filter((join) => join.inner).map((join) => join.sql).join('')}${where}`,
      orderBy: orderSql(table, alias, scope.order, params),
    };
  }

  /** A lateral join producing the embedded JSON (object or array), and its name in the row. */
  private embed(parent: Level, parentAlias: string, item: Extract<SelectItem, { kind: 'embed' }>) {
    const relationship = findRelationship(this.cache, parent.table, item.relation, item.hint);
    const child = this.cache.tables.get(relationship.target)!;
    const childAlias = this.nextAlias();
    const joinConditions = relationship.originColumns.map(
      (column, index) => `${childAlias}.${ident(relationship.targetColumns[index]!)} = ${parentAlias}.${ident(column)}`,
    );
    const name = item.alias ?? item.relation;
    const path = parent.path ? `${parent.path}.${name}` : name;
    const built = this.build(
      { table: child, source: qualified(child), items: item.select, path, joinConditions },
      childAlias,
    );
    const scope = this.scopes.get(path);
    const paging = pagingSql(this.params, scope?.limit, scope?.offset);
    const rows = `select ${built.selectList} ${built.fromWhere}${built.orderBy}${paging}`;
    const joinAlias = this.nextAlias();
    const body = relationship.cardinality !== 'one-to-many'
      ? `select to_json(_e) as body from (${rows}) as _e`
      : `select coalesce(json_agg(_e), '[]') as body from (${rows}) as _e${item.inner ? ' having count(*) > 0' : ''}`;
    return {
      name,
      join: ` ${item.inner ? 'inner' : 'left'} join lateral (${body}) as ${joinAlias} on true`,
      value: `${joinAlias}.body`,
    };
  }
}

export interface ReadOptions {
  /** Add the exact total of matching rows (`Prefer: count=exact`). */
  count: boolean;
  /** `Accept: …;nulls=stripped`. */
  stripNulls: boolean;
  /** `Accept: text/csv`: the body is CSV rather than a JSON array. */
  csv: boolean;
}

/**
 * The body of the rows of `_t`, as PostgREST's SqlFragment builds it: a JSON array, its first
 * element or null (a function returning one row), or CSV: the keys of the first row, then each
 * row as Postgres writes a record, without its parentheses.
 */
function bodySql(options: ReadOptions & { singleRow?: boolean }): string {
  if (options.csv) {
    return `(select coalesce(string_agg(k, ','), '') from json_object_keys(json_agg(_t)->0) k) || E'\\n' || coalesce(string_agg(substring(_t::text, 2, length(_t::text) - 2), E'\\n'), '')`;
  }
  const row = options.stripNulls ? 'json_strip_nulls(to_json(_t))' : '_t';
  return options.singleRow ? `coalesce((json_agg(${row})->0)::text, 'null')` : `coalesce(json_agg(${row}), '[]')::text`;
}

/**
 * The rows of `source` (a table, a mutation's CTE or a function call) shaped by select, filters,
 * order and paging, as one row: body (JSON array text), page_rows and total (null unless counted).
 * `prefix` is SQL placed before the select, e.g. the mutation's `with` clause.
 */
function readStatement(
  cache: SchemaCache,
  table: Table,
  source: string,
  query: ParsedQuery,
  options: ReadOptions & { paging: boolean; singleRow?: boolean; prefix?: string; extraColumns?: string },
  params: Params,
): string {
  const builder = new SelectBuilder(cache, query.scopes, params);
  const alias = builder.nextAlias();
  const built = builder.build({ table, source, items: query.select, path: '', joinConditions: [] }, alias);
  const notEmbedded = [...query.scopes.keys()].find((path) => !builder.builtPaths.has(path));
  if (notEmbedded !== undefined) {
    throw new RestError(
      400,
      'PGRST108',
      `'${notEmbedded}' is not an embedded resource in this request`,
      null,
      `Verify that '${notEmbedded}' is included in the 'select' query parameter.`,
    );
  }
  const root = query.scopes.get('');
  const limit = options.paging ? Math.min(root?.limit ?? MAX_ROWS, MAX_ROWS) : undefined;
  const paging = options.paging ? pagingSql(params, limit, root?.offset) : '';
  const total = options.count ? `(select count(*) ${built.countFromWhere})` : 'null::bigint';
  return `${options.prefix ?? ''}select ${bodySql(options)} as body, count(*) as page_rows, ${total} as total${options.extraColumns ?? ''} from (select ${built.selectList} ${built.fromWhere}${built.orderBy}${paging}) as _t`;
}

export function buildRead(cache: SchemaCache, table: Table, query: ParsedQuery, options: ReadOptions): Statement {
  const params = new Params();
  const sql = readStatement(cache, table, qualified(table), query, { ...options, paging: true }, params);
  return { sql, params: params.values };
}

// mutations -------------------------------------------------------------------------------------

/** A mutation's result row: representation (if asked), rows affected and rows newly inserted. */
export interface MutationOptions extends ReadOptions {
  representation: boolean;
}

function mutationStatement(
  cache: SchemaCache,
  table: Table,
  mutationSql: string,
  query: ParsedQuery,
  options: MutationOptions,
  params: Params,
): string {
  const prefix = `with _pgrst_mutation as (${mutationSql}) `;
  // The root filters chose the rows being changed; the returned rows are those rows, unfiltered.
  const representation = { ...query, scopes: new Map(query.scopes).set('', { filters: [], order: [] }) };
  const affected = `, (select count(*) from _pgrst_mutation) as affected, (select count(*) from _pgrst_mutation where _pgrst_inserted) as inserted`;
  if (!options.representation) return `${prefix}select null::text as body${affected}`;
  return readStatement(
    cache,
    table,
    '_pgrst_mutation',
    representation,
    { ...options, count: false, paging: false, prefix, extraColumns: affected },
    params,
  );
}

/** The returning list every mutation uses: the row, and whether it was inserted (not merged). */
const returning = (alias: string, inserted: string) => ` returning ${alias}.*, ${inserted} as _pgrst_inserted`;

export interface InsertOptions extends MutationOptions {
  columns: string[];
  /** A JSON array of objects. */
  rows: JsonBody<Record<string, unknown>[]>;
  /** `Prefer: missing=default`: absent keys take column defaults instead of NULL. */
  missingDefault: boolean;
  /** Upsert: the conflict target and what to do on conflict. */
  onConflict?: { columns: string[]; resolution: 'merge' | 'ignore' };
}

export function buildInsert(cache: SchemaCache, table: Table, query: ParsedQuery, options: InsertOptions): Statement {
  const params = new Params();
  const alias = ident('t0');
  const columnList = options.columns.map((column) => columnOf(table, column));
  const body = params.add(options.rows.text);
  const rowType = `null::${qualified(table)}`;
  let values: string;
  if (options.missingDefault) {
    // VALUES is the one place DEFAULT may stand in for a value, row by row.
    const rows = options.rows.value.map((row, index) => {
      const record = `json_populate_record(${rowType}, ${body}::json->${index})`;
      return `(${options.columns.map((column) => (column in row ? `(${record}).${ident(column)}` : 'default')).join(', ')})`;
    });
    values = `values ${rows.join(', ')}`;
  } else {
    values = `select ${columnList.join(', ')} from json_populate_recordset(${rowType}, ${body}::json)`;
  }
  let conflict = '';
  if (options.onConflict) {
    const target = options.onConflict.columns.map((column) => columnOf(table, column)).join(', ');
    const updates = columnList.map((column) => `${column} = excluded.${column}`).join(', ');
    conflict =
      options.onConflict.resolution === 'merge' && updates
        ? ` on conflict (${target}) do update set ${updates}`
        : ` on conflict (${target}) do nothing`;
  }
  // With no columns at all (`{}`), every column takes its default.
  const target = columnList.length > 0 ? ` (${columnList.join(', ')})` : '';
  const insert = `insert into ${qualified(table)} as ${alias}${target} ${values}${conflict}${returning(alias, `${alias}.xmax = 0`)}`;
  return { sql: mutationStatement(cache, table, insert, query, options, params), params: params.values };
}

function whereOfRoot(table: Table, alias: string, query: ParsedQuery, params: Params): string {
  const root = query.scopes.get('');
  if (root?.limit !== undefined || root?.offset !== undefined || (root?.order.length ?? 0) > 0) {
    throw queryParamError('limit, offset and order are not supported on updates and deletes by this stack');
  }
  const conditions = (root?.filters ?? []).map((filter) => filterSql(table, alias, filter, params));
  return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
}

export function buildUpdate(
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  options: MutationOptions & { values: JsonBody<Record<string, unknown>> },
): Statement {
  const params = new Params();
  const alias = ident('t0');
  const body = params.add(options.values.text);
  const assignments = Object.keys(options.values.value).map((column) => `${columnOf(table, column)} = _pgrst_body.${ident(column)}`);
  const update = `update ${qualified(table)} as ${alias} set ${assignments.join(', ')} from json_populate_record(null::${qualified(table)}, ${body}::json) as _pgrst_body${whereOfRoot(table, alias, query, params)}${returning(alias, 'false')}`;
  return { sql: mutationStatement(cache, table, update, query, options, params), params: params.values };
}

export function buildDelete(cache: SchemaCache, table: Table, query: ParsedQuery, options: MutationOptions): Statement {
  const params = new Params();
  const alias = ident('t0');
  const remove = `delete from ${qualified(table)} as ${alias}${whereOfRoot(table, alias, query, params)}${returning(alias, 'false')}`;
  return { sql: mutationStatement(cache, table, remove, query, options, params), params: params.values };
}

// functions -------------------------------------------------------------------------------------

/**
 * A call of fn with the named arguments of `args` (a JSON object; json_to_record converts each
 * value to its parameter's type as PostgREST does), or with the whole body as its one unnamed
 * json/jsonb parameter.
 */
function callSql(fn: RestFunction, args: JsonBody<Record<string, unknown>>, params: Params): { call: string; from: string } {
  const name = `${ident(fn.schema)}.${ident(fn.name)}`;
  const [only] = fn.parameters;
  if (fn.parameters.length === 1 && only && only.name === '') {
    return { call: `${name}(${params.add(args.text)}::${only.type})`, from: '' };
  }
  const given = fn.parameters.filter((parameter) => parameter.name in args.value);
  if (given.length === 0) return { call: `${name}()`, from: '' };
  const body = params.add(args.text);
  const record = given.map((parameter) => `${ident(parameter.name)} ${parameter.type}`).join(', ');
  const named = given.map((parameter) => `${ident(parameter.name)} := _pgrst_args.${ident(parameter.name)}`);
  return {
    call: `${name}(${named.join(', ')})`,
    from: ` from json_to_record(${body}::json) as _pgrst_args(${record})`,
  };
}

/**
 * What a function's result becomes: nothing (void, 204), one value, one row (an object or null)
 * or rows (an array).
 */
export type RpcStatement = Statement & { shape: 'void' | 'value' | 'row' | 'rows' };

export function buildRpc(
  cache: SchemaCache,
  fn: RestFunction,
  args: JsonBody<Record<string, unknown>>,
  query: ParsedQuery,
  options: ReadOptions,
): RpcStatement {
  const params = new Params();
  const { call, from } = callSql(fn, args, params);
  if (fn.returns.kind === 'void') return { sql: `select ${call}${from}`, params: params.values, shape: 'void' };
  if (fn.returns.kind === 'scalar' && !fn.returnsSet) {
    // One value counts as one row.
    const total = options.count ? '1' : 'null';
    return { sql: `select to_json(${call})::text as body, ${total}::bigint as total${from}`, params: params.values, shape: 'value' };
  }
  const sourceFrom = `${from || ' from'}${from ? ',' : ''} lateral ${call} as _r`;
  if (fn.returns.kind === 'scalar') {
    // A set of scalars has no columns to select or filter; it is paged and counted like rows.
    const root = query.scopes.get('');
    const paging = pagingSql(params, Math.min(root?.limit ?? MAX_ROWS, MAX_ROWS), root?.offset);
    const total = options.count ? `(select count(*)${sourceFrom})` : 'null::bigint';
    const sql = `select coalesce(json_agg(_s._r), '[]')::text as body, count(*) as page_rows, ${total} as total from (select _r${sourceFrom}${paging}) as _s`;
    return { sql, params: params.values, shape: 'rows' };
  }
  const table = cache.tables.get(fn.returns.table)!;
  const source = `(select _r.*${sourceFrom})`;
  // A function returning one row takes select and filters too: what they leave is an object or null.
  const singleRow = !fn.returnsSet;
  const sql = readStatement(cache, table, source, query, { ...options, paging: true, singleRow }, params);
  return { sql, params: params.values, shape: singleRow ? 'row' : 'rows' };
}
