import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTablesAfterWrite } from '@/lib/query-keys';
import { toUserError } from '@/lib/server-error';
import { supabase } from '@/lib/supabase';
import type { CatalogueKind, CatalogueRow } from '../utils/catalogue-csv';

/** The import's answer for one row: null when it imports as it is, else why not (the form's words). */
export interface RowResult {
  row_number: number;
  message: string | null;
}

const rpcOf = { raw_materials: 'import_raw_materials', products: 'import_products' } as const;

async function importCatalogue(kind: CatalogueKind, rows: CatalogueRow[], dryRun: boolean): Promise<RowResult[]> {
  const { data, error } = await supabase.rpc(rpcOf[kind], { rows, dry_run: dryRun });
  if (error) throw toUserError(error);
  return data;
}

/** The preview: every row checked by the import itself, nothing written. */
export function usePreviewImport(kind: CatalogueKind) {
  return useMutation({ mutationFn: (rows: CatalogueRow[]) => importCatalogue(kind, rows, true) });
}

/** The commit: the whole file or, if any row is refused meanwhile, nothing. */
export function useCommitImport(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: CatalogueRow[]) => importCatalogue(kind, rows, false),
    // Products bring their BOM rows; the products table's refresh covers them.
    ...refreshTablesAfterWrite(queryClient, [kind]),
  });
}
