import { useMutation } from '@tanstack/react-query';
import type { CatalogueKind, CatalogueRow } from '../utils/catalogue-csv';
import { callRpc, useWrite, withRequestId } from '@/lib/write';

/** The import's answer for one row: null when it imports as it is, else why not (the form's words). */
export interface RowResult {
  row_number: number;
  message: string | null;
}

const rpcOf = { raw_materials: 'import_raw_materials', products: 'import_products' } as const;

async function importCatalogue(kind: CatalogueKind, rows: CatalogueRow[], dryRun: boolean): Promise<RowResult[]> {
  return callRpc(rpcOf[kind], { rows, dry_run: dryRun });
}

async function commitCatalogue(kind: CatalogueKind, rows: CatalogueRow[], submissionId: string): Promise<RowResult[]> {
  return callRpc(rpcOf[kind], withRequestId({ rows, dry_run: false }, submissionId));
}

/** The preview: every row checked by the import itself, nothing written. */
export function usePreviewImport(kind: CatalogueKind) {
  return useMutation({ mutationFn: (rows: CatalogueRow[]) => importCatalogue(kind, rows, true) });
}

/** The commit: the whole file or, if any row is refused meanwhile, nothing. */
export function useCommitImport(kind: CatalogueKind) {
  // Products bring their BOM rows; the products table's refresh covers them.
  return useWrite({
    write: (rows: CatalogueRow[], submissionId) => commitCatalogue(kind, rows, submissionId),
    tables: [kind],
  });
}
