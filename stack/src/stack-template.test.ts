/**
 * Throwaway stacks started from a template (startStack's templateDataDir, issue 27): a copy of a
 * migrated cluster answers like a fresh stack, a template behind supabase/migrations is migrated on
 * start, and two copies of one template are separate databases.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionUrl, startEmbeddedPostgres } from './db/embedded';
import { migrate, MIGRATIONS_DIR } from './db/migrate';
import type { Database } from './db/database';
import { openPostgres } from './db/postgres';
import { startStack, type RunningStack } from './stack';

const scratch: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

let template: string;
let missingVersion: string;
let first: RunningStack;
let second: RunningStack;

/** A stopped stack's data directory migrated up to, but not including, the newest migration. */
async function makeStaleTemplate(): Promise<{ dataDir: string; missingVersion: string }> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  const newest = files.pop()!;
  const olderMigrations = await tempDir('ff-older-migrations-');
  await Promise.all(files.map((file) => copyFile(path.join(MIGRATIONS_DIR, file), path.join(olderMigrations, file))));
  const dataDir = await tempDir('ff-template-');
  const postgres = await startEmbeddedPostgres(dataDir, { durable: false });
  try {
    const url = connectionUrl(postgres.connection);
    const db = await openPostgres(url, url);
    try {
      await migrate(db, olderMigrations);
    } finally {
      await db.close();
    }
  } finally {
    await postgres.stop();
  }
  return { dataDir, missingVersion: newest.split('_')[0]! };
}

const appliedVersions = async (db: Database) =>
  (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
    (row) => row.version,
  );

/** The cluster's identifier, which initdb makes anew for every cluster. */
const systemId = async (db: Database) =>
  (await db.query<{ id: string }>('select system_identifier::text as id from pg_control_system()')).rows[0]?.id;

async function signUpAnonymously(stack: RunningStack): Promise<string> {
  const response = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function createProduct(stack: RunningStack, token: string, sku: string): Promise<Response> {
  return fetch(`${stack.url}/rest/v1/rpc/create_product`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sku, product_name: 'Template hat', selling_price: 100, stock_on_hand: 5 }),
  });
}

const skus = async (stack: RunningStack) =>
  (await stack.db.query<{ sku: string }>('select sku from public.products order by sku')).rows.map((row) => row.sku);

beforeAll(async () => {
  ({ dataDir: template, missingVersion } = await makeStaleTemplate());
  const startCopy = () => startStack({ port: 0, dataDir: null, templateDataDir: template, quiet: true });
  [first, second] = await Promise.all([startCopy(), startCopy()]);
}, 180_000);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('a throwaway stack started from a template', () => {
  it('is a copy of the template’s cluster, not a new one', async () => {
    const templateServer = await startEmbeddedPostgres(template, { durable: false });
    try {
      const url = connectionUrl(templateServer.connection);
      const templateDb = await openPostgres(url, url, 1);
      try {
        const templateId = await systemId(templateDb);
        expect(await systemId(first.db)).toBe(templateId);
        expect(await systemId(second.db)).toBe(templateId);
        expect(await appliedVersions(templateDb)).not.toContain(missingVersion);
      } finally {
        await templateDb.close();
      }
    } finally {
      await templateServer.stop();
    }
  });

  it('applies the migrations the template lacks', async () => {
    expect(await appliedVersions(first.db)).toContain(missingVersion);
    expect(await appliedVersions(second.db)).toContain(missingVersion);
  });

  it('signs a user in and answers an RPC', async () => {
    const token = await signUpAnonymously(first);
    const created = await createProduct(first, token, 'TPL-1');
    expect(created.status).toBe(200);
    expect(await skus(first)).toEqual(['TPL-1']);
  });

  it('is its own database: another copy of the template sees nothing of its writes, nor takes its tokens', async () => {
    const token = await signUpAnonymously(second);
    expect((await createProduct(second, token, 'TPL-2')).status).toBe(200);
    expect(await skus(second)).toEqual(['TPL-2']);
    expect(await skus(first)).not.toContain('TPL-2');
    // Each copy has its own JWT secret: a token of one is refused by the other.
    expect(first.anonKey).not.toBe(second.anonKey);
    expect((await createProduct(first, token, 'TPL-3')).status).toBe(401);
  });

  it('is refused while the template’s own server runs', async () => {
    const templateServer = await startEmbeddedPostgres(template, { durable: false });
    try {
      await expect(startStack({ port: 0, dataDir: null, templateDataDir: template, quiet: true })).rejects.toThrow(
        /is running/,
      );
    } finally {
      await templateServer.stop();
    }
  });

  it('is refused for a stack on a data directory of its own', async () => {
    const dataDir = await tempDir('ff-not-throwaway-');
    await expect(startStack({ port: 0, dataDir, templateDataDir: template, quiet: true })).rejects.toThrow(/throwaway/);
  });
});
