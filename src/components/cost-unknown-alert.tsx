import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AlertTitle } from './alert-title';

/** What a profit figure leaves out: the orders of products whose cost was unknown when sold (issue 33). */
export function costUnknownMessage(ordersWithoutCost: number): string {
  const orders = ordersWithoutCost === 1 ? '1 order' : `${ordersWithoutCost} orders`;
  return `Profit leaves out ${orders} of products without a cost: add a BOM or a purchase cost to count them.`;
}

/**
 * The warning beside profit totals that leave orders out, yellow like the product drawer's "Cost
 * unknown"; nothing when none is left out.
 */
export function CostUnknownAlert({ ordersWithoutCost }: { ordersWithoutCost: number }) {
  if (ordersWithoutCost === 0) return null;
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={<AlertTitle>Cost unknown</AlertTitle>}>
      {costUnknownMessage(ordersWithoutCost)}
    </Alert>
  );
}
