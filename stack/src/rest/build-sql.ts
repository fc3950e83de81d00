/**
 * Parsed requests + the schema cache → one parameterised SQL statement each. Names reach SQL only
 * after they were found in the schema cache, and then only as quoted identifiers; every value from
 * the request is a bound parameter. JSON is built in SQL so values serialise as PostgREST's do.
 */
import { RestError, notImplemented, undefinedColumn } from './errors';
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
import {
  tableKey,
  type ComputedRelationship,
  type ForeignKey,
  type RestFunction,
  type SchemaCache,
  type Table,
} from './schema-cache';

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
  /** Joined column pairs: originColumns[i] = targetColumns[i] (through the junction for many-to-many). */
  originColumns: string[];
  targetColumns: string[];
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  isSelf: boolean;
  /** Many-to-many: the junction table's foreign keys to the origin and to the target. */
  junction?: { table: string; toOrigin: ForeignKey; toTarget: ForeignKey };
  /** A function of the origin row returning the target rows (computed relationship). */
  computed?: ComputedRelationship;
}

function isUnique(table: Table | undefined, columns: string[]): boolean {
  return Boolean(table?.uniqueKeys.some((key) => key.length === columns.length && key.every((c) => columns.includes(c))));
}

/**
 * Many-to-many relationships of origin: a junction table with foreign keys to origin and to
 * another table, all of whose columns are part of one of the junction's keys (PostgREST's rule).
 */
function junctionsOf(cache: SchemaCache, originKey: string): Relationship[] {
  const relationships: Relationship[] = [];
  for (const toOrigin of cache.foreignKeys) {
    if (toOrigin.referencedTable !== originKey) continue;
    const junction = cache.tables.get(toOrigin.table);
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toOrigin || toTarget.table !== toOrigin.table || toTarget.referencedTable === originKey) continue;
      const columns = [...toOrigin.columns, ...toTarget.columns];
      if (!junction?.uniqueKeys.some((key) => columns.every((column) => key.includes(column)))) continue;
      relationships.push({
        constraint: `${toOrigin.name}, ${toTarget.name}`,
        target: toTarget.referencedTable,
        originColumns: toOrigin.referencedColumns,
        targetColumns: toTarget.referencedColumns,
        cardinality: 'many-to-many',
        isSelf: false,
        junction: { table: toOrigin.table, toOrigin, toTarget },
      });
    }
  }
  return relationships;
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
  return [...relationships, ...junctionsOf(cache, originKey)];
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
  const computed = origin.computedRelationships.get(relation);
  const computedRelationship: Relationship[] = computed
    ? [{ constraint: computed.name, target: computed.target, originColumns: [], targetColumns: [], cardinality: computed.toOne ? 'many-to-one' : 'one-to-many', isSelf: false, computed }]
    : [];
  const matching = [...computedRelationship, ...relationshipsOf(cache, originKey).filter((rel) => {
    const toMany = rel.cardinality === 'one-to-many';
    if (rel.isSelf) {
      if (hint === undefined) {
        return (rel.target === targetKey && toMany) || (singleColumn(rel.originColumns) === relation && rel.cardinality === 'many-to-one');
      }
      return rel.target === targetKey && toMany && singleColumn(rel.targetColumns) === hint;
    }
    if (rel.junction) {
      // Many-to-many: by the target's name, and hinted by the junction's name.
      return rel.target === targetKey && (hint === undefined || tableKey(origin.schema, hint) === rel.junction.table);
    }
    if (hint === undefined) {
      return rel.target === targetKey || rel.constraint === relation || singleColumn(rel.originColumns) === relation;
    }
    return (
      rel.target === targetKey &&
      (rel.constraint === hint || singleColumn(rel.originColumns) === hint || singleColumn(rel.targetColumns) === hint)
    );
  })];
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
  // A many-to-many relationship is named by its junction, and described by its two foreign keys.
  const hintOf = (rel: Relationship) => (rel.junction ? tableName(rel.junction.table) : rel.constraint);
  const describe = (rel: Relationship) =>
    rel.junction
      ? `${tableName(rel.junction.table)} using ${rel.junction.toOrigin.name}(${rel.junction.toOrigin.columns.join(', ')}) and ${rel.junction.toTarget.name}(${rel.junction.toTarget.columns.join(', ')})`
      : `${rel.constraint} using ${origin.name}(${rel.originColumns.join(', ')}) and ${tableName(rel.target)}(${rel.targetColumns.join(', ')})`;
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin.name}' and '${relation}'`,
    matching.map((rel) => ({
      cardinality: rel.cardinality,
      embedding: `${origin.name} with ${tableName(rel.target)}`,
      relationship: describe(rel),
    })),
    `Try changing '${relation}' to one of the following: ${matching.map((rel) => `'${tableName(rel.target)}!${hintOf(rel)}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

