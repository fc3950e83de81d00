import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database';
import { RAW_TEXT_TYPES } from './types';

const rawTextTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (RAW_TEXT_TYPES as readonly number[]).includes(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Pools on a Postgres server, so requests run concurrently as PostgREST's do: one as the owner,
 * one as the API login role (apiConnectionString). Neither connects before its first query.
 */
/** Connections per pool, as many as Supabase's PostgREST pool for a small project. */
export const POOL_SIZE = 20;

export async function openPostgres(
  connectionString: string,
  apiConnectionString: string,
  maxConnections = POOL_SIZE,
): Promise<Database> {
  const newPool = (url: string) => {
    const created = new pg.Pool({ connectionString: url, max: maxConnections, types: rawTextTypes });
    // Idle clients can error when the server goes away; the next query reports it, so do not crash.
    created.on('error', () => {});
    return created;
  };
  const pool = newPool(connectionString);
  const apiPool = newPool(apiConnectionString);

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const results = await target.query(sql, params);
      // A script of several statements answers with one result each: report the last, as psql does.
      const result = Array.isArray(results) ? (results.at(-1) as pg.QueryResult) : results;
      return {
        rows: result.rows as T[],
        fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
        affectedRows: result.rowCount ?? 0,
      };
    },
  });

  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function transaction<T>(on: pg.Pool, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await on.connect();
    let broken = false;
    // A server that dies between two statements errors the connection with no query to reject:
    // without a listener that error would crash the stack. The next statement reports it.
    const markBroken = () => (broken = true);
    client.on('error', markBroken);
    try {
      await client.query('begin');
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => (broken = true));
      throw error;
    } finally {
      // A connection that failed or could not even roll back is not handed out again.
      client.off('error', markBroken);
      client.release(broken);
    }
  }

  return {
    ...wrap(pool),
    transaction: (fn) => transaction(pool, fn),
    apiTransaction: (fn) => transaction(apiPool, fn),
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
      await Promise.all([pool.end(), apiPool.end()]);
    },
  };
}
