import { expect } from 'vitest';
import { rpcOk } from '../support';
import type { IsolationArea } from './support';

/** Suppliers, purchase units, purchase orders and what to buy (issue 32). */
const area: IsolationArea = {
  tables: {
    suppliers: {
      key: (owner) => ['id', owner.supplierId],
      row: (owner, user_id) => ({ id: owner.supplierId, user_id, supplier_name: 'Pwned' }),
      edit: { supplier_name: 'Pwned' },
    },
    purchase_units: {
      key: (owner) => ['id', owner.purchaseUnitId],
      row: (owner, user_id) => ({
        id: owner.purchaseUnitId,
        user_id,
        material_id: owner.materialId,
        supplier_id: owner.supplierId,
        purchase_unit: 'Pwned',
        units_per_purchase_unit: 999,
      }),
      edit: { units_per_purchase_unit: 999 },
    },
    purchase_orders: {
      key: (owner) => ['id', owner.purchaseOrderId],
      row: (owner, user_id) => ({
        id: owner.purchaseOrderId,
        user_id,
        po_number: 999,
        supplier_id: owner.supplierId,
        status: 'Received',
      }),
      edit: { status: 'Received' },
    },
    purchase_order_lines: {
      key: (owner) => ['id', owner.purchaseLineId],
      row: (owner, user_id) => ({
        id: owner.purchaseLineId,
        user_id,
        purchase_order_id: owner.purchaseOrderId,
        line_number: 1,
        material_id: owner.materialId,
        purchase_unit: 'Pwned',
        units_per_purchase_unit: 1,
        quantity: 999,
        unit_price: 0,
        received_quantity: 999,
      }),
      edit: { received_quantity: 2 },
    },
    // Payables (issue 46).
    supplier_payments: {
      key: (owner) => ['id', owner.supplierPaymentId],
      row: (owner, user_id) => ({
        id: owner.supplierPaymentId,
        user_id,
        supplier_id: owner.supplierId,
        amount: 999,
        paid_on: '2026-01-01',
        mode: 'cash',
      }),
      edit: { amount: 1 },
    },
  },
  attempts: 13,
  async attack({ first, second, db, as }, attempts) {
    await attempts.read(
      'purchase_orders with their supplier, lines and materials',
      () =>
        db
          .from('purchase_orders')
          .select('*, suppliers(*), purchase_order_lines(*, raw_materials(*)), stock_movements(*)'),
      'own',
    );

    // Purchasing: the first user's supplier, order and line are not found, nor usable with own ids.
    await attempts.call(
      'update_supplier',
      as('update_supplier', { supplier_id: first.supplierId, supplier_name: 'Pwned' }),
      'Supplier not found.',
    );
    await attempts.call(
      "set_purchase_unit of the first user's material",
      as('set_purchase_unit', {
        material_id: first.materialId,
        supplier_id: second.supplierId,
        purchase_unit: 'rolls',
        units_per_purchase_unit: 1,
      }),
      'Material not found.',
    );
    await attempts.call(
      "set_purchase_unit with the first user's supplier",
      as('set_purchase_unit', {
        material_id: second.materialId,
        supplier_id: first.supplierId,
        purchase_unit: 'rolls',
        units_per_purchase_unit: 1,
      }),
      'Supplier not found.',
    );
    await attempts.call(
      "create_purchase_order to the first user's supplier",
      as('create_purchase_order', {
        supplier_id: first.supplierId,
        lines: [{ material_id: second.materialId, quantity: 1 }],
      }),
      'Choose a supplier.',
    );
    await attempts.call(
      "create_purchase_order of the first user's material",
      as('create_purchase_order', {
        supplier_id: second.supplierId,
        lines: [{ material_id: first.materialId, quantity: 1 }],
      }),
      'Material not found.',
    );
    await attempts.call(
      'update_purchase_order',
      as('update_purchase_order', {
        po_id: first.purchaseOrderId,
        supplier_id: second.supplierId,
        lines: [{ material_id: second.materialId, quantity: 1 }],
      }),
      'Purchase order not found.',
    );
    await attempts.call(
      'place_purchase_order',
      as('place_purchase_order', { po_id: first.purchaseOrderId }),
      'Purchase order not found.',
    );
    await attempts.call(
      'cancel_purchase_order',
      as('cancel_purchase_order', { po_id: first.purchaseOrderId }),
      'Purchase order not found.',
    );
    await attempts.call(
      'receive_purchase_order',
      as('receive_purchase_order', {
        po_id: first.purchaseOrderId,
        lines: [{ line_id: first.purchaseLineId, quantity: 1 }],
      }),
      'Purchase order not found.',
    );
    await attempts.call(
      "receive_purchase_order of an own order with the first user's line",
      as('receive_purchase_order', {
        po_id: second.purchaseOrderId,
        lines: [{ line_id: first.purchaseLineId, quantity: 1 }],
      }),
      'That line is not on this order.',
    );
    attempts.count++;
    const ownOrders = await rpcOk<{ total: number; rows: { purchase_order_id: string }[] }>(
      second.user,
      'list_purchase_orders',
      {
        search: 'First',
      },
    );
    expect(ownOrders).toEqual({ total: 0, rows: [] });

    await attempts.read('what_to_buy', () => db.rpc('what_to_buy'), 'own');
  },
};

export default area;
