import type { Queryable, RequestIdentity } from '../db/database';
import type { CapturedChange, ChangeType } from './capture';
import type { ColumnInfo, TableInfo } from './catalog';
import { conditionSql, type FilterCondition, quoteIdent } from './filters';
import type { IndexedFilter, Scope } from './subscription-index';

/** What subscribing learnt of one condition of a filter, from the catalog. */
export interface ConditionFacts {
  /** Whether it names a primary-key column: a DELETE carries only those. */
  onKey: boolean;
  /**
   * For `eq` (not negated) on a column whose equality is equality of text (ColumnInfo.textEquality):
   * the value as Postgres prints it, so that a change finds the filter by its row's value.
   */
  eqText: string | null;
}

/** One postgres_changes binding of a joined channel. */
export interface Subscription {
  /** The id echoed in the join reply and carried by every event for this binding. */
  id: number;
  event: '*' | ChangeType;
  /** `*` for every schema. */
  schema: string;
  /** `*` for every table of the schema. */
  table: string;
  filter: FilterCondition[];
  /** One for each condition of `filter`. */
  facts: ConditionFacts[];
}

/**
 * The filter work done for changes, for tests: filters tested one by one in SQL, lookups of a
 * row's printed value (as SQL read it), and subscribers not read at all (mayReach). An `eq` filter
 * on a column whose equality is equality of text costs no test: a change's work grows with the
 * lookups (at most one per filtered column), not with the number of such filters.
 */
export const filterWork = { tested: 0, lookups: 0, skipped: 0 };

/** The `data` of a postgres_changes push (wire facts §3.3). */
export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp?: string;
  type: ChangeType;
  columns?: { name: string; type: string }[];
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: string[] | null;
}

const sqlLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

function pick(values: Record<string, unknown> | null, columns: ColumnInfo[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const column of columns) {
    if (values && column.name in values) picked[column.name] = values[column.name];
  }
  return picked;
}

/** A change as one subscriber receives it, and the filters of its subscriptions it matches. */
export interface SubscriberChange {
  /** Matched filters of the scopes given; subscriptions without a filter are matched too. */
  matched: IndexedFilter[];
  data: ChangeData;
}

/** Why Realtime sends a subscriber only an error for changes of this table, or null. */
function refusalFor(table: TableInfo, identity: RequestIdentity): string | null {
  const keyColumns = table.columns.filter((column) => column.isKey);
  return keyColumns.length === 0
    ? 'Error 400: Bad Request, no primary key'
    : keyColumns.some((column) => !column.selectableBy.includes(identity.role))
      ? 'Error 401: Unauthorized'
      : null;
}

/**
 * A value of the captured row (to_jsonb of a column whose equality is equality of text) as
 * Postgres prints it: null for NULL, undefined when it cannot be told from the JSON (an integer
 * beyond 2^53 lost digits when parsed).
 */
