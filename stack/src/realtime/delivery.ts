import type { Queryable, RequestIdentity } from '../db/database';
import type { CapturedChange, ChangeType } from './capture';
import type { ColumnInfo, TableInfo } from './catalog';
import { conditionSql, type FilterCondition, quoteIdent } from './filters';

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
}

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

export function subscriptionCovers(subscription: Subscription, change: CapturedChange): boolean {
  return (
    (subscription.event === '*' || subscription.event === change.type) &&
    (subscription.schema === '*' || subscription.schema === change.schema) &&
    (subscription.table === '*' || subscription.table === change.table)
  );
}

const sqlLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

function pick(values: Record<string, unknown> | null, columns: ColumnInfo[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const column of columns) {
    if (values && column.name in values) picked[column.name] = values[column.name];
  }
  return picked;
}

/** A change as one subscriber receives it, and which of its bindings' filters it matches. */
export interface SubscriberChange {
  matches: (filter: FilterCondition[]) => boolean;
  data: ChangeData;
}

/**
 * What one subscriber (one role with its claims, however many channels and bindings it holds)
 * receives for a change, as Supabase Realtime's apply_rls decides it, or null when no binding
 * with one of the given filters may see it. `tx` runs as the subscriber (runAs); one statement
 * decides every filter (up to FILTERS_PER_STATEMENT distinct ones):
 *  - INSERT/UPDATE: the row is read as the subscriber's role with its claims, so RLS decides;
 *    the record holds only columns the role may SELECT; filters apply to that row. The record is the
 *    row as the change wrote it, as the WAL has it; only a row too large for the notification is
 *    read when the event is delivered, and then shows any later change. A row deleted since sends
 *    nothing.
 *  - DELETE: no RLS check (Realtime cannot read a deleted row); old_record holds only the
 *    primary key, and filters are checked against it alone, so a filter naming no key column
 *    never matches a delete, exactly as on Supabase.
 */
export async function changeFor(
  tx: Queryable,
  table: TableInfo,
  change: CapturedChange,
  identity: RequestIdentity,
  filters: FilterCondition[][],
): Promise<SubscriberChange | null> {
  const visibleColumns = table.columns.filter((column) => column.selectableBy.includes(identity.role));
  const keyColumns = table.columns.filter((column) => column.isKey);
  const base = { schema: change.schema, table: change.table, type: change.type };

  if (change.type !== 'DELETE') {
    const refusal =
      keyColumns.length === 0
        ? 'Error 400: Bad Request, no primary key'
        : keyColumns.some((column) => !column.selectableBy.includes(identity.role))
          ? 'Error 401: Unauthorized'
          : null;
    if (refusal) return { matches: () => true, data: { ...base, errors: [refusal] } };
  }

  const columns = visibleColumns.map((column) => ({ name: column.name, type: column.typeName }));
  const relation = `${quoteIdent(table.schema)}.${quoteIdent(table.table)}`;

  if (change.type === 'DELETE') {
    const matches = await matchDeleted(tx, keyColumns, relation, change.old_keys ?? {}, filters);
    if (!filters.some(matches)) return null;
    return {
      matches,
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
  const decided = await decideFilters(tx, row, params, filters, visibleColumns, 'to_jsonb(r)');
  // No row: RLS hides it from this subscriber, or a later committed change already deleted it.
  if (!decided || !filters.some(decided.matches)) return null;
  return {
    matches: decided.matches,
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

/** A binding's filter as one SQL boolean over alias `r`; false if it names a column the role cannot see. */
function filterSql(filter: FilterCondition[], columns: ColumnInfo[], params: unknown[]): string {
  if (filter.length === 0) return 'true';
  const parts: string[] = [];
  for (const condition of filter) {
    const column = columns.find((c) => c.name === condition.column);
    if (!column) return 'false';
    parts.push(conditionSql(condition, 'r', column.sqlType, params));
  }
  return parts.join(' and ');
}

/** Filters decided by one statement at most: Postgres allows 1,664 entries in a select list. */
const FILTERS_PER_STATEMENT = 500;

const filterKeys = new WeakMap<FilterCondition[], string>();
/** Equal filters (as the many channels of one app hold) share a key, and are decided once. */
export function filterKey(filter: FilterCondition[]): string {
  let key = filterKeys.get(filter);
  if (key === undefined) {
    key = JSON.stringify(filter);
    filterKeys.set(filter, key);
  }
  return key;
}

/**
 * Decides every distinct filter among `filters` against the one row that `from` yields as `r`,
 * and reads `first` (an expression over r) along. Null when `from` yields no row.
 */
async function decideFilters(
  tx: Queryable,
  from: string,
  params: unknown[],
  filters: FilterCondition[][],
  columns: ColumnInfo[],
  first: string,
): Promise<{ first: unknown; matches: (filter: FilterCondition[]) => boolean } | null> {
  const distinct = [...new Map(filters.map((filter) => [filterKey(filter), filter])).entries()];
  const matched = new Set<string>();
  let firstValue: unknown;
  // At least one statement: it also tells whether the row exists.
  for (let start = 0; start === 0 || start < distinct.length; start += FILTERS_PER_STATEMENT) {
    const chunk = distinct.slice(start, start + FILTERS_PER_STATEMENT);
    const statementParams = [...params];
    const decisions = chunk.map(([, filter], index) => `${filterSql(filter, columns, statementParams)} as match_${index}`);
    const { rows } = await tx.query<Record<string, unknown>>(
      `select ${[`${first} as first`, ...decisions].join(', ')} from ${from}`,
      statementParams,
    );
    const row = rows[0];
    if (!row) return null;
    if (start === 0) firstValue = row.first;
    chunk.forEach(([key], index) => {
      if (row[`match_${index}`] === true) matched.add(key);
    });
  }
  return { first: firstValue, matches: (filter) => matched.has(filterKey(filter)) };
}

/** Which filters match a deleted row, judged on its primary key alone. */
async function matchDeleted(
  tx: Queryable,
  keyColumns: ColumnInfo[],
  relation: string,
  oldKeys: Record<string, unknown>,
  filters: FilterCondition[][],
): Promise<(filter: FilterCondition[]) => boolean> {
  const onKeys = (filter: FilterCondition[]) =>
    filter.filter((condition) => keyColumns.some((column) => column.name === condition.column));
  // Without a filter a binding matches; with one that names no key column, it cannot.
  const decidedWithoutSql = (filter: FilterCondition[]) =>
    filter.length === 0 ? true : onKeys(filter).length === 0 ? false : null;
  const needSql = filters.filter((filter) => decidedWithoutSql(filter) === null).map(onKeys);
  const decided =
    needSql.length === 0
      ? null
      : await decideFilters(tx, `jsonb_populate_record(null::${relation}, $1::jsonb) r`, [JSON.stringify(oldKeys)], needSql, keyColumns, 'null');
  return (filter) => decidedWithoutSql(filter) ?? decided?.matches(onKeys(filter)) === true;
}
