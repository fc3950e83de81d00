import { Paper, Tabs, Text, Title } from '@mantine/core';
import { IconFileInvoice, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { PurchaseOrderList } from './purchase-order-list';
import { SupplierList } from './supplier-list';

/**
 * Purchasing, below the Raw Materials list (the spec's screen stays as it is): purchase orders to
 * suppliers, received in parts, and the suppliers with how each sells its materials. Receive stock
 * on a material stays for deliveries without an order.
 */
export function Purchasing() {
  const [tab, setTab] = useState<string | null>('orders');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="purchasing-title" mt="lg">
      <Title id="purchasing-title" order={2} size="h3" mb={4}>
        Purchasing
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        Order materials from your suppliers in the unit they sell, and receive them as they arrive.
      </Text>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="orders" leftSection={<IconFileInvoice size={16} />}>
            Purchase orders
          </Tabs.Tab>
          <Tabs.Tab value="suppliers" leftSection={<IconTruck size={16} />}>
            Suppliers
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="orders">
          <PurchaseOrderList />
        </Tabs.Panel>
        <Tabs.Panel value="suppliers">
          <SupplierList />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
