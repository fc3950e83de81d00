/**
 * `npm start` (stack + app), `npm run stack` (stack alone) and `npm run sql` (SQL console on the
 * running stack's database).
 *
 *   tsx stack/src/cli.ts start [--with-app] [--seed] [--demo-keys] [--port N] [--app-port N] [--host H] [--data-dir DIR]
 *   tsx stack/src/cli.ts sql [--data-dir DIR] [-c SQL] [-f FILE]
 *
 * Environment: DATABASE_URL runs on that Postgres instead of the embedded one; STACK_JWT_SECRET
 * replaces the data directory's own secret; STACK_ALLOWED_ORIGINS (comma-separated) replaces the
 * browser origins allowed to call the stack (default: the app on 127.0.0.1 and localhost at its port,
 * --app-port, 5173 unless given).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_HOST, DEFAULT_PORT, DEMO_JWT_SECRET } from './config';
import { EmbeddedPostgresError, readConnectionInfo } from './db/embedded';
import { DataDirLockedError } from './lock';
import { appOrigins, DEFAULT_APP_PORT, DEFAULT_DATA_DIR, StackStartError, startStack } from './stack';

const ROOT = path.resolve(import.meta.dirname, '../..');

function portOption(name: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`${name} must be a port number, got ${value}`);
  return port;
}

async function start(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      'with-app': { type: 'boolean', default: false },
      seed: { type: 'boolean', default: false },
      // The public keys of `supabase start`, for parity runs against tools that assume them.
      'demo-keys': { type: 'boolean', default: false },
      port: { type: 'string', default: String(DEFAULT_PORT) },
      // The app's port (with --with-app, where it is served; alone, which origin may call the API).
      'app-port': { type: 'string', default: String(DEFAULT_APP_PORT) },
      host: { type: 'string', default: DEFAULT_HOST },
      'data-dir': { type: 'string' },
    },
  });
  const port = portOption('--port', values.port);
  const appPort = portOption('--app-port', values['app-port']);
  if (appPort === 0) throw new UsageError('--app-port must name a port: the API allows that origin');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(values['data-dir'] ?? DEFAULT_DATA_DIR);
  const jwtSecret = values['demo-keys'] ? DEMO_JWT_SECRET : process.env.STACK_JWT_SECRET || undefined;

  const startedAt = Date.now();
  const allowedOrigins =
    process.env.STACK_ALLOWED_ORIGINS?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean) ?? appOrigins(appPort);
  const stack = await startStack({
    port,
    host: values.host,
    dataDir,
    databaseUrl,
    jwtSecret,
    allowedOrigins,
    seed: values.seed,
  });
  const database = databaseUrl
    ? redactPassword(databaseUrl)
    : `embedded PostgreSQL 15 in ${dataDir} (npm run sql opens a console)`;
  console.log(
    [
      `FactoryFlow stack started in ${Date.now() - startedAt} ms.`,
      `         API URL: ${stack.url}`,
      `        anon key: ${stack.anonKey}`,
      `service_role key: ${stack.serviceRoleKey}  (for your own server-side tools; never put it in a browser)`,
      `        Database: ${database}`,
    ].join('\n'),
  );

  let stopApp = async () => {};
  if (values['with-app']) {
    // The app reads these at dev-server start; they differ from its defaults only with --port/--host.
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      server: { port: appPort },
    });
    await vite.listen();
    console.log(`             App: ${vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${appPort}/`}`);
    stopApp = () => vite.close();
  }
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting without a clean shutdown.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    try {
      await stopApp();
      await stack.close();
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
    console.log('Stopped; Postgres shut down cleanly.');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

/**
 * `npm run sql`: psql (or, without it, a small prompt of our own) on the stack's Postgres as its
 * owner, on a connection of its own. The password travels in the child's environment, never on a
 * command line, which every local user can read in /proc.
 */
async function sql(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      'data-dir': { type: 'string' },
      command: { type: 'string', short: 'c' },
      file: { type: 'string', short: 'f' },
    },
  });
  const connection = await consoleConnection(path.resolve(values['data-dir'] ?? DEFAULT_DATA_DIR));
  const psqlArgs = [
    '-v',
    'ON_ERROR_STOP=1',
    ...(values.command ? ['-c', values.command] : []),
    ...(values.file ? ['-f', values.file] : []),
  ];
  const psql = spawn('psql', psqlArgs, { stdio: 'inherit', env: { ...process.env, ...connection } });
  psql.on('exit', (code) => process.exit(code ?? 1));
  psql.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    void ownConsole(connection, values).then(
      (ok) => process.exit(ok ? 0 : 1),
      (failure: unknown) => {
        console.error((failure as Error).message);
        process.exit(1);
      },
    );
  });
}

