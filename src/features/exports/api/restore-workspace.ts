import type { DataTable } from '@/lib/query-keys';
import { UserError } from '@/lib/server-error';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

/** The largest backup Restore takes: restore_workspace's 40 parts of 500,000 characters. */
export const MAX_BACKUP_BYTES = 20 * 1024 * 1024;
/**
 * Characters per call: at most 3 bytes each in UTF-8, with JSON's escapes of quotes and line
 * breaks, a part stays under the API's 2 MB bound on a request body.
 */
export const BACKUP_PART_LENGTH = 500_000;

/** The file's text cut into parts of at most BACKUP_PART_LENGTH, never between the halves of a surrogate pair. */
export function backupParts(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  do {
    let end = Math.min(start + BACKUP_PART_LENGTH, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(text.slice(start, end));
    start = end;
  } while (start < text.length);
  return parts;
}

/** Rows restored per table, restore_workspace's answer. */
export type RestoredRows = Record<string, number>;

/**
 * Sends a backup file to restore_workspace part by part; the last part restores it all, or
 * nothing. The size is checked before the file is read. Every part carries the submission's
 * request_id: a restore sent again after its answer was lost answers the same rows.
 */
export async function restoreWorkspace(file: File, submissionId: string): Promise<RestoredRows> {
  if (file.size > MAX_BACKUP_BYTES) {
    throw new UserError('This file is larger than 20 MB: a backup that Restore takes is at most 20 MB.');
  }
  const parts = backupParts(await file.text());
  let answer: unknown = null;
  for (const [part, content] of parts.entries()) {
    answer = await callRpc('restore_workspace', {
      part,
      parts: parts.length,
      content,
      request_id: withRequestId({ parts: parts.length }, submissionId).request_id,
    });
  }
  return answer as RestoredRows;
}

/** Every table a restore writes that the app reads, so every screen shows the restored workspace. */
const restoredTables: readonly DataTable[] = [
  'products',
  'raw_materials',
  'bom_items',
  'sales_orders',
  'manufacturing_orders',
  'platform_fees',
  'styles',
  'sales_returns',
  'return_claims',
  'suppliers',
  'purchase_units',
  'purchase_orders',
  'purchase_order_lines',
  'settlement_lines',
  'website_order_refusals',
  'sku_aliases',
  'combo_components',
  'channel_settings',
  'channel_stock_files',
  'business_profiles',
  'invoices',
];

export function useRestoreWorkspace() {
  return useWrite({ write: restoreWorkspace, tables: restoredTables });
}
