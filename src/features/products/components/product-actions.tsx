import { IconArchive, IconArchiveOff, IconClipboardList, IconHistory, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useProductCosts } from '@/features/catalogue/api/product-costs';
import { useProductBom } from '@/features/catalogue/api/bom-items';
import { useItemTax } from '@/features/catalogue/api/item-tax';
import { StockHistoryDrawer } from '@/features/catalogue/components/stock-history-drawer';
import { ArchiveItemModal } from '@/features/catalogue/components/archive-item-modal';
import { CountStockModal } from '@/features/catalogue/components/count-stock-modal';
import type { ItemAction } from '@/features/catalogue/components/item-actions-menu';
import { productItem } from '@/features/catalogue/item';
import type { ProductRow } from '@/features/catalogue/api/item-lists';
import { useComboParts } from '@/features/channels/api/combos';
import { ComboFormModal } from '@/features/channels/components/combo-form';
import { ProductFormModal } from './product-form-modal';

type Action = 'edit' | 'count' | 'history' | 'archive';

/**
 * The row actions of the Products list and the one modal or drawer open at a time. The open one
 * reads the product from the current rows, so a live update shows in it.
 */
export function useProductActions(rows: ProductRow[] | undefined) {
  const [open, setOpen] = useState<{ action: Action; id: string } | null>(null);
  const product = open ? rows?.find((row) => row.id === open.id) : undefined;
  const editedId = product && open?.action === 'edit' && !product.is_combo ? product.id : null;
  const editedComboId = product && open?.action === 'edit' && product.is_combo ? product.id : null;
  const bom = useProductBom(editedId);
  const costs = useProductCosts(editedId);
  const comboParts = useComboParts(editedComboId);
  const editedTaxId = editedId ?? editedComboId;
  const tax = useItemTax(editedTaxId === null ? null : { kind: 'product', id: editedTaxId });
  const close = () => setOpen(null);

  const actionsFor = (row: ProductRow): ItemAction[] => [
    { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => setOpen({ action: 'edit', id: row.id }) },
    // A combo has no stock of its own to count (issue 34): its parts do.
    ...(row.is_combo
      ? []
      : [
          {
            label: 'Count stock',
            icon: <IconClipboardList size={16} />,
            onClick: () => setOpen({ action: 'count', id: row.id }),
          },
        ]),
    { label: 'History', icon: <IconHistory size={16} />, onClick: () => setOpen({ action: 'history', id: row.id }) },
    row.archived_at === null
      ? {
          label: 'Archive',
          icon: <IconArchive size={16} />,
          destructive: true,
          onClick: () => setOpen({ action: 'archive', id: row.id }),
        }
      : {
          label: 'Restore',
          icon: <IconArchiveOff size={16} />,
          onClick: () => setOpen({ action: 'archive', id: row.id }),
        },
  ];

  const dialogs = (
    <>
      {product && editedComboId && comboParts.data && tax.data && (
        <ComboFormModal
          edited={{
            ...product,
            components: comboParts.data.map(({ part, quantity }) => ({ product_id: part.id, quantity })),
            tax: tax.data,
          }}
          onClose={close}
        />
      )}
      {product && editedId && bom.data && costs.data && tax.data && (
        <ProductFormModal
          edited={{
            product,
            bom: bom.data.lines,
            subassemblies: bom.data.subassemblies,
            costs: costs.data,
            tax: tax.data,
          }}
          onClose={close}
        />
      )}
      {product && open?.action === 'count' && <CountStockModal item={productItem(product)} onClose={close} />}
      {product && open?.action === 'archive' && <ArchiveItemModal item={productItem(product)} onClose={close} />}
      <StockHistoryDrawer item={product && open?.action === 'history' ? productItem(product) : null} onClose={close} />
    </>
  );

  return { actionsFor, dialogs };
}
