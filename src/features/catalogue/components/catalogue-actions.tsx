import { productsExport, rawMaterialsExport } from '../api/catalogue-export';
import { ExportCsvButton } from '@/components/export-csv-button';
import type { ItemQuery, ProductSort, RawMaterialSort } from '@/features/catalogue/api/item-lists';
import type { CatalogueKind } from '../utils/catalogue-csv';
import { ImportCatalogueButton } from './import-catalogue-button';

type CatalogueActionsProps =
  | { kind: Extract<CatalogueKind, 'products'>; query: ItemQuery<ProductSort> }
  | { kind: Extract<CatalogueKind, 'raw_materials'>; query: ItemQuery<RawMaterialSort> };

/** Import and Export CSV (of what the list shows now), beside a catalogue list's Add button. */
export function CatalogueActions(props: CatalogueActionsProps) {
  return (
    <>
      <ImportCatalogueButton kind={props.kind} />
      {props.kind === 'products' ? (
        <ExportCsvButton {...productsExport(props.query)} />
      ) : (
        <ExportCsvButton {...rawMaterialsExport(props.query)} />
      )}
    </>
  );
}