type PgEnvironment = Record<'PGHOST' | 'PGPORT' | 'PGUSER' | 'PGPASSWORD' | 'PGDATABASE', string> & {
  PGSSLMODE?: string;
};

/** Where the console connects: DATABASE_URL, or the running embedded server of the data directory. */
async function consoleConnection(dataDir: string): Promise<PgEnvironment> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    const sslmode = url.searchParams.get('sslmode');
    return {
      PGHOST: decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')) || DEFAULT_HOST,
      PGPORT: url.port || '5432',
      PGUSER: decodeURIComponent(url.username),
      PGPASSWORD: decodeURIComponent(url.password),
      PGDATABASE: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
      ...(sslmode ? { PGSSLMODE: sslmode } : {}),
    };
  }
  const info = await readConnectionInfo(dataDir);
  if (!info) {
    throw new UsageError(`No stack is running on ${dataDir}: start it with \`npm run stack\` (or \`npm start\`).`);
  }
  return {
    PGHOST: info.host,
    PGPORT: String(info.port),
    PGUSER: info.user,
    PGPASSWORD: info.password,
    PGDATABASE: info.database,
  };
}

/** The console without psql: statements end with `;`, results print as psql's aligned tables. */
async function ownConsole(connection: PgEnvironment, values: { command?: string; file?: string }): Promise<boolean> {
  const client = new pg.Client({
    host: connection.PGHOST,
    port: Number(connection.PGPORT),
    user: connection.PGUSER,
    password: connection.PGPASSWORD,
    database: connection.PGDATABASE,
  });
  await client.connect();
  const run = async (query: string): Promise<boolean> => {
    try {
      const results = await client.query(query);
      for (const result of Array.isArray(results) ? results : [results]) printResult(result as pg.QueryResult);
      return true;
    } catch (error) {
      console.error(`ERROR:  ${(error as Error).message}`);
      return false;
    }
  };
  try {
    if (values.command) return await run(values.command);
    if (values.file) return await run(await readFile(values.file, 'utf8'));
    console.log(
      `SQL console on ${connection.PGHOST}:${connection.PGPORT} as ${connection.PGUSER} (psql is not installed). End statements with ;  \\q quits.`,
    );
    console.log('Reports: select * from reports.revenue_by_platform_month;');
    const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
    let buffer = '';
    let ok = true;
    prompt.setPrompt('factoryflow=> ');
    prompt.prompt();
    for await (const line of prompt) {
      if (buffer === '' && line.trim() === '\\q') break;
      buffer += `${line}\n`;
      if (line.trim().endsWith(';')) {
        ok = (await run(buffer)) && ok;
        buffer = '';
      }
      prompt.setPrompt(buffer === '' ? 'factoryflow=> ' : 'factoryflow-> ');
      prompt.prompt();
    }
    prompt.close();
    return ok;
  } finally {
    await client.end();
  }
}

function printResult(result: pg.QueryResult): void {
  const fields = result.fields.map((field) => field.name);
  if (fields.length === 0) console.log(`${result.command ?? 'OK'}${result.rowCount ? ` ${result.rowCount}` : ''}`);
  else console.log(formatTable(fields, result.rows as Record<string, unknown>[]));
}

/** psql's aligned output: a header, a rule, one line per row, and the row count. */
function formatTable(fields: string[], rows: Record<string, unknown>[]): string {
  const cell = (value: unknown) =>
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const cells = rows.map((row) => fields.map((field) => cell(row[field])));
  const widths = fields.map((field, i) => Math.max(field.length, ...cells.map((line) => line[i]?.length ?? 0)));
  const line = (values: string[]) => ` ${values.map((value, i) => value.padEnd(widths[i] ?? 0)).join(' | ')}`.trimEnd();
  return [
    line(fields),
    widths.map((width) => '-'.repeat(width + 2)).join('+'),
    ...cells.map(line),
    `(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`,
  ].join('\n');
}

function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

class UsageError extends Error {}

const commands: Record<string, (args: string[]) => Promise<void>> = { start, sql };
const [name = '', ...rest] = process.argv.slice(2);
const command = commands[name];
if (!command) {
  console.error(
    'usage: cli.ts start [--with-app] [--seed] [--demo-keys] [--port N] [--app-port N] [--host H] [--data-dir DIR] | sql [--data-dir DIR] [-c SQL] [-f FILE]',
  );
  process.exit(2);
}
command(rest).catch((error: unknown) => {
  const explained =
    error instanceof DataDirLockedError ||
    error instanceof StackStartError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof UsageError ||
    (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
  if (explained) {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
