import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database';
import { withSchemaLock } from '../db/migrate';

const CAPTURE_SQL = path.resolve(import.meta.dirname, '../../sql/realtime-capture.sql');

/** The NOTIFY channel stack/sql/realtime-capture.sql writes to. */
export const CHANGES_CHANNEL = 'stack_realtime_changes';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

/** One committed row change as the capture trigger reports it: its keys, and the row when small. */
export interface CapturedChange {
  schema: string;
  table: string;
  type: ChangeType;
  /** Primary-key values of the new row (INSERT, UPDATE), as typed JSON. */
  keys: Record<string, unknown> | null;
  /** Primary-key values of the old row (UPDATE, DELETE). */
  old_keys: Record<string, unknown> | null;
  /** The new row as the change wrote it (INSERT, UPDATE); null when too large to notify. */
  record?: Record<string, unknown> | null;
  commit_timestamp: string;
}

/**
 * Puts the capture trigger on every table in publication supabase_realtime (and takes it off
 * tables that left it). Idempotent: run after migrations on every start, so new tables are covered.
 */
export async function installChangeCapture(db: Database): Promise<void> {
  const sql = await readFile(CAPTURE_SQL, 'utf8');
  // Under the schema lock: stacks starting together would otherwise create its objects twice.
  await withSchemaLock(db, (tx) => tx.query(sql));
}

/** Re-runs only the trigger installation (the functions already exist). */
export async function refreshChangeCapture(db: Database): Promise<void> {
  await db.query('select stack_realtime.install_capture()');
}

export function parseCapturedChange(payload: string): CapturedChange {
  return JSON.parse(payload) as CapturedChange;
}
