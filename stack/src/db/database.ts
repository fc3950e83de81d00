/**
 * The one database interface the stack speaks, implemented over embedded PGlite (default) and over
 * a real Postgres given by DATABASE_URL. Everything above it (auth, REST, realtime) is the same on
 * both.
 */
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

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN … COMMIT on one connection; ROLLBACK if fn throws (and rethrows). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
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
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Runs fn in one transaction as the request's role with its claims set, as PostgREST does, so
 * row-level security is enforced by Postgres. Never runs as the connecting superuser (PGlite's
 * default user bypasses RLS). readOnly makes the transaction read-only, as PostgREST does for GET.
 */
export async function runAs<T>(
  db: Database,
  identity: RequestIdentity,
  options: { readOnly?: boolean },
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  if (!API_ROLES.has(identity.role)) throw new Error(`refusing to run as role ${identity.role}`);
  return db.transaction(async (tx) => {
    if (options.readOnly) await tx.query('set transaction read only');
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.method', $4, true),
              set_config('request.path', $5, true),
              set_config('request.headers', $6, true),
              set_config('search_path', 'public, extensions', true)`,
      [
        identity.role,
        JSON.stringify(identity.claims),
        typeof identity.claims.sub === 'string' ? identity.claims.sub : '',
        identity.method ?? 'POST',
        identity.path ?? '/',
        JSON.stringify(identity.headers ?? {}),
      ],
    );
    return fn(tx);
  });
}
