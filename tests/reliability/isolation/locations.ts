import type { IsolationArea } from './support';

/** Locations (issue 45): places, stock per place, transfers and their delivery challans. */
const area: IsolationArea = {
  tables: {
    locations: {
      key: (owner) => ['id', owner.shopLocationId],
      row: (owner, user_id) => ({ id: owner.shopLocationId, user_id, location_name: 'Pwned', kind: 'own' }),
      edit: { location_name: 'Pwned' },
    },
    location_stock: {
      key: (owner) => ['location_id', owner.shopLocationId],
      row: (owner, user_id) => ({
        user_id,
        location_id: owner.shopLocationId,
        material_id: owner.materialId,
        quantity: 999,
      }),
      edit: { quantity: 999 },
    },
    delivery_challans: {
      key: (owner) => ['id', owner.challanId],
      row: (owner, user_id) => ({
        id: owner.challanId,
        user_id,
        challan_number: 'DC/PWN',
        financial_year: '26-27',
        serial: 999,
        challan_date: '2026-01-01',
        purpose: 'transfer',
        from_location_id: owner.mainLocationId,
        to_location_id: owner.shopLocationId,
        consignor_name: 'Pwned',
        consignor_address: 'Pwned',
        consignor_gstin: '27AAPFU0939F1ZV',
        consignor_state_code: '27',
        from_location_name: 'Pwned',
        consignee_name: 'Pwned',
        to_location_name: 'Pwned',
        place_of_supply: '27',
      }),
      edit: { consignee_name: 'Pwned' },
    },
    delivery_challan_lines: {
      key: (owner) => ['id', owner.challanLineId],
      row: (owner, user_id) => ({
        id: owner.challanLineId,
        user_id,
        delivery_challan_id: owner.challanId,
        position: 2,
        material_id: owner.materialId,
        description: 'Pwned',
        unit: 'm',
        quantity: 999,
      }),
      edit: { quantity: 999 },
    },
  },
  attempts: 7,
  async attack({ first, second, db, as }, attempts) {
    await attempts.read(
      'delivery_challans with their lines and locations',
      () => db.from('delivery_challans').select('*, delivery_challan_lines(*)'),
      'own',
    );
    await attempts.read('stock_by_location', () => db.rpc('stock_by_location'), 'own');
    await attempts.read(
      "get_delivery_challan of the first user's challan",
      () => db.rpc('get_delivery_challan', { delivery_challan_id: first.challanId }),
      'none',
    );
    await attempts.call(
      "transfer_stock from the first user's godown",
      as('transfer_stock', {
        from_location_id: first.mainLocationId,
        to_location_id: second.shopLocationId,
        lines: [{ material_id: second.materialId, quantity: 1 }],
      }),
      'Choose the location the stock leaves.',
    );
    await attempts.call(
      "transfer_stock to the first user's shop",
      as('transfer_stock', {
        from_location_id: second.mainLocationId,
        to_location_id: first.shopLocationId,
        lines: [{ material_id: second.materialId, quantity: 1 }],
      }),
      'Choose the location the stock goes to.',
    );
    await attempts.call(
      "transfer_stock of the first user's material",
      as('transfer_stock', {
        from_location_id: second.mainLocationId,
        to_location_id: second.shopLocationId,
        lines: [{ material_id: first.materialId, quantity: 1 }],
      }),
      'Line 1: item not found.',
    );
    await attempts.call(
      "a job worker location of the first user's supplier",
      as('create_location', { name: 'Pwned dyer', kind: 'job_worker', supplier_id: first.supplierId }),
      'Supplier not found.',
    );
  },
};

export default area;
