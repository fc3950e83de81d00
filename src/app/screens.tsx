import {
  IconBook2,
  IconBuildingFactory2,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCalendarStats,
  IconChartBar,
  IconLayoutDashboard,
  IconMapPin,
  IconNeedleThread,
  IconPackages,
  IconReceiptTax,
  IconSettings,
  IconShirt,
  IconShoppingCart,
  IconTruckDelivery,
  IconTruckReturn,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { User } from '@supabase/supabase-js';
import { lazy, useState, type ComponentType } from 'react';
import type { OpenWorkspaceDialog } from '@/features/workspace/utils/workspace-user';
import { loadAllStyles } from '@/lib/styles';
import { DashboardScreen } from './screens/dashboard-screen';

/** What every screen gets from the shell: who is signed in, and the way to another screen or dialog. */
export interface ScreenProps {
  user: User;
  openScreen: (id: ScreenId) => void;
  openDialog: OpenWorkspaceDialog;
}

/**
 * Where a screen sits in the navigation: the spec's six tabs first, then the business's
 * capabilities, then Settings, each group set apart by a divider.
 */
export type ScreenPlace = 'spec' | 'business' | 'settings';

interface Screen {
  id: string;
  label: string;
  icon: Icon;
  place: ScreenPlace;
  component: ComponentType<ScreenProps>;
  /** Fetches the screen's code ahead of its first opening (the dashboard's is in the first chunk). */
  preload?: () => Promise<unknown>;
}

/**
 * A screen in its own chunk, with the rest of Mantine's CSS. Once its code is here (the shell
 * fetches every screen's in the background) it renders at once: a React.lazy component suspends on
 * its first render even then, and React keeps a fallback it has shown for at least 300 ms.
 */
function lazyScreen(load: () => Promise<ComponentType<ScreenProps>>) {
  let loaded: ComponentType<ScreenProps> | undefined;
  const preload = () =>
    Promise.all([load(), loadAllStyles()]).then(([component]) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function LazyScreen(props: ScreenProps) {
    // Chosen once per mount, so a screen never remounts when its code arrives while it is open.
    const [Component] = useState<ComponentType<ScreenProps>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { component: LazyScreen, preload };
}

/** Every screen of the app, in the navigation's order. A new capability is one line here. */
export const screens = [
  { id: 'dashboard', label: 'Dashboard', icon: IconLayoutDashboard, place: 'spec', component: DashboardScreen },
  {
    id: 'inventory',
    label: 'Inventory',
    icon: IconBuildingWarehouse,
    place: 'spec',
    ...lazyScreen(() => import('@/features/inventory/components/inventory-status').then((m) => m.InventoryStatus)),
  },
  {
    id: 'products',
    label: 'Products',
    icon: IconShirt,
    place: 'spec',
    ...lazyScreen(() => import('@/features/products/components/products-master').then((m) => m.ProductsMaster)),
  },
  {
    id: 'raw-materials',
    label: 'Raw Materials',
    icon: IconPackages,
    place: 'spec',
    ...lazyScreen(() => import('@/features/raw-materials/components/raw-materials').then((m) => m.RawMaterials)),
  },
  {
    id: 'sales-orders',
    label: 'Sales Orders',
    icon: IconShoppingCart,
    place: 'spec',
    ...lazyScreen(() => import('@/features/sales-orders/components/sales-orders').then((m) => m.SalesOrders)),
  },
  {
    id: 'manufacturing',
    label: 'Manufacturing',
    icon: IconBuildingFactory2,
    place: 'spec',
    ...lazyScreen(() =>
      import('@/features/manufacturing/components/manufacturing-orders').then((m) => m.ManufacturingOrders),
    ),
  },
  {
    id: 'purchasing',
    label: 'Purchasing',
    icon: IconTruckDelivery,
    place: 'business',
    ...lazyScreen(() => import('./screens/purchasing-screen').then((m) => m.PurchasingScreen)),
  },
  {
    id: 'returns',
    label: 'Returns',
    icon: IconTruckReturn,
    place: 'business',
    ...lazyScreen(() => import('./screens/returns-screen').then((m) => m.ReturnsScreen)),
  },
  {
    id: 'customers',
    label: 'Customers',
    icon: IconUsers,
    place: 'business',
    ...lazyScreen(() => import('@/features/customers/components/customers').then((m) => m.Customers)),
  },
  {
    id: 'payments',
    label: 'Payments',
    icon: IconWallet,
    place: 'business',
    ...lazyScreen(() => import('./screens/payments-screen').then((m) => m.PaymentsScreen)),
  },
  {
    id: 'profit',
    label: 'Profit',
    icon: IconChartBar,
    place: 'business',
    ...lazyScreen(() => import('./screens/profit-screen').then((m) => m.ProfitScreen)),
  },
  {
    id: 'gst',
    label: 'GST',
    icon: IconReceiptTax,
    place: 'business',
    ...lazyScreen(() => import('./screens/gst-screen').then((m) => m.GstScreen)),
  },
  {
    id: 'planning',
    label: 'Planning',
    icon: IconCalendarStats,
    place: 'business',
    ...lazyScreen(() => import('./screens/planning-screen').then((m) => m.PlanningScreen)),
  },
  {
    id: 'channels',
    label: 'Channels',
    icon: IconBuildingStore,
    place: 'business',
    ...lazyScreen(() => import('./screens/channels-screen').then((m) => m.ChannelsScreen)),
  },
  {
    id: 'locations',
    label: 'Locations',
    icon: IconMapPin,
    place: 'business',
    ...lazyScreen(() => import('@/features/locations/components/locations').then((m) => m.Locations)),
  },
  {
    id: 'job-work',
    label: 'Job work',
    icon: IconNeedleThread,
    place: 'business',
    ...lazyScreen(() => import('@/features/job-work/components/job-work').then((m) => m.JobWork)),
  },
  {
    id: 'accounts',
    label: 'Accounts',
    icon: IconBook2,
    place: 'business',
    ...lazyScreen(() => import('./screens/accounts-screen').then((m) => m.AccountsScreen)),
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: IconSettings,
    place: 'settings',
    ...lazyScreen(() => import('./screens/settings-screen').then((m) => m.SettingsScreen)),
  },
] as const satisfies readonly Screen[];

export type ScreenId = (typeof screens)[number]['id'];

export const isScreenId = (value: unknown): value is ScreenId => screens.some((screen) => screen.id === value);

export const screenPlaces: readonly ScreenPlace[] = ['spec', 'business', 'settings'];
