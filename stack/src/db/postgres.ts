import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database';
import { RAW_TEXT_TYPES } from './types';

const rawTextTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (RAW_TEXT_TYPES as readonly number[]).includes(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A real Postgres (DATABASE_URL): a pool, so requests run concurrently as PostgREST's do. */
export async function openPostgres(connectionString: string, maxConnections = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: maxConnections, types: rawTextTypes });
  // Idle clients can error when the server goes away; the next query reports it, so do not crash.
  pool.on('error', () => {});

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query(sql, params);
      return {
        rows: result.rows as T[],
        fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
        affectedRows: result.rowCount ?? 0,
      };
    },
  });

  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString });
        await listener.connect();
        listener.on('notification', ({ channel: name, payload }) => {
          for (const handler of handlers.get(name) ?? []) handler(payload ?? '');
        });
      }
      const set = handlers.get(channel) ?? new Set();
      if (set.size === 0) await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      set.add(onPayload);
      handlers.set(channel, set);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && listener) await listener.query(`unlisten ${pg.escapeIdentifier(channel)}`);
      };
    },
    async close() {
      await listener?.end();
      await pool.end();
    },
  };
}
