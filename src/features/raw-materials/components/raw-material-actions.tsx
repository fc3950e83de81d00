import {
  IconArchive,
  IconArchiveOff,
  IconClipboardList,
  IconHistory,
  IconPencil,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useState } from 'react';
import { StockHistoryDrawer } from '@/features/catalogue/components/stock-history-drawer';
import { ArchiveItemModal } from '@/features/catalogue/components/archive-item-modal';
import { CountStockModal } from '@/features/catalogue/components/count-stock-modal';
import type { ItemAction } from '@/features/catalogue/components/item-actions-menu';
import { materialItem } from '@/features/catalogue/item';
import type { RawMaterial } from '@/features/catalogue/api/raw-materials';
import { useItemTax } from '@/features/catalogue/api/item-tax';
import { RawMaterialFormModal } from './raw-material-form-modal';
import { ReceiveStockModal } from './receive-stock-modal';

type Action = 'receive' | 'count' | 'edit' | 'history' | 'archive';

/**
 * The row actions of the Raw Materials list and the one modal or drawer open at a time. The open
 * one reads the material from the current rows, so a live update shows in it.
 */
export function useRawMaterialActions(rows: RawMaterial[] | undefined) {
  const [open, setOpen] = useState<{ action: Action; id: string } | null>(null);
  const material = open ? rows?.find((row) => row.id === open.id) : undefined;
  const close = () => setOpen(null);
  const tax = useItemTax(material && open?.action === 'edit' ? { kind: 'material', id: material.id } : null);

  const actionsFor = (row: RawMaterial): ItemAction[] => [
    {
      label: 'Receive stock',
      icon: <IconTruckDelivery size={16} />,
      onClick: () => setOpen({ action: 'receive', id: row.id }),
    },
    {
      label: 'Count stock',
      icon: <IconClipboardList size={16} />,
      onClick: () => setOpen({ action: 'count', id: row.id }),
    },
    { label: 'Edit', icon: <IconPencil size={16} />, onClick: () => setOpen({ action: 'edit', id: row.id }) },
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
      {material && open?.action === 'receive' && <ReceiveStockModal material={material} onClose={close} />}
      {material && open?.action === 'count' && <CountStockModal item={materialItem(material)} onClose={close} />}
      {material && open?.action === 'edit' && tax.data && (
        <RawMaterialFormModal edited={material} tax={tax.data} onClose={close} />
      )}
      {material && open?.action === 'archive' && <ArchiveItemModal item={materialItem(material)} onClose={close} />}
      <StockHistoryDrawer
        item={material && open?.action === 'history' ? materialItem(material) : null}
        supplier={material?.supplier}
        onClose={close}
      />
    </>
  );

  return { actionsFor, dialogs };
}
