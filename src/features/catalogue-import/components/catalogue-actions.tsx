import { productsExport, rawMaterialsExport } from '@/features/exports/api/list-exports';
import { ExportCsvButton } from '@/features/exports/components/export-csv-button';
import type { CatalogueKind } from '../utils/catalogue-csv';
import { ImportCatalogueButton } from './import-catalogue-button';

/** Import and Export CSV, beside a catalogue list's Add button. */
export function CatalogueActions({ kind }: { kind: CatalogueKind }) {
  return (
    <>
      <ImportCatalogueButton kind={kind} />
      {kind === 'products' ? <ExportCsvButton {...productsExport} /> : <ExportCsvButton {...rawMaterialsExport} />}
    </>
  );
}
