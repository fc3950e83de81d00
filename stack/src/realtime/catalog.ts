import type { Database, RequestIdentity } from '../db/database';

export type ApiRole = RequestIdentity['role'];
export const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role'];

export interface ColumnInfo {
  name: string;
  /** pg_type.typname, what Supabase Realtime reports in `columns[].type`. */
  typeName: string;
  /** Schema-qualified type for casts in generated SQL. */
  sqlType: string;
  isKey: boolean;
  /**
   * Whether two values are equal exactly when Postgres prints them alike (uuid, integers, boolean,
   * text and varchar under a deterministic collation): an `eq` filter on such a column is found by
   * the row's printed value instead of being tested (delivery.ts).
   */
  textEquality: boolean;
  /** API roles holding SELECT on the column: only those columns reach a subscriber. */
  selectableBy: ApiRole[];
}

export interface TableInfo {
  schema: string;
  table: string;
  rlsEnabled: boolean;
  inPublication: boolean;
  /** Whether the capture trigger is on the table. */
  captured: boolean;
  /** In column order. */
  columns: ColumnInfo[];
}

interface TableRow {
  schema: string;
  table: string;
  rls_enabled: boolean;
  in_publication: boolean;
  captured: boolean;
  columns: {
    name: string;
    type_name: string;
    sql_type: string;
    is_key: boolean;
    text_equality: boolean;
    selectable_by: ApiRole[];
  }[];
}

const TABLES_SQL = `
  select n.nspname as schema, c.relname as table, c.relrowsecurity as rls_enabled,
    exists (
      select 1 from pg_publication_tables p
      where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
    ) as in_publication,
    exists (
      select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'stack_realtime_capture'
    ) as captured,
    coalesce((
      select jsonb_agg(jsonb_build_object(
          'name', a.attname,
          'type_name', t.typname,
          'sql_type', format_type(a.atttypid, null),
          'is_key', coalesce(a.attnum = any (i.indkey::int2[]), false),
          'text_equality', t.oid in ('uuid'::regtype, 'int2'::regtype, 'int4'::regtype, 'int8'::regtype,
              'bool'::regtype, 'text'::regtype, 'varchar'::regtype)
            and coalesce((select co.collisdeterministic from pg_collation co where co.oid = a.attcollation), true),
          'selectable_by', array(
            select r from unnest(array['anon', 'authenticated', 'service_role']) r
            where has_column_privilege(r, c.oid, a.attname, 'SELECT')
          )
        ) order by a.attnum)
      from pg_attribute a
      join pg_type t on t.oid = a.atttypid
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    ), '[]'::jsonb) as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and ($1::text = '*' or n.nspname = $1) and ($2::text = '*' or c.relname = $2)`;

/** Tables named by a subscription (`*` for any schema or table), as the catalog describes them. */
export async function loadTables(db: Database, schema: string, table: string): Promise<TableInfo[]> {
  // An empty search path makes format_type qualify every type outside pg_catalog.
  const { rows } = await db.transaction(async (tx) => {
    await tx.query(`select set_config('search_path', '', true)`);
    return tx.query<TableRow>(TABLES_SQL, [schema, table]);
  });
  return rows.map((row) => ({
    schema: row.schema,
    table: row.table,
    rlsEnabled: row.rls_enabled,
    inPublication: row.in_publication,
    captured: row.captured,
    columns: row.columns.map((column) => ({
      name: column.name,
      typeName: column.type_name,
      sqlType: column.sql_type,
      isKey: column.is_key,
      textEquality: column.text_equality,
      selectableBy: column.selectable_by,
    })),
  }));
}

/** Tables as last loaded, so that a change costs no catalog query. */
export interface TableCache {
  /** Loaded on first use; a failed load is retried next time rather than cached. */
  get(schema: string, table: string): Promise<TableInfo | undefined>;
  /** Replaces what is known of a table (it was just loaded again). */
  remember(info: TableInfo): void;
}

export function createTableCache(db: Database): TableCache {
  const tables = new Map<string, Promise<TableInfo | undefined>>();
  return {
    get(schema, table) {
      const key = `${schema}.${table}`;
      let info = tables.get(key);
      if (!info) {
        info = loadTables(db, schema, table).then((found) => found[0]);
        info.catch(() => tables.delete(key));
        tables.set(key, info);
      }
      return info;
    },
    remember(info) {
      tables.set(`${info.schema}.${info.table}`, Promise.resolve(info));
    },
  };
}
