import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createAuth } from './auth/gotrue';
import type { AuthRateLimits } from './auth/rate-limit';
import { apiKeys, DEFAULT_HOST, DEFAULT_PORT, DEMO_JWT_SECRET } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { lockDataDir } from './lock';
import { createRealtimeServer } from './realtime/server';
import { createGateway, isLoopbackAddress } from './server';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DEFAULT_DATA_DIR = path.join(ROOT, '.stack-data');
export const SEED_FILE = path.join(ROOT, 'supabase/seed.sql');

export interface StackOptions {
  /** 0 picks a free port. Default 54321, the port of `supabase start`. */
  port?: number;
  host?: string;
  /** PGlite data directory; null keeps the database in memory. Ignored with databaseUrl. */
  dataDir?: string | null;
  /** A real Postgres instead of PGlite. Not read from the environment here: the CLI does that. */
  databaseUrl?: string;
  jwtSecret?: string;
  /** Load supabase/seed.sql into a database this start created. */
  seed?: boolean;
  /** No log lines (errors still go to stderr). */
  quiet?: boolean;
  /** Auth's per-IP limits (default: Supabase's); tests that sign in many users relax them. */
  rateLimits?: AuthRateLimits;
}

export interface RunningStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  db: Database;
  /** Stops accepting, closes realtime, then CHECKPOINTs and closes the database. */
  close(): Promise<void>;
}

/** A start refused for a reason the user can fix (address in use, unsafe secret). */
export class StackStartError extends Error {}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const host = options.host ?? DEFAULT_HOST;
  const jwtSecret = options.jwtSecret ?? DEMO_JWT_SECRET;
  if (jwtSecret === DEMO_JWT_SECRET && !isLoopbackAddress(host)) {
    throw new StackStartError(
      `Refusing to listen on ${host} with the public demo JWT secret: anyone could mint a service_role token. ` +
        'Bind 127.0.0.1, or pass your own secret (jwtSecret).',
    );
  }
  const log = options.quiet ? () => {} : (line: string) => console.log(line);
  const dataDir = options.databaseUrl ? null : options.dataDir === undefined ? DEFAULT_DATA_DIR : options.dataDir;

  const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
  let db: Database | undefined;
  try {
    db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(dataDir);
    const applied = await migrate(db);
    if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
    if (options.seed) await seed(db, applied, log);
    return await serve(db, { host, port: options.port ?? DEFAULT_PORT, jwtSecret, unlock, rateLimits: options.rateLimits });
  } catch (error) {
    await db?.close().catch(() => {});
    await unlock();
    throw error;
  }
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
  settings: { host: string; port: number; jwtSecret: string; unlock: () => Promise<void>; rateLimits?: AuthRateLimits },
): Promise<RunningStack> {
  const { anonKey, serviceRoleKey } = apiKeys(settings.jwtSecret);
  const realtime = await createRealtimeServer({ db, jwtSecret: settings.jwtSecret });
  const server = createServer();
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
      throw new StackStartError(`${settings.host}:${settings.port} is in use: is the stack already running? Pick another --port.`);
    }
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;

  const auth = createAuth(db, { jwtSecret: settings.jwtSecret, issuer: `${url}/auth/v1`, rateLimits: settings.rateLimits });
  const gateway = createGateway({ db, jwtSecret: settings.jwtSecret, anonKey, serviceRoleKey, auth, realtime });
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
      await db.close();
      await settings.unlock();
    })());

  return { url, anonKey, serviceRoleKey, db, close };
}
