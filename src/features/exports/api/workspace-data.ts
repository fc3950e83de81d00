import type { Json } from '@/lib/database.types';
import { callRpc } from '@/lib/write';

/**
 * "Download all my data": the backup file, export_workspace's answer. Every row of every table the
 * user owns (the server's rules.backup_tables() is the list), each under its table's name, with
 * the format version Restore checks.
 */
export interface WorkspaceBackup {
  format: 'factoryflow-backup';
  version: number;
  exported_at: string;
  tables: Record<string, Json[]>;
}

export async function fetchWorkspaceBackup(): Promise<WorkspaceBackup> {
  return (await callRpc('export_workspace')) as unknown as WorkspaceBackup;
}
