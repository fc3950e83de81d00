/**
 * `npm run sql`: a console on the running stack's own Postgres, as the database owner, on its own
 * connection: psql when installed, a prompt of the stack's own otherwise. Its password is never on
 * a command line (every local user can read those in /proc).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConnectionInfo } from '../../stack/src/db/embedded';
import { startStack, type RunningStack } from '../../stack/src/stack';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

let dataDir: string;
let stack: RunningStack;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ff-console-'));
  stack = await startStack({ port: 0, dataDir, quiet: true });
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The console's environment: this stack's data directory, not the DATABASE_URL the suites use. */
function consoleEnvironment(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...overrides };
  delete env.DATABASE_URL;
  return env;
}

/** A process's command line, or nothing if it has gone. */
function commandLineOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** Every process's command line while `sql -c` runs, and what the console printed. */
async function runConsole(sql: string, env = consoleEnvironment()) {
  const child = spawn(TSX, ['stack/src/cli.ts', 'sql', '--data-dir', dataDir, '-c', sql], { cwd: ROOT, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const commandLines = new Set<string>();
  let done = false;
  void exited.then(() => (done = true));
  // Each scan reads /proc synchronously: awaiting each read took 20-50 times as long (50 ms against
  // 1.4 ms for 75 processes with both cores busy), and a fresh-clone CI once saw no psql at all.
  while (!done) {
    for (const pid of readdirSync('/proc')) if (/^\d+$/.test(pid)) commandLines.add(commandLineOf(pid));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { code: await exited, output, commandLines: [...commandLines].join('\n') };
}

describe('the SQL console', () => {
  it('runs statements as the database owner, not a superuser, with no password on any command line', async () => {
    const { password } = (await readConnectionInfo(dataDir))!;
    const { code, output, commandLines } = await runConsole(
      'select current_user as who, (select rolsuper from pg_roles where rolname = current_user) as superuser, pg_sleep(0.5)',
    );
    expect(code).toBe(0);
    expect(output).toMatch(/who\s+\|\s+superuser/);
    expect(output).toMatch(/postgres\s+\|\s+f/);
    expect(commandLines).toContain('psql');
    expect(commandLines).not.toContain(password);
  });

  it('works without psql, printing aligned tables, and reports errors with exit code 1', async () => {
    const onlyNode = await mkdtemp(path.join(tmpdir(), 'ff-only-node-'));
    try {
      await mkdir(onlyNode, { recursive: true });
      await symlink(process.execPath, path.join(onlyNode, 'node'));
      const env = consoleEnvironment({ PATH: onlyNode });
      const ok = await runConsole('select 40 + 2 as answer', env);
      expect(ok.code).toBe(0);
      expect(ok.output).toContain(' answer\n--------\n 42\n(1 row)');
      const failed = await runConsole('select * from reports.no_such_report', env);
      expect(failed.code).toBe(1);
      expect(failed.output).toContain('ERROR:  relation "reports.no_such_report" does not exist');
    } finally {
      await rm(onlyNode, { recursive: true, force: true });
    }
  });

  it('says how to start the stack when none runs on the data directory', async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'ff-no-stack-'));
    try {
      const child = spawn(TSX, ['stack/src/cli.ts', 'sql', '--data-dir', elsewhere, '-c', 'select 1'], {
        cwd: ROOT,
        env: consoleEnvironment(),
      });
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
      expect(output).toContain(
        `No stack is running on ${elsewhere}: start it with \`npm run stack\` (or \`npm start\`).`,
      );
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
