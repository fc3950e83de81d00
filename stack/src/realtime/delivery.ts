import { type Database, type RequestIdentity, runAs } from '../db/database';
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

/**
 * What one subscriber (one channel, one token) receives for a change, as Supabase Realtime's
 * apply_rls decides it, or null when none of its bindings may see it:
 *  - INSERT/UPDATE: the row is read as the subscriber's role with its claims, so RLS decides;
 *    the record holds only columns the role may SELECT; filters apply to that row. Unlike the
 *    WAL, the row is read when the event is delivered: if the same row changed again since, the
 *    record already shows the later state (and a row deleted since sends nothing).
 *  - DELETE: no RLS check (Realtime cannot read a deleted row); old_record holds only the
 *    primary key, and filters are checked against it alone, so a filter naming no key column
 *    never matches a delete, exactly as on Supabase.
 */
export async function changeFor(
  db: Database,
  table: TableInfo,
  change: CapturedChange,
  identity: RequestIdentity,
  subscriptions: Subscription[],
): Promise<{ ids: number[]; data: ChangeData } | null> {
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
    if (refusal) return { ids: subscriptions.map((s) => s.id), data: { ...base, errors: [refusal] } };
  }

  const columns = visibleColumns.map((column) => ({ name: column.name, type: column.typeName }));
  const relation = `${quoteIdent(table.schema)}.${quoteIdent(table.table)}`;

  if (change.type === 'DELETE') {
    const matches = await matchDeleted(db, table, relation, change.old_keys ?? {}, subscriptions);
    if (matches.length === 0) return null;
    return {
      ids: matches,
      data: {
        ...base,
        commit_timestamp: change.commit_timestamp,
        columns,
        old_record: pick(change.old_keys, keyColumns.filter((c) => visibleColumns.includes(c))),
        errors: null,
      },
    };
  }

  const params: unknown[] = [JSON.stringify(change.keys ?? {})];
  const keyMatch = keyColumns
    .map((column) => `t.${quoteIdent(column.name)} = ($1::jsonb ->> ${sqlLiteral(column.name)})::${column.sqlType}`)
    .join(' and ');
  const matchColumns = subscriptions.map(
    (subscription, index) => `${filterSql(subscription.filter, visibleColumns, params)} as match_${index}`,
  );
  const sql = `
    select to_jsonb(r) as record, ${matchColumns.join(', ')}
    from (select ${visibleColumns.map((column) => `t.${quoteIdent(column.name)}`).join(', ')}
          from ${relation} t where ${keyMatch}) r`;
  const { rows } = await runAs(db, identity, { readOnly: true }, (tx) =>
    tx.query<Record<string, unknown>>(sql, params),
  );
  const row = rows[0];
  // No row: RLS hides it from this subscriber, or a later committed change already deleted it.
  if (!row) return null;
  const ids = subscriptions.filter((_, index) => row[`match_${index}`] === true).map((s) => s.id);
  if (ids.length === 0) return null;
  return {
    ids,
    data: {
      ...base,
      commit_timestamp: change.commit_timestamp,
      columns,
      record: row.record as Record<string, unknown>,
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

/** Bindings whose filter matches a deleted row, judged on its primary key alone. */
async function matchDeleted(
  db: Database,
  table: TableInfo,
  relation: string,
  oldKeys: Record<string, unknown>,
  subscriptions: Subscription[],
): Promise<number[]> {
  const keyColumns = table.columns.filter((column) => column.isKey);
  const params: unknown[] = [JSON.stringify(oldKeys)];
  // true or false when decided without SQL, else the SQL that decides.
  const decisions = subscriptions.map((subscription): boolean | string => {
    if (subscription.filter.length === 0) return true;
    const onKeys = subscription.filter.filter((condition) =>
      keyColumns.some((column) => column.name === condition.column),
    );
    return onKeys.length === 0 ? false : filterSql(onKeys, keyColumns, params);
  });
  const sqlDecisions = decisions.flatMap((decision, index) =>
    typeof decision === 'string' ? [`${decision} as match_${index}`] : [],
  );
  let row: Record<string, boolean> = {};
  if (sqlDecisions.length > 0) {
    const { rows } = await db.query<Record<string, boolean>>(
      `select ${sqlDecisions.join(', ')} from jsonb_populate_record(null::${relation}, $1::jsonb) r`,
      params,
    );
    row = rows[0] ?? {};
  }
  return subscriptions
    .filter((_, index) => {
      const decision = decisions[index];
      return typeof decision === 'boolean' ? decision : row[`match_${index}`] === true;
    })
    .map((subscription) => subscription.id);
}
