import { createContext, useContext } from 'react';
import { MapUnknownSku } from '@/features/channels/components/map-unknown-sku';
import type { Platform } from './report-import-modal';

/** What a preview's cells can do in the open import dialog: its platform, and checking the file again. */
export interface PreviewActions {
  platform: Platform;
  previewAgain: () => void;
}

export const PreviewActionsContext = createContext<PreviewActions | null>(null);

/** "This is…" under an Unknown SKU line: map the report's SKU to a product, then the preview runs again. */
export function UnknownSkuAction({ sku }: { sku: string }) {
  const actions = useContext(PreviewActionsContext);
  if (!actions || sku.trim() === '') return null;
  return <MapUnknownSku sku={sku.trim()} platform={actions.platform} onMapped={actions.previewAgain} />;
}
