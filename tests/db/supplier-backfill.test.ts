// The purchasing migration's backfill (issue 32): a database with materials whose supplier was
// free text, upgraded through supabase/migrations, gets one supplier record per user and distinct
// name (trimmed, any case), spelled as the oldest material spelled it, and each such material names
// its record. Built in a fresh database of the test cluster, migrations applied as `postgres`.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, PLATFORM_SQL } from '../../stack/src/db/migrate';
import { databaseUrl } from './support';

const name = `ff_backfill_${randomBytes(5).toString('hex')}`;
let client: pg.Client;

async function admin(sql: string) {
  const server = new pg.Client({ connectionString: databaseUrl() });
  await server.connect();
  try {
    await server.query(sql);
  } finally {
    await server.end();
  }
}

async function applyMigrations(files: string[]) {
  for (const file of files) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    await client.query('begin');
    await client.query('set local role postgres');
    await client.query(sql);
    await client.query('commit');
  }
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  const url = new URL(databaseUrl());
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(await readFile(PLATFORM_SQL, 'utf8'));
});
afterAll(async () => {
  await client?.end();
  await admin(`drop database if exists ${name} with (force)`);
});

describe('the purchasing migration', () => {
  it("turns each user's distinct supplier names into supplier records named by their materials", async () => {
    const files = (await readdir(MIGRATIONS_DIR)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort();
    const purchasing = files.findIndex((file) => file.endsWith('_purchasing.sql'));
    expect(purchasing).toBeGreaterThan(0);
    await applyMigrations(files.slice(0, purchasing));

    const [owner, other] = [randomUUID(), randomUUID()];
    await client.query('insert into auth.users (id, is_anonymous) values ($1, true), ($2, true)', [owner, other]);
    await client.query(
      `insert into public.raw_materials (user_id, material_name, supplier, created_at) values
         ($1, 'Cotton', 'Arvind Mills', now() - interval '3 days'),
         ($1, 'Lining', '  arvind mills ', now() - interval '2 days'),
         ($1, 'Thread', 'Coats', now() - interval '1 day'),
         ($1, 'Labels', null, now()),
         ($2, 'Felt', 'ARVIND MILLS', now())`,
      [owner, other],
    );

    await applyMigrations(files.slice(purchasing));

    const suppliers = await client.query(
      'select user_id = $1 as owner, supplier_name from public.suppliers order by 1 desc, 2',
      [owner],
    );
    expect(suppliers.rows).toEqual([
      { owner: true, supplier_name: 'Arvind Mills' },
      { owner: true, supplier_name: 'Coats' },
      { owner: false, supplier_name: 'ARVIND MILLS' },
    ]);
    const materials = await client.query(
      `select m.material_name, m.supplier, s.supplier_name as record
       from public.raw_materials m left join public.suppliers s on s.id = m.supplier_id and s.user_id = m.user_id
       order by m.material_name`,
    );
    expect(materials.rows).toEqual([
      { material_name: 'Cotton', supplier: 'Arvind Mills', record: 'Arvind Mills' },
      { material_name: 'Felt', supplier: 'ARVIND MILLS', record: 'ARVIND MILLS' },
      { material_name: 'Labels', supplier: null, record: null },
      { material_name: 'Lining', supplier: 'Arvind Mills', record: 'Arvind Mills' },
      { material_name: 'Thread', supplier: 'Coats', record: 'Coats' },
    ]);
  });
});
