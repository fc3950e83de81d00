import { AppShell, Burger, Center, Group, Loader, NavLink, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingFactory2,
  IconBuildingWarehouse,
  IconLayoutDashboard,
  IconPackages,
  IconShirt,
  IconShoppingCart,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { PlatformFeesButton } from '@/features/settings/components/platform-fees-button';
import { useRealtimeInvalidation } from '@/lib/realtime';
import { loadAllStyles } from './styles';

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
const loadManufacturing = withAllStyles(
  () => import('@/features/manufacturing/components/manufacturing-orders'),
);
const InventoryStatus = lazy(() => loadInventory().then((m) => ({ default: m.InventoryStatus })));
const ProductsMaster = lazy(() => loadProducts().then((m) => ({ default: m.ProductsMaster })));
const RawMaterials = lazy(() => loadRawMaterials().then((m) => ({ default: m.RawMaterials })));
const SalesOrders = lazy(() => loadSalesOrders().then((m) => ({ default: m.SalesOrders })));
const ManufacturingOrders = lazy(() =>
  loadManufacturing().then((m) => ({ default: m.ManufacturingOrders })),
);

const tabs = [
  { id: 'dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { id: 'inventory', label: 'Inventory', icon: IconBuildingWarehouse },
  { id: 'products', label: 'Products', icon: IconShirt },
  { id: 'raw-materials', label: 'Raw Materials', icon: IconPackages },
  { id: 'sales-orders', label: 'Sales Orders', icon: IconShoppingCart },
  { id: 'manufacturing', label: 'Manufacturing', icon: IconBuildingFactory2 },
] as const;

type TabId = (typeof tabs)[number]['id'];

/** The one page: header, left navigation and the active tab (kept in state; there are no URLs). */
export function Shell({ userId }: { userId: string }) {
  useRealtimeInvalidation(userId);
  const [activeTab, setActiveTab] = useState<TabId>('dashboard');
  const [navOpened, nav] = useDisclosure(false);

  // Once the dashboard is up, fetch the other tabs' code in the background so switching is instant.
  useEffect(() => {
    for (const load of [loadInventory, loadProducts, loadRawMaterials, loadSalesOrders, loadManufacturing]) {
      void load();
    }
  }, []);

  const openTab = (tab: TabId) => {
    setActiveTab(tab);
    nav.close();
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
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
          <Group ml="auto">
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
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        {activeTab === 'dashboard' && (
          <Dashboard
            onOpenSalesOrders={() => openTab('sales-orders')}
            onOpenInventory={() => openTab('inventory')}
          />
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
      </AppShell.Main>
    </AppShell>
  );
}
