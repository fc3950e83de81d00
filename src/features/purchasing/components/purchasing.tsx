import { Paper, Tabs } from '@mantine/core';
import { IconFileInvoice, IconReceipt, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { PurchaseOrderList } from './purchase-order-list';
import { SupplierDues } from './supplier-dues';
import { SupplierList } from './supplier-list';

/**
 * Purchasing's lists: purchase orders to suppliers, received in parts, the suppliers with how
 * each sells its materials, and what is owed to each (its receipts are bills) with Record payment. Receive stock on a material stays for deliveries without an order.
 */
export function Purchasing() {
  const [tab, setTab] = useState<string | null>('orders');
  return (
    <Paper withBorder p="md" component="section" aria-label="Purchasing">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="orders" leftSection={<IconFileInvoice size={16} />}>
            Purchase orders
          </Tabs.Tab>
          <Tabs.Tab value="suppliers" leftSection={<IconTruck size={16} />}>
            Suppliers
          </Tabs.Tab>
          <Tabs.Tab value="dues" leftSection={<IconReceipt size={16} />}>
            Supplier dues
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="orders">
          <PurchaseOrderList />
        </Tabs.Panel>
        <Tabs.Panel value="suppliers">
          <SupplierList />
        </Tabs.Panel>
        <Tabs.Panel value="dues">
          <SupplierDues />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
