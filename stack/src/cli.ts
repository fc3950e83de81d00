/**
 * `npm start` (stack + app), `npm run stack` (stack alone) and `npm run sql` (SQL console on the
 * running stack's database).
 *
 *   tsx stack/src/cli.ts start [--with-app] [--seed] [--port N] [--host H] [--data-dir DIR]
 *   tsx stack/src/cli.ts sql [--url URL] [-c SQL]
 *
 * Environment: DATABASE_URL runs on that Postgres instead of PGlite; STACK_JWT_SECRET replaces the
 * public demo secret (needed to bind a non-loopback host).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { apiKeys, DEFAULT_HOST, DEFAULT_PORT, DEMO_JWT_SECRET } from './config';
import { DataDirLockedError } from './lock';
import { DEFAULT_DATA_DIR, StackStartError, startStack } from './stack';

const ROOT = path.resolve(import.meta.dirname, '../..');
const jwtSecret = process.env.STACK_JWT_SECRET || DEMO_JWT_SECRET;

async function start(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      'with-app': { type: 'boolean', default: false },
      seed: { type: 'boolean', default: false },
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: DEFAULT_HOST },
      'data-dir': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, got ${values.port}`);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(values['data-dir'] ?? DEFAULT_DATA_DIR);

  const startedAt = Date.now();
  const stack = await startStack({ port, host: values.host, dataDir, databaseUrl, jwtSecret, seed: values.seed });
  const database = databaseUrl ? redactPassword(databaseUrl) : `PGlite in ${dataDir}`;
  console.log(
    [
      `FactoryFlow stack started in ${Date.now() - startedAt} ms.`,
      `         API URL: ${stack.url}`,
      `        anon key: ${stack.anonKey}`,
      `service_role key: ${stack.serviceRoleKey}`,
      `        Database: ${database}`,
    ].join('\n'),
  );

  let stopApp = async () => {};
  if (values['with-app']) {
    // The app reads these at dev-server start; they differ from its defaults only with --port/--host.
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
    const { createServer } = await import('vite');
    const vite = await createServer({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts') });
    await vite.listen();
    console.log(`             App: ${vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'}`);
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
    console.log('Stopped; the database is checkpointed and closed.');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

async function sql(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string', default: `http://${DEFAULT_HOST}:${DEFAULT_PORT}` },
      command: { type: 'string', short: 'c' },
    },
  });
  if (process.env.DATABASE_URL) {
    // A real Postgres has its own console.
    const psqlArgs = [process.env.DATABASE_URL, ...(values.command ? ['-c', values.command] : [])];
    const psql = spawn('psql', psqlArgs, { stdio: 'inherit' });
    psql.on('error', (error) => {
      console.error(`Could not run psql (${error.message}); install the PostgreSQL client.`);
      process.exit(1);
    });
    psql.on('exit', (code) => process.exit(code ?? 1));
    return;
  }

  const run = (query: string) => runSql(values.url, query);
  if (values.command) {
    process.exitCode = (await run(values.command)) ? 0 : 1;
    return;
  }
  console.log(`SQL console on ${values.url} as the database owner. End statements with ;  \\q quits.`);
  console.log('Reports: select * from reports.revenue_by_platform_month;');
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  let buffer = '';
  prompt.setPrompt('factoryflow=> ');
  prompt.prompt();
  for await (const line of prompt) {
    if (buffer === '' && line.trim() === '\\q') break;
    buffer += `${line}\n`;
    if (line.trim().endsWith(';')) {
      await run(buffer);
      buffer = '';
    }
    prompt.setPrompt(buffer === '' ? 'factoryflow=> ' : 'factoryflow-> ');
    prompt.prompt();
  }
  prompt.close();
}

/** Sends one statement to the stack's admin endpoint and prints the result; false on error. */
async function runSql(baseUrl: string, query: string): Promise<boolean> {
  const { serviceRoleKey } = apiKeys(jwtSecret);
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/stack/v1/sql`, {
      method: 'POST',
      headers: { apikey: serviceRoleKey, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
  } catch {
    console.error(`No stack is running at ${baseUrl}: start it with \`npm run stack\` (or \`npm start\`).`);
    return false;
  }
  const result = (await response.json()) as {
    fields?: string[];
    rows?: Record<string, unknown>[];
    affectedRows?: number;
    message?: string;
  };
  if (!response.ok) {
    console.error(`ERROR: ${result.message ?? response.statusText}`);
    return false;
  }
  const fields = result.fields ?? [];
  const rows = result.rows ?? [];
  if (fields.length === 0) console.log(`OK${result.affectedRows ? ` (${result.affectedRows} rows affected)` : ''}`);
  else console.log(formatTable(fields, rows));
  return true;
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
  console.error('usage: cli.ts start [--with-app] [--seed] [--port N] [--host H] [--data-dir DIR] | sql [--url URL] [-c SQL]');
  process.exit(2);
}
command(rest).catch((error: unknown) => {
  const explained =
    error instanceof DataDirLockedError ||
    error instanceof StackStartError ||
    error instanceof UsageError ||
    (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
  if (explained) {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
