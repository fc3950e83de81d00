import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAuth } from './auth/gotrue';
import type { AuthRateLimits } from './auth/rate-limit';
import { apiKeys, DEFAULT_HOST, DEFAULT_PORT, DEMO_JWT_SECRET } from './config';
import type { Database } from './db/database';
import {
  connectionUrl,
  OWNER_ROLE,
  startEmbeddedPostgres,
  writeConnectionInfo,
  type EmbeddedServer,
} from './db/embedded';
import { migrate } from './db/migrate';
import { openPostgres } from './db/postgres';
import { lockDataDir } from './lock';
import { createRealtimeServer } from './realtime/server';
import { createFunctions } from './functions/functions';
import { createGateway, isLoopbackAddress } from './server';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The role API requests log in as, as PostgREST's `authenticator` (stack/sql/platform.sql). */
const API_LOGIN_ROLE = 'authenticator';
export const DEFAULT_DATA_DIR = path.join(ROOT, '.stack-data');
export const SEED_FILE = path.join(ROOT, 'supabase/seed.sql');
/** Where `npm start` serves the app (vite.config.ts). */
/** The app's dev server port (vite.config.ts). */
export const DEFAULT_APP_PORT = 5173;

/** The origins a browser shows the app on this machine at `port`. */
export function appOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

export const DEFAULT_APP_ORIGINS = appOrigins(DEFAULT_APP_PORT);

export interface StackOptions {
  /** 0 picks a free port. Default 54321, the port of `supabase start`. */
  port?: number;
  host?: string;
  /**
   * The stack's data directory: its embedded Postgres (unless databaseUrl), the credentials and the
   * JWT secret (unless jwtSecret). null: a throwaway directory, removed on close, with a
   * non-durable Postgres (tests).
   */
  dataDir?: string | null;
  /** A Postgres of the user's (15 or newer, a superuser URL) instead of the embedded one. */
  databaseUrl?: string;
  /**
   * For tests: with dataDir null and the embedded Postgres, the throwaway stack starts from a copy
   * of this stopped stack's data directory, whose cluster is already initialised and migrated: no
   * initdb, and the migrations still run, so a stale template is brought up to date. The copy gets
   * its own JWT secret and shares the template's Postgres superuser password.
   */
  templateDataDir?: string;
  /** Default: a random secret kept in the data directory, made on first start. */
  jwtSecret?: string;
  /** Browser origins that may use the API (CORS, WebSockets). Default: the app's dev server. */
  allowedOrigins?: readonly string[];
  /** Load supabase/seed.sql into a database this start created. */
  seed?: boolean;
  /** No log lines (errors still go to stderr). */
  quiet?: boolean;
  /** Auth's per-IP limits (default: Supabase's); tests that sign in many users relax them. */
  rateLimits?: AuthRateLimits;
  /**
   * How long a client may take to send its request headers, and an Edge Function request its
   * body, before it gets 408 and its connection is closed (tests shorten them). Defaults: 10 s and
   * 30 s, see REQUEST_DEADLINES.
   */
  deadlines?: { headersMs?: number; bodyMs?: number };
  /** Edge Functions' extra variables and hosts (see FunctionsOptions); FUNCTION_NET_HOSTS by default. */
  functions?: { env?: Record<string, string>; netHosts?: Record<string, readonly string[]> };
}

/** Hosts beyond the stack each Edge Function may reach: the shop's Admin API, over HTTPS only. */
export const FUNCTION_NET_HOSTS: Record<string, readonly string[]> = {
  'shopify-inventory': ['*.myshopify.com:443'],
};

/**
 * The request deadlines. A genuine client sends its headers in one packet and a webhook body of a
 * few kilobytes at once (Shopify and WooCommerce stop waiting for an answer after 5 s). 10 s for
 * headers is Node's and nginx's 60 s (headersTimeout, client_header_timeout) cut down for a stack
 * its clients reach over loopback or a LAN, as Apache's mod_reqtimeout starts at 20 s; 30 s for a
 * function body of at most 1 MiB still allows 35 KB/s, and equals the time a function may take to
 * answer. A deadline cuts only the client that misses it.
 */
export const REQUEST_DEADLINES = { headersMs: 10_000, bodyMs: 30_000 };

