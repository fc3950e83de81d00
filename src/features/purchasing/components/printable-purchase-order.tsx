import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import {
  formatQuantity,
  formatQuantityWithUnit,
  formatRupees,
  formatUnitCost,
  formatPoNumber,
  unitFor,
  formatDay,
} from '@/lib/format';
import { lineAmount } from '@/lib/money';
import type { PurchaseOrder } from '../api/purchase-orders';
import { orderedTotal, stockUnits } from '../utils/purchase-figures';
import classes from './printable-purchase-order.module.css';

const dayOf = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The order as it goes to the supplier: a page of its own (Print uses the browser's print dialog,
 * which can also save a PDF to send); the print stylesheet leaves out everything but the page.
 */
export function PrintablePurchaseOrder({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const supplier = order.suppliers;
  const lines = order.purchase_order_lines;
  return (
    <Modal opened onClose={onClose} fullScreen title={`${formatPoNumber(order.po_number)}: print`}>
      <Group justify="flex-end" className={classes.noPrint} mb="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <article className={classes.sheet} aria-label={`Purchase order ${formatPoNumber(order.po_number)}`}>
        <Group justify="space-between" align="flex-start" mb="lg">
          <div>
            <Title order={2}>Purchase order</Title>
            <Text size="lg" fw={700}>
              {formatPoNumber(order.po_number)}
            </Text>
          </div>
          <Stack gap={0} ta="right">
            <Text>Date: {dayOf.format(new Date(order.placed_at ?? order.created_at))}</Text>
            {order.expected_date && <Text>Deliver by: {formatDay(order.expected_date)}</Text>}
          </Stack>
        </Group>
        <Stack gap={0} mb="lg">
          <Text c="dimmed" size="sm">
            To
          </Text>
          <Text fw={700}>{supplier.supplier_name}</Text>
          {supplier.contact && <Text>{supplier.contact}</Text>}
          {supplier.phone && <Text>Phone: {supplier.phone}</Text>}
          {supplier.email && <Text>Email: {supplier.email}</Text>}
          {supplier.gstin && <Text>GSTIN: {supplier.gstin}</Text>}
        </Stack>
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Material</th>
              <th className={classes.number}>Quantity</th>
              <th className={classes.number}>Rate</th>
              <th className={classes.number}>Amount</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const inStock = stockUnits(line.quantity, line.units_per_purchase_unit);
              const sameUnit =
                line.purchase_unit === line.raw_materials.unit_of_measure && line.units_per_purchase_unit === 1;
              return (
                <tr key={line.id}>
                  <td>{index + 1}</td>
                  <td>
                    {line.raw_materials.material_name}
                    {!sameUnit && inStock !== null && (
                      <Text size="xs" c="dimmed">
                        {formatQuantity(line.units_per_purchase_unit)} {line.raw_materials.unit_of_measure} per{' '}
                        {unitFor(1, line.purchase_unit)}:{' '}
                        {formatQuantityWithUnit(inStock, line.raw_materials.unit_of_measure)}
                      </Text>
                    )}
                  </td>
                  <td className={classes.number}>{formatQuantityWithUnit(line.quantity, line.purchase_unit)}</td>
                  <td className={classes.number}>
                    {formatUnitCost(line.unit_price)} / {unitFor(1, line.purchase_unit)}
                  </td>
                  <td className={classes.number}>{formatRupees(lineAmount(line.quantity, line.unit_price))}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={4} className={classes.number}>
                <strong>Total</strong>
              </td>
              <td className={classes.number}>
                <strong>{formatRupees(orderedTotal(lines))}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
        <Stack gap={4} mt="lg">
          {supplier.payment_terms && <Text>Payment terms: {supplier.payment_terms}</Text>}
          {order.note && <Text>Note: {order.note}</Text>}
        </Stack>
      </article>
    </Modal>
  );
}
