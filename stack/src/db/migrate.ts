import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const PLATFORM_SQL = path.join(ROOT, 'stack/sql/platform.sql');
export const MIGRATIONS_DIR = path.join(ROOT, 'supabase/migrations');

/**
 * Brings a database to the current schema: the platform SQL (idempotent), then every migration in
 * supabase/migrations not yet recorded in supabase_migrations.schema_migrations, the history table
 * the Supabase CLI keeps, so `supabase migration up` and this stack agree on what is applied.
 * Returns the versions applied now.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(await readFile(PLATFORM_SQL, 'utf8'));
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const applied = new Set(rows.map((row) => row.version));

  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort();
  const appliedNow: string[] = [];
  for (const file of files) {
    const [, version = '', name = ''] = /^(\d+)_(.+)\.sql$/.exec(file) ?? [];
    if (applied.has(version)) continue;
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    // One transaction per migration, as the CLI does: a failed migration leaves nothing behind.
    await db.exec(`begin;\n${sql}\n;commit;`).catch(async (error: unknown) => {
      await db.exec('rollback').catch(() => {});
      throw new Error(`migration ${file} failed: ${(error as Error).message}`);
    });
    await db.query(
      'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
      [version, [sql], name],
    );
    appliedNow.push(version);
  }
  return appliedNow;
}