export interface RunningStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  db: Database;
  /** The embedded Postgres server; null with databaseUrl. */
  postgres: EmbeddedServer | null;
  /** Stops accepting, closes realtime, then the database pools and the embedded server. */
  close(): Promise<void>;
}

/** A start refused for a reason the user can fix (address in use, unsafe secret). */
export class StackStartError extends Error {}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const host = options.host ?? DEFAULT_HOST;
  const log = options.quiet ? () => {} : (line: string) => console.log(line);
  // With DATABASE_URL and a given secret, the stack keeps nothing on disk: no data directory.
  const usesDataDir = !options.databaseUrl || !options.jwtSecret;
  const throwaway = options.dataDir === null && usesDataDir;
  if (options.templateDataDir && (!throwaway || options.databaseUrl)) {
    throw new Error('templateDataDir is for throwaway stacks on the embedded Postgres (dataDir: null, no databaseUrl)');
  }
  const dataDir = throwaway
    ? await mkdtemp(path.join(tmpdir(), 'factoryflow-stack-'))
    : (options.dataDir ?? DEFAULT_DATA_DIR);
  const removeThrowaway = async () => {
    if (throwaway) await rm(dataDir, { recursive: true, force: true });
  };

  let unlock = async () => {};
  let postgres: EmbeddedServer | null = null;
  let db: Database | undefined;
  try {
    // The lock guards the embedded server; stacks sharing a DATABASE_URL need none.
    if (!options.databaseUrl) unlock = await lockDataDir(dataDir);
    const jwtSecret = options.jwtSecret ?? (await dataDirJwtSecret(dataDir));
    if (jwtSecret === DEMO_JWT_SECRET && !isLoopbackAddress(host)) {
      throw new StackStartError(
        `Refusing to listen on ${host} with the public demo JWT secret: anyone could mint a service_role token. ` +
          "Bind 127.0.0.1, or use the data directory's own secret.",
      );
    }
    let ownerUrl = options.databaseUrl;
    if (!ownerUrl) {
      postgres = await startEmbeddedPostgres(dataDir, { durable: !throwaway, template: options.templateDataDir, log });
      ownerUrl = connectionUrl(postgres.connection);
    }
    const opened = await openMigratedDatabase(ownerUrl, jwtSecret);
    db = opened.db;
    const { applied } = opened;
    if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
    if (postgres) {
      // The SQL console's login: the database owner, as Supabase's SQL editor runs.
      const consoleLogin = { ...postgres.connection, user: OWNER_ROLE, password: postgres.ownerPassword };
      await prepareLogin(db, new URL(connectionUrl(consoleLogin)));
      await writeConnectionInfo(dataDir, consoleLogin);
    }
    if (options.seed) await seed(db, applied, log);
    const running = await serve(db, {
      host,
      port: options.port ?? DEFAULT_PORT,
      jwtSecret,
      allowedOrigins: options.allowedOrigins ?? DEFAULT_APP_ORIGINS,
      rateLimits: options.rateLimits,
      deadlines: {
        headersMs: options.deadlines?.headersMs ?? REQUEST_DEADLINES.headersMs,
        bodyMs: options.deadlines?.bodyMs ?? REQUEST_DEADLINES.bodyMs,
      },
      functions: options.functions ?? {},
    });
    const stopDatabase = async () => {
      await postgres?.stop();
      await unlock();
      await removeThrowaway();
    };
    return {
      ...running,
      postgres,
      close: async () => {
        await running.close();
        await stopDatabase();
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    await postgres?.stop().catch(() => {});
    await unlock();
    await removeThrowaway();
    throw error;
  }
}

/**
 * The stack's database handle on a Postgres server (owner URL): the platform SQL and every
 * migration applied, and the API login role ready to log in with the password derived from the
 * JWT secret.
 */
export async function openMigratedDatabase(
  ownerUrl: string,
  jwtSecret: string,
): Promise<{ db: Database; applied: string[] }> {
  const apiUrl = new URL(ownerUrl);
  apiUrl.username = API_LOGIN_ROLE;
  apiUrl.password = apiLoginPassword(jwtSecret);
  const db = await openPostgres(ownerUrl, apiUrl.toString());
  try {
    const applied = await migrate(db);
    await prepareLogin(db, apiUrl);
    return { db, applied };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * The data directory's own JWT secret, made on first start and kept 0600 beside the data. The
 * directory is made here (0700) when missing: with DATABASE_URL nothing else creates it (the lock
 * and the embedded server are for the embedded Postgres only), so a fresh clone has none.
 */
async function dataDirJwtSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The API login role's password, derived from the JWT secret: whoever holds the secret can mint a
 * service_role token anyway, so this reveals nothing more, and stacks sharing one Postgres server
 * with one secret agree on it without storing it anywhere.
 */
function apiLoginPassword(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('factoryflow api login role').digest('base64url');
}

/** Gives a login role the password in loginUrl unless it can already log in with it. */
async function prepareLogin(db: Database, loginUrl: URL): Promise<void> {
  const client = new pg.Client({ connectionString: loginUrl.toString() });
  client.on('error', () => {});
  try {
    await client.connect();
    return;
  } catch (error) {
    // 28P01: wrong password; anything else (server gone) is not ours to fix.
    if ((error as { code?: string }).code !== '28P01') throw error;
  } finally {
    await client.end().catch(() => {});
  }
  await db.query(
    `alter role ${pg.escapeIdentifier(loginUrl.username)} with login password ${pg.escapeLiteral(decodeURIComponent(loginUrl.password))}`,
  );
}

/** Seeds only a database whose migrations this start applied from scratch, so restarts do not duplicate rows. */
async function seed(db: Database, applied: string[], log: (line: string) => void) {
  if (!existsSync(SEED_FILE)) return log('No supabase/seed.sql: nothing to seed.');
  const { rows } = await db.query<{ count: number }>(
    'select count(*)::int as count from supabase_migrations.schema_migrations',
  );
  if (applied.length === 0 || rows[0]?.count !== applied.length) {
    return log('Database already existed: seed skipped.');
  }
  await db.exec(await readFile(SEED_FILE, 'utf8'));
  log('Seeded from supabase/seed.sql.');
}

async function serve(
  db: Database,
  settings: {
    host: string;
    port: number;
    jwtSecret: string;
    allowedOrigins: readonly string[];
    rateLimits?: AuthRateLimits;
    deadlines: typeof REQUEST_DEADLINES;
    functions: NonNullable<StackOptions['functions']>;
  },
): Promise<Omit<RunningStack, 'postgres'>> {
  const { anonKey, serviceRoleKey } = apiKeys(settings.jwtSecret);
  const realtime = await createRealtimeServer({ db, jwtSecret: settings.jwtSecret });
  const { headersMs, bodyMs } = settings.deadlines;
  // Node answers headers slower than headersTimeout with 408 itself, checking every
  // connectionsCheckingInterval (default 30 s, too coarse for a 10 s deadline).
  const server = createServer({
    headersTimeout: headersMs,
    connectionsCheckingInterval: Math.min(1000, Math.ceil(headersMs / 4)),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await realtime.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StackStartError(
        `${settings.host}:${settings.port} is in use: is the stack already running? Pick another --port.`,
      );
    }
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;

  const auth = createAuth(db, {
    jwtSecret: settings.jwtSecret,
    issuer: `${url}/auth/v1`,
    rateLimits: settings.rateLimits,
    appOrigins: settings.allowedOrigins,
  });
  const functions = createFunctions({
    functionsDir: path.join(ROOT, 'supabase/functions'),
    configFile: path.join(ROOT, 'supabase/config.toml'),
    stackUrl: url,
    anonKey,
    serviceRoleKey,
    jwtSecret: settings.jwtSecret,
    bodyTimeoutMs: bodyMs,
    env: settings.functions.env,
    netHosts: settings.functions.netHosts ?? FUNCTION_NET_HOSTS,
  });
  const gateway = createGateway({
    db,
    jwtSecret: settings.jwtSecret,
    anonKey,
    serviceRoleKey,
    auth,
    realtime,
    functions,
    allowedOrigins: settings.allowedOrigins,
    allowedHosts: isLoopbackAddress(settings.host)
      ? ['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${port}`)
      : null,
  });
  server.on('request', (req, res) => void gateway.handleRequest(req, res));
  server.on('upgrade', gateway.handleUpgrade);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      // WebSockets are no longer the HTTP server's: realtime closes them, then the server is done.
      await realtime.close();
      await stopped;
      await functions.close();
      await db.close();
    })());

  return { url, anonKey, serviceRoleKey, db, close };
}
