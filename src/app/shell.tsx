import { AppShell, Burger, Group, NavLink, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingFactory2,
  IconBuildingWarehouse,
  IconLayoutDashboard,
  IconPackages,
  IconShirt,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { InventoryStatus } from '@/features/inventory/components/inventory-status';
import { ManufacturingOrders } from '@/features/manufacturing/components/manufacturing-orders';
import { ProductsMaster } from '@/features/products/components/products-master';
import { RawMaterials } from '@/features/raw-materials/components/raw-materials';
import { SalesOrders } from '@/features/sales-orders/components/sales-orders';
import { useRealtimeInvalidation } from '@/lib/realtime';

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
        {activeTab === 'inventory' && <InventoryStatus />}
        {activeTab === 'products' && <ProductsMaster />}
        {activeTab === 'raw-materials' && <RawMaterials />}
        {activeTab === 'sales-orders' && <SalesOrders />}
        {activeTab === 'manufacturing' && <ManufacturingOrders />}
      </AppShell.Main>
    </AppShell>
  );
}
