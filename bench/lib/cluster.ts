import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../stack/src/free-port';
import { DEMO_JWT_SECRET } from '../../stack/src/config';
import { openMigratedDatabase } from '../../stack/src/stack';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLUSTER_SCRIPT = path.join(ROOT, 'scripts/pg-cluster.sh');

/**
 * A throwaway Postgres 15 cluster (scripts/pg-cluster.sh) with Postgres' production durability
 * (fsync, synchronous commit), so write figures include the commit a real server waits for;
 * DATABASE_URL reuses a running one.
 */
export async function startCluster(): Promise<{ url: string; stop(): void }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'factoryflow-bench-pg.'));
  const url = execFileSync('bash', [CLUSTER_SCRIPT, 'start', dir, String(await freePort())], {
    encoding: 'utf8',
    env: { ...process.env, PG_CLUSTER_DURABLE: '1' },
  }).trim();
  return { url, stop: () => execFileSync('bash', [CLUSTER_SCRIPT, 'stop', dir]) };
}

/** A fresh database on the cluster with the platform SQL and every migration applied. */
export async function createMigratedDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${pg.escapeIdentifier(name)}`);
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const { db } = await openMigratedDatabase(url.toString(), DEMO_JWT_SECRET);
  await db.close();
  return url.toString();
}

/** A new empty stack data directory for fn, removed after: the embedded Postgres at full durability. */
export async function withDataDir<T>(fn: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ff-bench-'));
  try {
    return await fn(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
