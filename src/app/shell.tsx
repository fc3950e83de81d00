import { AppShell, Burger, Center, Divider, Group, Loader, NavLink, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingFactory2,
  IconBuildingWarehouse,
  IconLayoutDashboard,
  IconPackages,
  IconSettings,
  IconShirt,
  IconShoppingCart,
} from '@tabler/icons-react';
import type { User } from '@supabase/supabase-js';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { OfflineBanner } from '@/components/offline-banner';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { SaveWorkspacePrompt } from '@/features/workspace/components/save-workspace-prompt';
import { WorkspaceHeader } from '@/features/workspace/components/workspace-header';
import { WorkspaceSettings } from '@/features/workspace/components/workspace-settings';
import type { WorkspaceDialog } from '@/features/workspace/utils/workspace-user';
import { PlatformFeesButton } from '@/features/settings/components/platform-fees-button';
import { initialSalesOrderList } from '@/features/sales-orders/api/get-sales-orders';
import { ListStateProvider, showList, type ListStore } from '@/lib/list-state';
import { useRealtimeInvalidation } from '@/lib/realtime';
import { loadAllStyles } from '@/lib/styles';

// The dashboard is the first screen; the other tabs (and their forms, zod schemas, modals and the
// rest of Mantine's CSS) load in their own chunks so the first paint does not wait for them.
const withAllStyles =
  <Module,>(load: () => Promise<Module>) =>
  () =>
    Promise.all([load(), loadAllStyles()]).then(([module]) => module);
const loadInventory = withAllStyles(() => import('@/features/inventory/components/inventory-status'));
const loadProducts = withAllStyles(() => import('@/features/products/components/products-master'));
const loadRawMaterials = withAllStyles(() => import('@/features/raw-materials/components/raw-materials'));
const loadSalesOrders = withAllStyles(() => import('@/features/sales-orders/components/sales-orders'));
const loadManufacturing = withAllStyles(() => import('@/features/manufacturing/components/manufacturing-orders'));
const loadWebsiteOrderRefusals = withAllStyles(
  () => import('@/features/website-orders/components/website-order-refusals'),
);
const WebsiteOrderRefusals = lazy(() => loadWebsiteOrderRefusals().then((m) => ({ default: m.WebsiteOrderRefusals })));
const loadPurchasing = withAllStyles(() => import('@/features/purchasing/components/purchasing'));
const Purchasing = lazy(() => loadPurchasing().then((m) => ({ default: m.Purchasing })));
const loadLatePurchaseOrders = withAllStyles(() => import('@/features/purchasing/components/late-purchase-orders'));
const LatePurchaseOrders = lazy(() => loadLatePurchaseOrders().then((m) => ({ default: m.LatePurchaseOrders })));
const loadRunningOutSoon = withAllStyles(() => import('@/features/planning/components/running-out-soon'));
const RunningOutSoon = lazy(() => loadRunningOutSoon().then((m) => ({ default: m.RunningOutSoon })));
const loadProductionPlan = withAllStyles(() => import('@/features/planning/components/production-plan'));
const ProductionPlan = lazy(() => loadProductionPlan().then((m) => ({ default: m.ProductionPlan })));
const loadWebsiteOrdersSettings = withAllStyles(
  () => import('@/features/website-orders/components/website-orders-settings'),
);
const WebsiteOrdersSettings = lazy(() =>
  loadWebsiteOrdersSettings().then((m) => ({ default: m.WebsiteOrdersSettings })),
);
const loadShopifySettings = withAllStyles(() => import('@/features/shopify/components/shopify-settings'));
const ShopifySettings = lazy(() => loadShopifySettings().then((m) => ({ default: m.ShopifySettings })));
// Channels (issue 34): Stock sync below Inventory, the buffers in Settings.
const loadChannels = withAllStyles(async () => {
  const [sync, settings] = await Promise.all([
    import('@/features/channels/components/stock-sync'),
    import('@/features/channels/components/channel-settings'),
  ]);
  return { StockSync: sync.StockSync, ChannelSettings: settings.ChannelSettings };
});
const StockSync = lazy(() => loadChannels().then((m) => ({ default: m.StockSync })));
const ChannelSettings = lazy(() => loadChannels().then((m) => ({ default: m.ChannelSettings })));
// GST (issue 31): Invoices below Sales Orders, the month's GST below the Dashboard, the business
// profile in Settings, each in its own chunk.
const loadInvoices = withAllStyles(() => import('@/features/gst/components/invoices-section'));
const InvoicesSection = lazy(() => loadInvoices().then((m) => ({ default: m.InvoicesSection })));
const loadGstSection = withAllStyles(() => import('@/features/gst/components/gst-section'));
const GstSection = lazy(() => loadGstSection().then((m) => ({ default: m.GstSection })));
const loadBusinessProfile = withAllStyles(() => import('@/features/gst/components/business-profile-settings'));
const BusinessProfileSettings = lazy(() => loadBusinessProfile().then((m) => ({ default: m.BusinessProfileSettings })));
const loadWorkspaceDialogs = withAllStyles(() => import('@/features/workspace/components/workspace-dialogs'));
const WorkspaceDialogs = lazy(() => loadWorkspaceDialogs().then((m) => ({ default: m.WorkspaceDialogs })));

