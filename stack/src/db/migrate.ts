import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Queryable } from './database';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const PLATFORM_SQL = path.join(ROOT, 'stack/sql/platform.sql');
export const MIGRATIONS_DIR = path.join(ROOT, 'supabase/migrations');

/** The role migrations run as: Supabase's database owner, not a superuser (stack/sql/platform.sql). */
const MIGRATION_ROLE = 'postgres';

/** pg_advisory_xact_lock key shared by every schema change the stack makes ('ffschema'). */
const SCHEMA_LOCK_KEY = 0x6666736368656d61n;

/**
 * Runs fn in one transaction that holds the stack's schema lock, so stacks starting together on
 * one database change its schema one at a time.
 */
export function withSchemaLock<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY.toString()]);
    return fn(tx);
  });
}

/**
 * Brings a database to the current schema: the platform SQL (idempotent, as the superuser), then
 * every migration in migrationsDir (supabase/migrations; a test may pass a directory with fewer)
 * not yet recorded in supabase_migrations.schema_migrations, the history table the Supabase CLI
 * keeps, so `supabase migration up` and this stack agree on what is applied.
 * Each migration and its record commit together, under the schema lock, and whether it is applied
 * is decided inside that transaction: a crash leaves a migration either wholly applied and
 * recorded or not at all, and two stacks starting on one fresh database apply each migration once.
 * Returns the versions applied now.
 */
export async function migrate(db: Database, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const platformSql = await readFile(PLATFORM_SQL, 'utf8');
  await withSchemaLock(db, async (tx) => {
    // Roles belong to the server, not to one database: two databases of one server running the
    // platform SQL at once collide on them (tuple concurrently updated). A lock on pg_authid, a
    // catalog every database shares, queues them server-wide, where the schema lock cannot.
    await tx.query('lock table pg_catalog.pg_authid in share row exclusive mode');
    await tx.query(platformSql);
    await tx.query(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key, statements text[], name text
      );`);
  });

  const files = (await readdir(migrationsDir)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort();
  const appliedNow: string[] = [];
  for (const file of files) {
    const [, version = '', name = ''] = /^(\d+)_(.+)\.sql$/.exec(file) ?? [];
    const sql = await readFile(path.join(migrationsDir, file), 'utf8');
    const applied = await withSchemaLock(db, async (tx) => {
      const { rows } = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version]);
      if (rows.length > 0) return false;
      // As the database owner, not the superuser, as `supabase db push` applies them.
      await tx.query(`set local role ${MIGRATION_ROLE}`);
      await tx.query(sql).catch((error: unknown) => {
        throw new Error(`migration ${file} failed: ${(error as Error).message}`);
      });
      await tx.query('reset role');
      await tx.query('insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)', [
        version,
        [sql],
        name,
      ]);
      return true;
    });
    if (applied) appliedNow.push(version);
  }
  return appliedNow;
}