// expressions -----------------------------------------------------------------------------------

function columnOf(table: Table, name: string): string {
  if (!table.columns.has(name)) throw undefinedColumn(table.name, name);
  return ident(name);
}

/** The row of `alias` as a value of the table's type, whatever the source (table, CTE, subquery). */
const rowValue = (table: Table, alias: string) =>
  `row(${[...table.columns.keys()].map((column) => `${alias}.${ident(column)}`).join(', ')})::${qualified(table)}`;

/** A column, or a function of the row named like one (PostgREST's computed field). */
function fieldSql(table: Table, alias: string, field: Field, params: Params): string {
  const computed = table.columns.has(field.name) ? undefined : table.computedFields.get(field.name);
  const sql = computed
    ? `${ident(computed.schema)}.${ident(computed.name)}(${rowValue(table, alias)})`
    : `${alias}.${columnOf(table, field.name)}`;
  return `${sql}${jsonPathSql(field, params)}`;
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

const jsonPathSql = (field: Field, params: Params) =>
  field.jsonPath
    .map(({ arrow, key }) => `${arrow}${/^-?\d+$/.test(key) ? `${params.add(Number(key))}::int` : `${params.add(key)}::text`}`)
    .join('');

/** An embedding of the level being built, as `order=rel(col)` may name it. */
interface EmbeddedJoin {
  alias: string;
  toOne: boolean;
}

function orderSql(table: Table, alias: string, order: OrderTerm[], embedded: Map<string, EmbeddedJoin>, params: Params): string {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    let subject: string;
    if (term.relation === undefined) {
      subject = fieldSql(table, alias, term.field, params);
    } else {
      // PostgREST orders by the column of the to-one embedding's join, which holds what it selects.
      const join = embedded.get(term.relation);
      if (!join) {
        throw new RestError(400, 'PGRST108', `'${term.relation}' is not an embedded resource in this request`, null, `Verify that '${term.relation}' is included in the 'select' query parameter.`);
      }
      if (!join.toOne) {
        throw new RestError(400, 'PGRST118', `A related order on '${term.relation}' is not possible`, `'${table.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`);
      }
      subject = `${join.alias}.${ident(term.field.name)}${jsonPathSql(term.field, params)}`;
    }
    return `${subject} ${term.descending ? 'desc' : 'asc'}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
  });
  return ` order by ${terms.join(', ')}`;
}

function pagingSql(params: Params, limit: number | undefined, offset: number | undefined): string {
  return `${limit === undefined ? '' : ` limit ${params.add(limit)}`}${offset ? ` offset ${params.add(offset)}` : ''}`;
}

// select with embeddings ------------------------------------------------------------------------

interface Level {
  table: Table;
  /** SQL of the FROM item: a table name, a CTE name, a parenthesised subquery or a function call. */
  source: string;
  items: SelectItem[];
  /** Embedding path of this level, '' at the root; keys ParsedQuery.scopes. */
  path: string;
  /** 0 at the root, as PostgREST numbers the levels of its aliases. */
  depth: number;
  /**
   * A to-one spread: its aggregates are not computed here but hoisted to the parent, which applies
   * them to the columns this level selects (PostgREST's hoistSpreadAggFunctions).
   */
  hoist?: boolean;
  /** Conditions joining an embedded level to its parent. */
  joinConditions: string[];
}

interface BuiltLevel {
  selectList: string;
  /** The names of the selected columns, in order. */
  names: string[];
  /** `from … joins … where …` without grouping, order or paging. */
  fromWhere: string;
  /** The same with only the !inner joins: all a count needs. */
  countFromWhere: string;
  /** Whether the level selects aggregate functions, and then its ` group by …` (or ''). */
  aggregates: boolean;
  groupBy: string;
  /** Of a hoisting level: the aggregate (and its result cast) for the parent to apply to a column. */
  hoisted: Map<string, NonNullable<ColumnItem['aggregate']>>;
  orderBy: string;
}

type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;
type ColumnItem = Extract<SelectItem, { kind: 'column' }>;

/** An embedding selecting nothing (nor do its own embeddings) is left out of the rows (PostgREST's empty embed). */
const selectsNothing = (item: EmbedItem): boolean =>
  item.select.every((child) => child.kind === 'embed' && selectsNothing(child));

/**
 * `select=count` where the table has no such column: PostgREST writes `"t"."count"`, which Postgres
 * reads as count(t), a count of the rows (the documented legacy spelling of count()).
 */
const isLegacyCount = (table: Table, item: ColumnItem) =>
  item.field.name === 'count' &&
  item.field.jsonPath.length === 0 &&
  !item.aggregate &&
  !table.columns.has('count') &&
  !table.computedFields.has('count');

function castSql(sql: string, cast: string | undefined): string {
  if (!cast) return sql;
  if (!CAST_TYPES.has(cast)) throw new RestError(400, '42704', `type "${cast}" does not exist`);
  return `(${sql})::${cast}`;
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

  /** A selected column (or aggregate) as SQL, its name in the row, and whether it aggregates. */
  private column(
    table: Table,
    alias: string,
    item: ColumnItem,
    hoist: boolean,
  ): { sql: string; name: string; aggregates: boolean; hoisted?: ColumnItem['aggregate'] } {
    if (item.aggregate) {
      // PostgREST's db-aggregates-enabled, off by default and on Supabase.
      if (!this.cache.config.aggregatesEnabled) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
      const input = item.field.name === '*' ? '*' : castSql(fieldSql(table, alias, item.field, this.params), item.cast);
      const name = item.alias ?? item.aggregate.fn;
      // Hoisted, the input is selected as is (count() counts rows: any value that is not null).
      if (hoist) return { sql: input === '*' ? 'true' : input, name, aggregates: false, hoisted: item.aggregate };
      return { sql: castSql(`${item.aggregate.fn}(${input})`, item.aggregate.cast), name, aggregates: true };
    }
    if (isLegacyCount(table, item)) return { sql: 'count(*)', name: item.alias ?? 'count', aggregates: false };
    const sql = castSql(fieldSql(table, alias, item.field, this.params), item.cast);
    return { sql, name: item.alias ?? item.field.jsonPath.at(-1)?.key ?? item.field.name, aggregates: false };
  }

  build(level: Level, alias: string): BuiltLevel {
    const { table } = level;
    const params = this.params;
    const scope = this.scopes.get(level.path) ?? { filters: [], order: [] };
    this.builtPaths.add(level.path);
    /** The selected values; grouped by, when the level aggregates, unless they are aggregates. */
    const selected: {
      sql: string;
      name: string;
      aggregates?: boolean;
      hoisted?: ColumnItem['aggregate'];
      json?: boolean;
      star?: boolean;
    }[] = [];
    const joins: { sql: string; inner: boolean }[] = [];
    const embedded = new Map<string, EmbeddedJoin>();
    for (const item of level.items) {
      if (item.kind === 'star') {
        for (const name of table.columns.keys()) selected.push({ sql: `${alias}.${ident(name)}`, name, star: true });
      } else if (item.kind === 'column') {
        selected.push(this.column(table, alias, item, level.hoist === true));
      } else {
        // PostgREST aliases each embedding by its parent, name and depth: the same name twice is
        // the same alias twice, which Postgres refuses.
        const name = item.alias ?? item.relation;
        if (embedded.has(name)) {
          throw new RestError(400, '42712', `table name "${table.name}_${name}_${level.depth + 1}" specified more than once`);
        }
        const embedding = this.embed(level, alias, item);
        embedded.set(name, { alias: embedding.alias, toOne: embedding.toOne });
        joins.push({ sql: embedding.join, inner: item.inner });
        for (const value of embedding.values) selected.push({ ...value, json: embedding.json });
      }
    }
    const aggregates = selected.some((value) => value.aggregates);
    if (level.hoist && aggregates) throw notImplemented('aggregate functions hoisted through nested spread embeddings');
    // Grouping by an embedded resource needs jsonb: json has no equality.
    const values = selected.map((value) => (aggregates && value.json ? { ...value, sql: `${value.sql}::jsonb` } : value));
    const grouping = values.filter((value) => !value.aggregates).map((value) => value.sql);
    const conditions = [
      ...level.joinConditions,
      ...scope.filters.map((filter) => filterSql(table, alias, filter, params)),
    ];
    const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
    return {
      // `select=` with nothing selects no column: each row is `{}`, as in PostgREST.
      selectList: values.map((value) => (value.star ? value.sql : `${value.sql} as ${ident(value.name)}`)).join(', '),
      names: values.map((value) => value.name),
      fromWhere: `from ${level.source} as ${alias}${joins.map((join) => join.sql).join('')}${where}`,
      countFromWhere: `from ${level.source} as ${alias}${joins.filter((join) => join.inner).map((join) => join.sql).join('')}${where}`,
      aggregates,
      groupBy: aggregates && grouping.length > 0 ? ` group by ${grouping.join(', ')}` : '',
      hoisted: new Map(selected.flatMap((value) => (value.hoisted ? [[value.name, value.hoisted] as const] : []))),
      orderBy: orderSql(table, alias, scope.order, embedded, params),
    };
  }

  /** How the embedded rows join their parent row: foreign key columns, a junction, or a function. */
  private childSource(relationship: Relationship, parent: Level, parentAlias: string, child: Table, childAlias: string) {
    if (relationship.computed) {
      const { schema, name } = relationship.computed;
      return { source: `${ident(schema)}.${ident(name)}(${rowValue(parent.table, parentAlias)})`, joinConditions: [] };
    }
    const pairs = (left: string, leftColumns: string[], right: string, rightColumns: string[]) =>
      leftColumns.map((column, index) => `${left}.${ident(column)} = ${right}.${ident(rightColumns[index]!)}`);
    if (relationship.junction) {
      const { table, toOrigin, toTarget } = relationship.junction;
      const junctionAlias = this.nextAlias();
      const on = [
        ...pairs(junctionAlias, toTarget.columns, childAlias, toTarget.referencedColumns),
        ...pairs(junctionAlias, toOrigin.columns, parentAlias, toOrigin.referencedColumns),
      ];
      return {
        source: qualified(child),
        joinConditions: [`exists (select from ${qualified(this.cache.tables.get(table)!)} as ${junctionAlias} where ${on.join(' and ')})`],
      };
    }
    return {
      source: qualified(child),
      joinConditions: pairs(childAlias, relationship.targetColumns, parentAlias, relationship.originColumns),
    };
  }

  /**
   * A lateral join producing the embedded rows, and the values it adds to the parent row: the JSON
   * (object or array) under the embedding's name, the spread columns, or nothing (empty embed).
   */
  private embed(parent: Level, parentAlias: string, item: EmbedItem) {
    const relationship = findRelationship(this.cache, parent.table, item.relation, item.hint);
    const child = this.cache.tables.get(relationship.target)!;
    const childAlias = this.nextAlias();
    const { source, joinConditions } = this.childSource(relationship, parent, parentAlias, child, childAlias);
    const name = item.alias ?? item.relation;
    const path = parent.path ? `${parent.path}.${name}` : name;
    const toMany = relationship.cardinality === 'one-to-many' || relationship.cardinality === 'many-to-many';
    const hoist = item.spread && !toMany;
    const built = this.build(
      { table: child, source, items: item.select, path, depth: parent.depth + 1, joinConditions, hoist },
      childAlias,
    );
    if (item.spread && built.aggregates) throw notImplemented('aggregate functions inside a to-many spread embedded resource');
    const scope = this.scopes.get(path);
    const paging = pagingSql(this.params, scope?.limit, scope?.offset);
    const rows = `select ${built.selectList} ${built.fromWhere}${built.groupBy}${built.orderBy}${paging}`;
    const joinAlias = this.nextAlias();
    const nonEmpty = item.inner ? ' having count(*) > 0' : '';
    let body: string;
    let values: { sql: string; name: string; aggregates?: boolean }[];
    if (hoist) {
      body = rows;
      values = built.names.map((column) => {
        const sql = `${joinAlias}.${ident(column)}`;
        const aggregate = built.hoisted.get(column);
        return aggregate
          ? { sql: castSql(`${aggregate.fn}(${sql})`, aggregate.cast), name: column, aggregates: true }
          : { sql, name: column };
      });
    } else if (item.spread) {
      // Spread to-many: each column becomes the array of its values (PostgREST 13).
      const arrays = built.names.map((column) => `coalesce(json_agg(_e.${ident(column)}), '[]') as ${ident(column)}`);
      body = `select ${arrays.join(', ')} from (${rows}) as _e${nonEmpty}`;
      values = built.names.map((column) => ({ sql: `${joinAlias}.${ident(column)}`, name: column }));
    } else {
      // A to-one embedding keeps its columns beside its JSON, for `order=rel(col)`.
      body = toMany
        ? `select coalesce(json_agg(_e), '[]') as _pgrst_json from (${rows}) as _e${nonEmpty}`
        : `select to_json(_e) as _pgrst_json, _e.* from (${rows}) as _e`;
      values = selectsNothing(item) ? [] : [{ sql: `${joinAlias}._pgrst_json`, name }];
    }
    return {
      join: ` ${item.inner ? 'inner' : 'left'} join lateral (${body}) as ${joinAlias} on true`,
      alias: joinAlias,
      toOne: !toMany,
      values,
      json: !(item.spread && !toMany),
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
  const built = builder.build({ table, source, items: query.select, path: '', depth: 0, joinConditions: [] }, alias);
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
  return `${options.prefix ?? ''}select ${bodySql(options)} as body, count(*) as page_rows, ${total} as total${options.extraColumns ?? ''} from (select ${built.selectList} ${built.fromWhere}${built.groupBy}${built.orderBy}${paging}) as _t`;
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
  // Only an upsert may have merged a row (xmax set by its update); a plain insert inserted every row,
  // also into a view, which has no xmax.
  const inserted = options.onConflict ? `${alias}.xmax = 0` : 'true';
  const insert = `insert into ${qualified(table)} as ${alias}${target} ${values}${conflict}${returning(alias, inserted)}`;
  return { sql: mutationStatement(cache, table, insert, query, options, params), params: params.values };
}

function whereOfRoot(table: Table, alias: string, query: ParsedQuery, params: Params): string {
  const root = query.scopes.get('');
  if (root?.limit !== undefined || root?.offset !== undefined || (root?.order.length ?? 0) > 0) {
    throw notImplemented('limit, offset and order on updates and deletes');
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
  // The call is a CTE, run once however often the statement reads it (rows, count): a function
  // may write, as PostgREST's pgrst_source.
  const called = `with _pgrst_call as materialized (select ${fn.returns.kind === 'scalar' ? '_r' : '_r.*'}${from || ' from'}${from ? ',' : ''} lateral ${call} as _r) `;
  if (fn.returns.kind === 'scalar') {
    // A set of scalars has no columns to select or filter; it is paged and counted like rows.
    const root = query.scopes.get('');
    const paging = pagingSql(params, Math.min(root?.limit ?? MAX_ROWS, MAX_ROWS), root?.offset);
    const total = options.count ? '(select count(*) from _pgrst_call)' : 'null::bigint';
    const sql = `${called}select coalesce(json_agg(_s._r), '[]')::text as body, count(*) as page_rows, ${total} as total from (select _r from _pgrst_call${paging}) as _s`;
    return { sql, params: params.values, shape: 'rows' };
  }
  const table = cache.tables.get(fn.returns.table)!;
  // A function returning one row takes select and filters too: what they leave is an object or null.
  const singleRow = !fn.returnsSet;
  const sql = readStatement(cache, table, '_pgrst_call', query, { ...options, paging: true, singleRow, prefix: called }, params);
  return { sql, params: params.values, shape: singleRow ? 'row' : 'rows' };
}
