import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { POOL_SIZE, type Database, type QueryResult, type Queryable, type TransactionOptions } from './database';
import { RAW_TEXT_TYPES } from './types';

const rawTextTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (RAW_TEXT_TYPES as readonly number[]).includes(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'stack realtime listener';
/** Delays between attempts to re-open a lost LISTEN connection: doubling from the first to the last. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 2_000;


/**
 * API statements run as prepared statements, as PostgREST's do (db-prepared-statements): Postgres
 * then parses and plans a statement once per connection instead of once per request. A hostile
 * client can make endless distinct statements with filters, so each connection prepares at most
 * this many; later new statements run unprepared.
 */
export const MAX_PREPARED_PER_CONNECTION = 100;

/** The client's socket to Postgres: node-postgres keeps it on its connection, which it does not document. */
function socketOf(client: pg.PoolClient): Writable | undefined {
  const stream = (client as { connection?: { stream?: unknown } }).connection?.stream;
  return stream instanceof Writable ? stream : undefined;
}

/** A driver result as the stack's QueryResult; of a script of several statements, the last, as psql reports. */
function resultOf<T>(results: pg.QueryResult | pg.QueryResult[]): QueryResult<T> {
  const result = Array.isArray(results) ? results.at(-1)! : results;
  return {
    rows: result.rows as T[],
    fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows: result.rowCount ?? 0,
  };
}

/**
 * Pools on a Postgres server, so requests run concurrently as PostgREST's do: one as the owner,
 * one as the API login role (apiConnectionString). Neither connects before its first query.
 */
export async function openPostgres(
  connectionString: string,
  apiConnectionString: string,
  maxConnections = POOL_SIZE,
): Promise<Database> {
  const newPool = (url: string, pipeline = false) => {
    const created = new pg.Pool({ connectionString: url, max: maxConnections, types: rawTextTypes, pipeline });
    // Idle clients can error when the server goes away; the next query reports it, so do not crash.
    created.on('error', () => {});
    return created;
  };
  const pool = newPool(connectionString);
  // Pipelined, so that apiStatement sends BEGIN, the statement and COMMIT without waiting between.
  const apiPool = newPool(apiConnectionString, true);

  /** The statements each API connection has prepared, by name. */
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  /** A named (prepared) query for an API connection while it has room for one more, else unnamed. */
  const preparedQuery = (client: pg.PoolClient, text: string, values: unknown[]): pg.QueryConfig => {
    const names = prepared.get(client) ?? new Set<string>();
    prepared.set(client, names);
    const name = `stack_${createHash('sha1').update(text).digest('hex')}`;
    if (!names.has(name)) {
      if (names.size >= MAX_PREPARED_PER_CONNECTION) return { text, values };
      names.add(name);
    }
    return { name, text, values };
  };

  const wrap = (target: pg.Pool | pg.PoolClient, prepare = false): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      return resultOf<T>(
        prepare
          ? await target.query(preparedQuery(target as pg.PoolClient, sql, params))
          : await target.query(sql, params),
      );
    },
  });

  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listenSql = (channel: string) => `listen ${pg.escapeIdentifier(channel)}`;
  /** The connection LISTENing on every channel that has handlers; null until opened and while re-opening. */
  let listener: pg.Client | null = null;
  /** From losing the listener until a new one LISTENs. */
  let reconnecting = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let closed = false;

  /** Opens a connection, LISTENs on every channel with handlers, and makes it the listener. */
  const openListener = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    let lost = false;
    // pg_terminate_backend, a Postgres restart or a broken socket: the client emits 'error' (an
    // unhandled one would crash the stack) and 'end'. Either way it is dropped and re-opened.
    const lose = () => {
      if (lost) return;
      lost = true;
      client.end().catch(() => {});
      if (listener !== client) return;
      listener = null;
      if (closed) return;
      console.error('realtime: lost the LISTEN connection to Postgres; reconnecting');
      reconnecting = true;
      scheduleReconnect(RECONNECT_MIN_MS);
    };
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', ({ channel, payload }) => {
      for (const handler of handlers.get(channel) ?? []) handler(payload ?? '');
    });
    try {
      await client.connect();
      // Map iteration also visits channels added while these LISTENs run.
      for (const [channel, set] of handlers) if (set.size > 0) await client.query(listenSql(channel));
      if (lost) throw new Error('the LISTEN connection closed while opening');
      if (closed) throw new Error('the database was closed while the LISTEN connection opened');
    } catch (error) {
      lost = true;
      await client.end().catch(() => {});
      throw error;
    }
    listener = client;
  };

  /** Retries openListener after delay, doubling the delay (up to RECONNECT_MAX_MS) after each failure. */
  const scheduleReconnect = (delay: number) => {
    reconnectTimer = setTimeout(() => {
      openListener().then(
        () => {
          reconnecting = false;
          console.error('realtime: LISTEN connection to Postgres re-established');
        },
        () => {
          if (!closed) scheduleReconnect(Math.min(delay * 2, RECONNECT_MAX_MS));
        },
      );
    }, delay);
  };

  /**
   * Lends fn a connection of the pool and takes it back. A server that dies between two
   * statements errors the connection with no query to reject: without a listener that error would
   * crash the stack. A connection that errored, or that fn marks broken, is not handed out again.
   */
  async function withConnection<T>(
    on: pg.Pool,
    fn: (client: pg.PoolClient, markBroken: () => void) => Promise<T>,
  ): Promise<T> {
    const client = await on.connect();
    let broken = false;
    const markBroken = () => {
      broken = true;
    };
    client.on('error', markBroken);
    try {
      return await fn(client, markBroken);
    } finally {
      client.off('error', markBroken);
      client.release(broken);
    }
  }

  /** BEGIN and the setup statement, sent without waiting between them on a pipelined (API) connection. */
  const opening = (client: pg.PoolClient, { readOnly = false, setup }: TransactionOptions) => [
    client.query(readOnly ? 'begin read only' : 'begin'),
    ...(setup ? [client.query(preparedQuery(client, setup.sql, setup.params))] : []),
  ];

  function transaction<T>(
    on: pg.Pool,
    fn: (tx: Queryable) => Promise<T>,
    { prepare = false, ...options }: TransactionOptions & { prepare?: boolean } = {},
  ): Promise<T> {
    return withConnection(on, async (client, markBroken) => {
      try {
        await Promise.all(opening(client, options));
        const result = await fn(wrap(client, prepare));
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that could not even roll back is not handed out again.
        await client.query('rollback').catch(markBroken);
        throw error;
      }
    });
  }

  function apiStatement<T>(sql: string, params: unknown[], options: TransactionOptions = {}): Promise<QueryResult<T>> {
    return withConnection(apiPool, async (client, markBroken) => {
      // Sent together: Postgres runs them in order, and after a failure before it the COMMIT ends
      // the aborted transaction as a ROLLBACK, so the connection always comes back idle. Corked,
      // they leave in one write to the socket rather than one each.
      const socket = socketOf(client);
      socket?.cork();
      const replies = [...opening(client, options), client.query(preparedQuery(client, sql, params)), client.query('commit')];
      socket?.uncork();
      const settled = await Promise.allSettled(replies);
      const failure = settled.find((reply) => reply.status === 'rejected');
      if (failure) {
        // Only an error from Postgres leaves the connection usable; a broken socket does not.
        if (!(failure.reason instanceof pg.DatabaseError)) markBroken();
        throw failure.reason;
      }
      return resultOf<T>((settled.at(-2) as PromiseFulfilledResult<pg.QueryResult>).value);
    });
  }

  return {
    ...wrap(pool),
    transaction: (fn) => transaction(pool, fn),
    apiTransaction: (fn, options) => transaction(apiPool, fn, { ...options, prepare: true }),
    apiStatement,
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, onPayload) {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onPayload);
      const stop = async () => {
        set.delete(onPayload);
        // Without a live listener there is nothing to unlisten: a new one LISTENs only where handlers are.
        if (set.size === 0) await listener?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
      };
      if (set.size > 1 || reconnecting) return stop;
      if (!listener) {
        // The first listen opens the connection; if that fails, the caller hears it.
        await openListener().catch((error: unknown) => {
          set.delete(onPayload);
          throw error;
        });
        return stop;
      }
      const client = listener;
      // Lost meanwhile: the reconnection LISTENs on every channel with handlers, this one included.
      await client.query(listenSql(channel)).catch((error: unknown) => {
        if (listener === client) throw error;
      });
      return stop;
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await listener?.end();
      await Promise.all([pool.end(), apiPool.end()]);
    },
  };
}
