import { useCallback, useSyncExternalStore } from 'react';

/** How the dashboard shows revenue: taxable value (GST is not revenue), or what buyers paid, GST included. */
export type RevenueBasis = 'taxable' | 'including_gst';

const STORAGE_KEY = 'factoryflow:dashboard-revenue-basis';
const listeners = new Set<() => void>();

function read(): RevenueBasis {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'including_gst' ? 'including_gst' : 'taxable';
  } catch {
    // Storage refused (a private window's quota): the default.
    return 'taxable';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The owner's choice for this browser (taxable value until they switch), and how to change it. */
export function useRevenueBasis(): [RevenueBasis, (basis: RevenueBasis) => void] {
  const basis = useSyncExternalStore(subscribe, read, () => 'taxable' as const);
  const set = useCallback((next: RevenueBasis) => {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage refused: the choice is not kept.
    }
    for (const listener of listeners) listener();
  }, []);
  return [basis, set];
}