function printedFromJson(value: unknown): string | null | undefined {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/**
 * Whether the change may reach any of the subscriptions in `scopes`, judged without the database
 * from the row the change carries: false only when every one of them is an `eq` filter found by
 * lookup and the row's values find none. Such a subscriber is not read at all, so a user whose
 * filters name other rows costs other users' changes nothing but the lookups.
 */
export function mayReach(table: TableInfo, change: CapturedChange, identity: RequestIdentity, scopes: Scope[]): boolean {
  const row = change.type === 'DELETE' ? change.old_keys : change.record;
  if (!row || (change.type !== 'DELETE' && refusalFor(table, identity))) return true;
  for (const scope of scopes) {
    if (scope.unfiltered.size > 0 || scope.tested.size > 0) return true;
    for (const [column, byValue] of scope.lookups) {
      const printed = column in row ? printedFromJson(row[column]) : undefined;
      if (printed === undefined) return true;
      if (printed !== null && byValue.has(printed)) return true;
    }
  }
  filterWork.skipped++;
  return false;
}

/**
 * What one subscriber (one role with its claims, however many channels and bindings it holds)
 * receives for a change, as Supabase Realtime's apply_rls decides it, or null when none of the
 * subscriptions in `scopes` (SubscriptionIndex.scopesFor) may see it. `tx` runs as the subscriber
 * (runAs); one statement reads the row and decides the filters, unless more than
 * FILTERS_PER_STATEMENT must be tested or a filter found by lookup has conditions besides it:
 *  - INSERT/UPDATE: the row is read as the subscriber's role with its claims, so RLS decides;
 *    the record holds only columns the role may SELECT; filters apply to that row. The record is the
 *    row as the change wrote it, as the WAL has it; only a row too large for the notification is
 *    read when the event is delivered, and then shows any later change. A row deleted since sends
 *    nothing.
 *  - DELETE: no RLS check (Realtime cannot read a deleted row); old_record holds only the
 *    primary key, and filters are checked against it alone, so a filter naming no key column
 *    never matches a delete, exactly as on Supabase (the index leaves such filters out).
 */
export async function changeFor(
  tx: Queryable,
  table: TableInfo,
  change: CapturedChange,
  identity: RequestIdentity,
  scopes: Scope[],
): Promise<SubscriberChange | null> {
  const visibleColumns = table.columns.filter((column) => column.selectableBy.includes(identity.role));
  const keyColumns = table.columns.filter((column) => column.isKey);
  const base = { schema: change.schema, table: change.table, type: change.type };
  const unfiltered = scopes.some((scope) => scope.unfiltered.size > 0);

  if (change.type !== 'DELETE') {
    const refusal = refusalFor(table, identity);
    if (refusal) {
      const matched = scopes.flatMap((scope) => [...scope.filters.values()]);
      return { matched, data: { ...base, errors: [refusal] } };
    }
  }

  const columns = visibleColumns.map((column) => ({ name: column.name, type: column.typeName }));
  const relation = `${quoteIdent(table.schema)}.${quoteIdent(table.table)}`;

  if (change.type === 'DELETE') {
    const needsSql = scopes.some((scope) => scope.filters.size > 0);
    const decided = needsSql
      ? await decideFilters(tx, `jsonb_populate_record(null::${relation}, $1::jsonb) r`, [JSON.stringify(change.old_keys ?? {})], scopes, keyColumns, 'null')
      : { first: null, matched: [] };
    if (!decided || (!unfiltered && decided.matched.length === 0)) return null;
    return {
      matched: decided.matched,
      data: {
        ...base,
        commit_timestamp: change.commit_timestamp,
        columns,
        old_record: pick(change.old_keys, keyColumns.filter((c) => visibleColumns.includes(c))),
        errors: null,
      },
    };
  }

  const keyMatch = keyColumns
    .map((column) => `t.${quoteIdent(column.name)} = ($1::jsonb ->> ${sqlLiteral(column.name)})::${column.sqlType}`)
    .join(' and ');
  const visibleList = (alias: string) => visibleColumns.map((column) => `${alias}.${quoteIdent(column.name)}`).join(', ');
  // The row as written, when the capture carried it, shown if the subscriber may see that row now;
  // otherwise the row as it is now.
  const row = change.record
    ? `(select ${visibleList('w')} from jsonb_populate_record(null::${relation}, $2::jsonb) w
        where exists (select 1 from ${relation} t where ${keyMatch})) r`
    : `(select ${visibleList('t')} from ${relation} t where ${keyMatch}) r`;
  const params = [JSON.stringify(change.keys ?? {}), ...(change.record ? [JSON.stringify(change.record)] : [])];
  const decided = await decideFilters(tx, row, params, scopes, visibleColumns, 'to_jsonb(r)');
  // No row: RLS hides it from this subscriber, or a later committed change already deleted it.
  if (!decided || (!unfiltered && decided.matched.length === 0)) return null;
  return {
    matched: decided.matched,
    data: {
      ...base,
      commit_timestamp: change.commit_timestamp,
      columns,
      record: decided.first as Record<string, unknown>,
      ...(change.type === 'UPDATE'
        ? { old_record: pick(change.old_keys, keyColumns.filter((c) => visibleColumns.includes(c))) }
        : {}),
      errors: null,
    },
  };
}

/** Conditions as one SQL boolean over alias `r`; false if one names a column the role cannot see. */
function conditionsSql(conditions: FilterCondition[], columns: ColumnInfo[], params: unknown[]): string {
  if (conditions.length === 0) return 'true';
  const parts: string[] = [];
  for (const condition of conditions) {
    const column = columns.find((c) => c.name === condition.column);
    if (!column) return 'false';
    parts.push(conditionSql(condition, 'r', column.sqlType, params));
  }
  return parts.join(' and ');
}

/** Filters tested by one statement at most: Postgres allows 1,664 entries in a select list. */
const FILTERS_PER_STATEMENT = 500;

/**
 * Tests each filter's `rest` against the one row that `from` yields as `r` (at least one
 * statement, which also reads `extra`, expressions over r). Null when `from` yields no row.
 */
async function testFilters(
  tx: Queryable,
  from: string,
  params: unknown[],
  filters: IndexedFilter[],
  columns: ColumnInfo[],
  extra: string[],
): Promise<{ extra: unknown[]; passed: IndexedFilter[] } | null> {
  const passed: IndexedFilter[] = [];
  let extraValues: unknown[] = [];
  for (let start = 0; start === 0 || start < filters.length; start += FILTERS_PER_STATEMENT) {
    const chunk = filters.slice(start, start + FILTERS_PER_STATEMENT);
    const statementParams = [...params];
    const select = [
      ...(start === 0 ? extra.map((expression, index) => `${expression} as extra_${index}`) : []),
      ...chunk.map((filter, index) => `${conditionsSql(filter.rest, columns, statementParams)} as test_${index}`),
    ];
    filterWork.tested += chunk.length;
    const { rows } = await tx.query<Record<string, unknown>>(
      `select ${select.length > 0 ? select.join(', ') : 'true'} from ${from}`,
      statementParams,
    );
    const row = rows[0];
    if (!row) return null;
    if (start === 0) extraValues = extra.map((_, index) => row[`extra_${index}`]);
    chunk.forEach((filter, index) => {
      if (row[`test_${index}`] === true) passed.push(filter);
    });
  }
  return { extra: extraValues, passed };
}

/**
 * Decides the filters of `scopes` against the one row that `from` yields as `r`, and reads
 * `first` (an expression over r) along; null when `from` yields no row. Filters with a lookup are
 * found by the row's printed value of their column, in one map lookup per column, however many
 * there are; their other conditions, and the filters without a lookup, are tested in SQL.
 */
async function decideFilters(
  tx: Queryable,
  from: string,
  params: unknown[],
  scopes: Scope[],
  columns: ColumnInfo[],
  first: string,
): Promise<{ first: unknown; matched: IndexedFilter[] } | null> {
  // A column the role cannot see is not in r: filters on it never match, as filterSql had it.
  const lookupColumns = [...new Set(scopes.flatMap((scope) => [...scope.lookups.keys()]))].filter((name) =>
    columns.some((column) => column.name === name),
  );
  const tested = scopes.flatMap((scope) => [...scope.tested]);
  const printed = lookupColumns.length > 0 ? [`array[${lookupColumns.map((name) => `r.${quoteIdent(name)}::text`).join(', ')}]`] : [];
  const read = await testFilters(tx, from, params, tested, columns, [first, ...printed]);
  if (!read) return null;
  const matched = read.passed;
  const values = (read.extra[1] as (string | null)[] | undefined) ?? [];
  const toTest: IndexedFilter[] = [];
  lookupColumns.forEach((name, index) => {
    const value = values[index];
    // NULL equals nothing.
    if (value == null) return;
    filterWork.lookups++;
    for (const scope of scopes) {
      for (const filter of scope.lookups.get(name)?.get(value) ?? []) {
        if (filter.rest.length === 0) matched.push(filter);
        else toTest.push(filter);
      }
    }
  });
  if (toTest.length > 0) {
    const rest = await testFilters(tx, from, params, toTest, columns, []);
    if (rest) matched.push(...rest.passed);
  }
  return { first: read.extra[0], matched };
}
