import { useEffect } from 'react';

/** What Create New Order gives the form it shows. */
export interface OrderFormProps {
  onClose: () => void;
  /** Called as the form starts or stops holding typed input. */
  onDirtyChange: (dirty: boolean) => void;
}

/** Tells the modal whether the form holds typed input. */
export function useReportDirty(dirty: boolean, onDirtyChange: (dirty: boolean) => void): void {
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
}