/**
 * A tab in its own chunk. Once its code is here (the shell fetches every tab's in the background)
 * the tab renders at once: a React.lazy component suspends on its first render even then, and
 * React keeps a fallback it has shown for at least 300 ms.
 */
function lazyTab(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Tab() {
    // Chosen once per mount, so a tab never remounts when its code arrives while it is open.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Tab, preload };
}
const inventoryTab = lazyTab(() => loadInventory().then((m) => m.InventoryStatus));
const productsTab = lazyTab(() => loadProducts().then((m) => m.ProductsMaster));
const rawMaterialsTab = lazyTab(() => loadRawMaterials().then((m) => m.RawMaterials));
const salesOrdersTab = lazyTab(() => loadSalesOrders().then((m) => m.SalesOrders));
const manufacturingTab = lazyTab(() => loadManufacturing().then((m) => m.ManufacturingOrders));
const InventoryStatus = inventoryTab.Tab;
const ProductsMaster = productsTab.Tab;
const RawMaterials = rawMaterialsTab.Tab;
const SalesOrders = salesOrdersTab.Tab;
const ManufacturingOrders = manufacturingTab.Tab;

const tabs = [
  { id: 'dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { id: 'inventory', label: 'Inventory', icon: IconBuildingWarehouse },
  { id: 'products', label: 'Products', icon: IconShirt },
  { id: 'raw-materials', label: 'Raw Materials', icon: IconPackages },
  { id: 'sales-orders', label: 'Sales Orders', icon: IconShoppingCart },
  { id: 'manufacturing', label: 'Manufacturing', icon: IconBuildingFactory2 },
] as const;

/** The spec's tabs, then Settings (the workspace: save it, sign in, sign out), set apart below them. */
type TabId = (typeof tabs)[number]['id'] | 'settings';
const isTabId = (value: unknown): value is TabId => value === 'settings' || tabs.some((tab) => tab.id === value);

/** The one page: header, left navigation and the active tab (kept in state; there are no URLs). */
export function Shell({ user }: { user: User }) {
  useRealtimeInvalidation(user.id);
  const [activeTab, setActiveTab] = useState<TabId>('dashboard');
  const [navOpened, nav] = useDisclosure(false);
  const [dialog, setDialog] = useState<WorkspaceDialog | null>(null);
  const [listStore] = useState<ListStore>(() => new Map());

  // Tabs are entries of the page's history (its state, not its URL: the spec has no routes), so the
  // browser's Back and Forward move between them instead of leaving the app.
  useEffect(() => {
    history.replaceState({ ...history.state, tab: 'dashboard' }, '');
    const onPopState = (event: PopStateEvent) => {
      const tab = (event.state as { tab?: unknown } | null)?.tab;
      setActiveTab(isTabId(tab) ? tab : 'dashboard');
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // A tab opens at its top, with its heading and buttons in view, wherever the last one was scrolled.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [activeTab]);

  // Once the dashboard is up, fetch the other tabs' (and the workspace dialogs') code in the
  // background so switching is instant.
  useEffect(() => {
    for (const load of [
      inventoryTab.preload,
      productsTab.preload,
      rawMaterialsTab.preload,
      salesOrdersTab.preload,
      loadWebsiteOrderRefusals,
      loadPurchasing,
      loadChannels,
      loadInvoices,
      manufacturingTab.preload,
      loadWorkspaceDialogs,
    ]) {
      void load();
    }
  }, []);

  const openTab = (tab: TabId) => {
    if (tab !== activeTab) history.pushState({ ...history.state, tab }, '');
    setActiveTab(tab);
    nav.close();
  };

  // The card counts every unfulfilled order: the list it opens shows exactly those.
  const openUnfulfilledOrders = () => {
    showList(listStore, 'sales-orders', {
      ...initialSalesOrderList,
      filters: { ...initialSalesOrderList.filters, status: 'Unfulfilled' },
    });
    openTab('sales-orders');
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={navOpened}
            onClick={nav.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          />
          <IconBuildingFactory2 size={26} color="var(--mantine-color-indigo-6)" aria-hidden />
          <Title order={1} size="h3">
            FactoryFlow
          </Title>
          <Group ml="auto" gap="xs" wrap="nowrap" miw={0}>
            <WorkspaceHeader user={user} onOpen={setDialog} />
            <PlatformFeesButton />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label="Main navigation">
        {tabs.map((tab) => (
          <NavLink
            key={tab.id}
            component="button"
            label={tab.label}
            leftSection={<tab.icon size={20} stroke={1.6} />}
            active={tab.id === activeTab}
            aria-current={tab.id === activeTab ? 'page' : undefined}
            onClick={() => openTab(tab.id)}
            variant="filled"
            mb={4}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
        <Divider my="sm" />
        <NavLink
          component="button"
          label="Settings"
          leftSection={<IconSettings size={20} stroke={1.6} />}
          active={activeTab === 'settings'}
          aria-current={activeTab === 'settings' ? 'page' : undefined}
          onClick={() => openTab('settings')}
          variant="filled"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      </AppShell.Navbar>

      <OfflineBanner />
      <AppShell.Main bg="gray.0">
        <ListStateProvider store={listStore}>
          {activeTab !== 'settings' && <SaveWorkspacePrompt user={user} onOpen={setDialog} />}
          {activeTab === 'dashboard' && (
            <Dashboard onOpenSalesOrders={openUnfulfilledOrders} onOpenInventory={() => openTab('inventory')} />
          )}
          {/* Purchasing's own card, below the dashboard's, only when an order is late. */}
          {activeTab === 'dashboard' && (
            <Suspense fallback={null}>
              <LatePurchaseOrders onOpenPurchasing={() => openTab('raw-materials')} />
            </Suspense>
          )}
          {/* Planning's card (issue 33), only when something sells. */}
          {activeTab === 'dashboard' && (
            <Suspense fallback={null}>
              <RunningOutSoon onOpenInventory={() => openTab('inventory')} />
            </Suspense>
          )}
          <Suspense
            fallback={
              <Center py="xl" aria-busy="true">
                <Loader aria-label="Loading" />
              </Center>
            }
          >
            {activeTab === 'inventory' && <InventoryStatus />}
            {activeTab === 'products' && <ProductsMaster />}
            {activeTab === 'raw-materials' && <RawMaterials />}
            {activeTab === 'sales-orders' && <SalesOrders />}
            {activeTab === 'manufacturing' && <ManufacturingOrders />}
          </Suspense>
          {/* Manufacturing's Plan (issue 33), below the spec's list. */}
          {activeTab === 'manufacturing' && (
            <Suspense fallback={null}>
              <ProductionPlan />
            </Suspense>
          )}
          {/* A boundary of its own: the orders never wait for this section's code. */}
          {activeTab === 'sales-orders' && (
            <Suspense fallback={null}>
              <WebsiteOrderRefusals />
            </Suspense>
          )}
          {/* Stock sync (issue 34) below the spec's Inventory, in a boundary of its own. */}
          {activeTab === 'inventory' && (
            <Suspense fallback={null}>
              <StockSync />
            </Suspense>
          )}
          {/* Invoices (issue 31) below the Sales Orders content, in a boundary of its own. */}
          {activeTab === 'sales-orders' && (
            <Suspense fallback={null}>
              <InvoicesSection />
            </Suspense>
          )}
          {/* GST for a month (issue 31), below the dashboard's cards. */}
          {activeTab === 'dashboard' && (
            <Suspense fallback={null}>
              <GstSection />
            </Suspense>
          )}
          {/* Purchasing below the spec's Raw Materials list, in a boundary of its own too. */}
          {activeTab === 'raw-materials' && (
            <Suspense fallback={null}>
              <Purchasing />
            </Suspense>
          )}
          {activeTab === 'settings' && <WorkspaceSettings user={user} onOpen={setDialog} />}
          {activeTab === 'settings' && (
            <Suspense fallback={null}>
              <BusinessProfileSettings />
            </Suspense>
          )}
          {activeTab === 'settings' && (
            <Suspense fallback={null}>
              <WebsiteOrdersSettings />
            </Suspense>
          )}
          {activeTab === 'settings' && (
            <Suspense fallback={null}>
              <ChannelSettings />
              <ShopifySettings />
            </Suspense>
          )}
        </ListStateProvider>
      </AppShell.Main>
      {dialog && (
        <Suspense fallback={null}>
          <WorkspaceDialogs user={user} dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </AppShell>
  );
}
