import { PGlite } from '@electric-sql/pglite';
import type { Database, QueryResult, Queryable } from './database';
import { RAW_TEXT_TYPES } from './types';

/**
 * Embedded Postgres in this process. One connection, so PGlite itself queues transactions; that
 * serialises writers, which is what a one-machine stack wants anyway.
 * dataDir null keeps the database in memory (tests).
 */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const rawText = Object.fromEntries(RAW_TEXT_TYPES.map((oid) => [oid, (value: string) => value]));
  const pg = await PGlite.create(dataDir ?? undefined, { parsers: rawText });

  const wrap = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params);
      return {
        rows: result.rows,
        fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
        affectedRows: result.affectedRows ?? 0,
      };
    },
  });

  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    listen: async (channel, onPayload) => {
      const stop = await pg.listen(channel, onPayload);
      return () => stop();
    },
    close: async () => {
      // CHECKPOINT first so a restart finds everything on disk without WAL replay.
      if (dataDir) await pg.exec('checkpoint');
      await pg.close();
    },
  };
}
