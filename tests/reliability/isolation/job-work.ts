import type { IsolationArea } from './support';

/** Job work (issue 45): orders sent to job workers, their lines and receipts. */
const area: IsolationArea = {
  tables: {
    job_work_orders: {
      key: (owner) => ['id', owner.jobWorkOrderId],
      row: (owner, user_id) => ({
        id: owner.jobWorkOrderId,
        user_id,
        job_worker_location_id: owner.jobWorkerLocationId,
        from_location_id: owner.jobWorkerLocationId,
        delivery_challan_id: owner.jobWorkOrderId,
        product_id: owner.productId,
        return_quantity: 999,
        charge_rate: 0,
        charge_unit: 'piece',
        sent_on: '2026-01-01',
      }),
      edit: { received_quantity: 0 },
    },
    job_work_order_lines: {
      key: (owner) => ['id', owner.jobWorkLineId],
      row: (owner, user_id) => ({
        id: owner.jobWorkLineId,
        user_id,
        job_work_order_id: owner.jobWorkOrderId,
        position: 1,
        material_id: owner.materialId,
        sent_quantity: 999,
        per_unit: 1,
      }),
      edit: { consumed_quantity: 0 },
    },
    job_work_receipts: {
      key: (owner) => ['id', owner.jobWorkReceiptId],
      row: (owner, user_id) => ({
        id: owner.jobWorkReceiptId,
        user_id,
        job_work_order_id: owner.jobWorkOrderId,
        received_quantity: 999,
        lost_quantity: 0,
        location_id: owner.jobWorkerLocationId,
        received_on: '2026-01-01',
        inputs_value: 0,
        charge: 0,
      }),
      edit: { charge: 0 },
    },
  },
  attempts: 5,
  async attack({ first, second, db, as }, attempts) {
    await attempts.read('job_work_orders_list', () => db.rpc('job_work_orders_list'), 'own');
    await attempts.call(
      "receive_job_work of the first user's order",
      as('receive_job_work', { job_work_order_id: first.jobWorkOrderId, quantity_received: 1 }),
      'Job work order not found.',
    );
    const send = (extra: Record<string, unknown>) =>
      as('send_job_work', {
        job_worker_location_id: second.jobWorkerLocationId,
        from_location_id: second.mainLocationId,
        lines: [{ material_id: second.materialId, quantity: 1 }],
        returns: { material_id: second.materialId, quantity: 1 },
        charge_rate: 1,
        ...extra,
      });
    await attempts.call(
      "send_job_work to the first user's job worker",
      send({ job_worker_location_id: first.jobWorkerLocationId }),
      'Choose a job worker.',
    );
    await attempts.call(
      "send_job_work from the first user's godown",
      send({ from_location_id: first.mainLocationId }),
      'Choose one of your own locations.',
    );
    await attempts.call(
      "send_job_work to come back as the first user's product",
      send({ returns: { product_id: first.productId, quantity: 1 } }),
      'The item to come back was not found.',
    );
  },
};

export default area;
