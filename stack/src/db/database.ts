import { availableParallelism } from 'node:os';
import { fairShare, requesterOf } from './fair-share';

/**
 * The one database interface the stack speaks: a Postgres server, the stack's embedded one or the
 * one DATABASE_URL names. Everything above it (auth, REST, realtime) is the same on both.
 */
/** Connections per pool, as many as Supabase's PostgREST pool for a small project. */
export const POOL_SIZE = 20;

export interface QueryResult<T> {
  rows: T[];
  /** Result columns with their Postgres type oids, in select order. */
  fields: { name: string; dataTypeID: number }[];
  /** Rows inserted, updated or deleted, for DML. */
  affectedRows: number;
}

export interface Queryable {
  /** One statement with $1..$n parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface TransactionOptions {
  /** BEGIN READ ONLY: any write in it fails (25006), as in PostgREST's GET transactions. */
  readOnly?: boolean;
  /** A statement sent with BEGIN in the same round trip, such as the request's settings. */
  setup?: { sql: string; params: unknown[] };
}

/** Queries as the database owner (a superuser): migrations, auth, the realtime catalogue. */
export interface Database extends Queryable {
  /** Runs fn inside BEGIN … COMMIT on one connection; ROLLBACK if fn throws (and rethrows). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The same, on the API login role (`authenticator`, as PostgREST connects): not a superuser, it
   * can only switch to anon, authenticated and service_role. Every API request runs here.
   */
  apiTransaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * One statement in a transaction of its own on the API login role, sent with its BEGIN (and
   * setup) and its COMMIT in one round trip. If it fails, the COMMIT ends the transaction as a
   * ROLLBACK and the first error is thrown.
   */
  apiStatement<T>(sql: string, params: unknown[], options?: TransactionOptions): Promise<QueryResult<T>>;
  /** Runs a multi-statement SQL script (migrations, platform SQL). */
  exec(sql: string): Promise<void>;
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Who a request runs as: PostgREST's transaction-local settings (wire facts §2.4). */
export interface RequestIdentity {
  /** Database role from the JWT `role` claim: 'anon', 'authenticated' or 'service_role'. */
  role: 'anon' | 'authenticated' | 'service_role';
  /** The full verified JWT payload. */
  claims: Record<string, unknown>;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** A `timezone=` preference, set for the transaction. */
  timezone?: string;
  /**
   * The client the request came from (rateLimitKey: the whole loopback range is one), which the
   * fair share of the pool counts a request without a user against.
   */
  client?: string;
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Runs fn in one transaction as the request's role with its claims set, as PostgREST does, so
 * row-level security is enforced by Postgres, on the API login role, which cannot become a
 * superuser. The role's own settings (statement_timeout: anon 3 s, authenticated 8 s on Supabase)
 * apply transaction-locally, as PostgREST applies them: `set role` alone would not.
 * readOnly makes the transaction read-only, as PostgREST does for GET.
 */
export async function runAs<T>(
  db: Database,
  identity: RequestIdentity,
  options: TransactionOptions,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const setup = await requestSetup(db, identity);
  return shareOf(db)(requesterOf(identity), () => db.apiTransaction(fn, { ...options, setup }));
}

/** runAs for a request that is one statement: BEGIN, the statement and COMMIT in one round trip. */
export async function runStatementAs<T>(
  db: Database,
  identity: RequestIdentity,
  options: TransactionOptions,
  sql: string,
  params: unknown[],
): Promise<QueryResult<T>> {
  const setup = await requestSetup(db, identity);
  return shareOf(db)(requesterOf(identity), () => db.apiStatement<T>(sql, params, { ...options, setup }));
}

/**
 * How many of the API pool's connections one requester's transactions may hold at once: a fifth
 * of them, so that one user's burst of slow calls always leaves most of the pool to everyone else,
 * and no more than the machine has cores (at least 2): each connection is a Postgres process, and
 * more of one user's slow calls than cores only take the CPU another user's sale needs (4 costings
 * on a 2-core laptop made a neighbour's sale 5x slower).
 */
export const CONNECTIONS_PER_REQUESTER = Math.max(2, Math.min(Math.floor(POOL_SIZE / 5), availableParallelism()));
/**
 * How long a requester's transaction waits for its turn before it is refused (PGRST003, 504):
 * PostgREST's db-pool-acquisition-timeout, 10 s.
 */
export const SHARE_WAIT_MS = 10_000;
const shares = new WeakMap<Database, ReturnType<typeof fairShare>>();
const shareOf = (db: Database) => {
  const share = shares.get(db) ?? fairShare(CONNECTIONS_PER_REQUESTER, SHARE_WAIT_MS);
  shares.set(db, share);
  return share;
};

/**
 * The request's transaction-local settings as one statement. Names and values are parameters, so
 * the text depends only on how many there are: each connection prepares it once, where a text of
 * escaped values would be parsed and planned by Postgres on every request.
 */
async function requestSetup(db: Database, identity: RequestIdentity): Promise<{ sql: string; params: unknown[] }> {
  if (!API_ROLES.has(identity.role)) throw new Error(`refusing to run as role ${identity.role}`);
  const roleSettings = (await apiRoleSettings(db)).get(identity.role) ?? [];
  const settings: [string, string][] = [
    ['role', identity.role],
    ['request.jwt.claims', JSON.stringify(identity.claims)],
    ['request.jwt.claim.sub', typeof identity.claims.sub === 'string' ? identity.claims.sub : ''],
    ['request.jwt.claim.role', identity.role],
    ['request.method', identity.method ?? 'POST'],
    ['request.path', identity.path ?? '/'],
    ['request.headers', JSON.stringify(identity.headers ?? {})],
    ['search_path', 'public, extensions'],
    ...roleSettings,
    ...(identity.timezone ? [['timezone', identity.timezone] as [string, string]] : []),
  ];
  return {
    sql: `select ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
    params: settings.flat(),
  };
}

const roleSettingsCache = new WeakMap<Database, Promise<Map<string, [string, string][]>>>();

/**
 * `alter role … set` settings of the API roles (this database's and every database's), read once
 * per database handle as PostgREST reads them into its schema cache.
 */
function apiRoleSettings(db: Database): Promise<Map<string, [string, string][]>> {
  let settings = roleSettingsCache.get(db);
  if (!settings) {
    settings = db
      .query<{ role: string; name: string; value: string }>(
        `select r.rolname as role, split_part(setting, '=', 1) as name, substr(setting, strpos(setting, '=') + 1) as value
         from pg_catalog.pg_db_role_setting s
         join pg_catalog.pg_roles r on r.oid = s.setrole
         cross join lateral unnest(s.setconfig) as setting
         where r.rolname = any ($1)
           and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
         order by s.setdatabase`,
        [[...API_ROLES]],
      )
      .then(({ rows }) => {
        const byRole = new Map<string, [string, string][]>();
        for (const { role, name, value } of rows) byRole.set(role, [...(byRole.get(role) ?? []), [name, value]]);
        return byRole;
      });
    settings.catch(() => roleSettingsCache.delete(db));
    roleSettingsCache.set(db, settings);
  }
  return settings;
}
