/**
 * Throwaway databases for tests, on the Postgres server of DATABASE_URL (a superuser URL, as
 * `npm test` sets it): for the stack modules that need Postgres (auth, realtime), and for the
 * contract suites' stacks.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { DEMO_JWT_SECRET } from '../config';
import type { Database } from '../db/database';
import { openMigratedDatabase } from '../stack';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the server of `serverUrl`. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `ff_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(serverUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * Declares `suite` on a scratch database migrated as the stack migrates its own, dropped after it;
 * skipped without DATABASE_URL. `suite` reads the database in its own hooks and tests.
 */
export function describeWithDatabase(title: string, suite: (db: () => Database) => void): void {
  const serverUrl = process.env.DATABASE_URL;
  describe.skipIf(!serverUrl)(title, () => {
    let scratch: ScratchDatabase | undefined;
    let db: Database | undefined;
    beforeAll(async () => {
      scratch = await createScratchDatabase(serverUrl!);
      // The demo secret: the API login role belongs to the server, and the contract suites log it in with that secret.
      ({ db } = await openMigratedDatabase(scratch.url, DEMO_JWT_SECRET));
    }, 60_000);
    afterAll(async () => {
      await db?.close();
      await scratch?.drop();
    });
    suite(() => {
      if (!db) throw new Error('the test database was not created (see beforeAll)');
      return db;
    });
  });
}

async function asAdmin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
