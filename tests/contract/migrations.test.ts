/**
 * Migrations are race-free: two stacks started at the same moment on one fresh database both come
 * up, and every migration is applied and recorded exactly once (each migration commits with its
 * record under an advisory lock, stack/src/db/migrate.ts).
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET } from '../../stack/src/config';
import { MIGRATIONS_DIR } from '../../stack/src/db/migrate';
import { startStack } from '../../stack/src/stack';

const serverUrl = process.env.DATABASE_URL;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.runIf(serverUrl)('migrations', () => {
  it('two stacks starting together on one fresh database both come up, applying each migration once', async () => {
    const name = `ff_race_${randomBytes(5).toString('hex')}`;
    await admin((client) => client.query(`create database ${name}`));
    const databaseUrl = new URL(serverUrl!);
    databaseUrl.pathname = `/${name}`;
    try {
      const start = () => startStack({ port: 0, databaseUrl: databaseUrl.toString(), jwtSecret: DEMO_JWT_SECRET, quiet: true });
      const stacks = await Promise.all([start(), start()]);
      try {
        const versions = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d+_.+\.sql$/.test(file)).map((file) => file.split('_')[0]);
        const { rows } = await stacks[0].db.query<{ version: string; times: number }>(
          'select version, count(*)::int as times from supabase_migrations.schema_migrations group by version order by version',
        );
        expect(rows).toEqual(versions.sort().map((version) => ({ version, times: 1 })));
        for (const stack of stacks) {
          const response = await fetch(`${stack.url}/auth/v1/signup`, {
            method: 'POST',
            headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
            body: '{}',
          });
          expect(response.status).toBe(200);
        }
      } finally {
        await Promise.all(stacks.map((stack) => stack.close()));
      }
    } finally {
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    }
  });
});
