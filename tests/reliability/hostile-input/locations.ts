import { MB, rpcCase, type Case, type Fixture } from './support';

/** Locations (issue 45): places, transfers between them. Each refused whole, writing nothing. */
export default function cases(f: Fixture): Case[] {
  const transfer = (lines: unknown, extra: Record<string, unknown> = {}) => ({
    from_location_id: f.mainLocationId,
    to_location_id: f.shopLocationId,
    lines,
    ...extra,
  });
  const eachLine = 'Each line names one product or one material, and its quantity.';
  // The e-way bill file of challans; its refusals read nothing but the caller's challans.
  const nobody = '00000000-0000-4000-8000-000000000000';
  const eway = (extra: Record<string, unknown>) => ({
    delivery_challan_ids: [nobody],
    transport_mode: 'road',
    distance_km: 12,
    vehicle_number: 'MH12AB1234',
    ...extra,
  });
  const ewayBillCases = () => [
    rpcCase(
      'eway_bill_json',
      'no challan',
      eway({ delivery_challan_ids: [] }),
      400,
      'Choose at least one delivery challan.',
    ),
    rpcCase(
      'eway_bill_json',
      '51 challans',
      eway({
        delivery_challan_ids: Array.from(
          { length: 51 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      }),
      400,
      'An e-way bill file holds at most 50 challans; this has 51.',
    ),
    rpcCase('eway_bill_json', 'a challan of nobody', eway({}), 400, 'Delivery challan not found.'),
    rpcCase(
      'eway_bill_json',
      'a challan that is SQL',
      eway({ delivery_challan_ids: ["'; delete from public.delivery_challans; --"] }),
      400,
      /malformed array literal|invalid input syntax for type uuid/,
    ),
    rpcCase(
      'eway_bill_json',
      'a vehicle number of 1 MB',
      eway({ vehicle_number: MB }),
      400,
      'Vehicle number must look like MH12AB1234.',
    ),
    rpcCase(
      'eway_bill_json',
      'a vehicle number that is SQL',
      eway({ vehicle_number: "MH12AB1234'; --" }),
      400,
      'Vehicle number must look like MH12AB1234.',
    ),
    rpcCase(
      'eway_bill_json',
      'a mode that is SQL',
      eway({ transport_mode: "road' or 1=1 --" }),
      400,
      'Only transport by road is supported; for rail, air or ship fill Part B on the portal.',
    ),
    rpcCase(
      'eway_bill_json',
      'a distance of 0 km',
      eway({ distance_km: 0 }),
      400,
      'Distance must be between 1 and 4000 km.',
    ),
    rpcCase(
      'eway_bill_json',
      'a distance of 4001 km',
      eway({ distance_km: 4001 }),
      400,
      'Distance must be between 1 and 4000 km.',
    ),
  ];
  return [
    rpcCase('create_location', 'a blank name', { name: '   ', kind: 'own' }, 400, 'Name is required.'),
    rpcCase(
      'create_location',
      'a name of 101 characters',
      { name: 'x'.repeat(101), kind: 'own' },
      400,
      'Name must be at most 100 characters.',
    ),
    rpcCase(
      'create_location',
      'a name of 1 MB',
      { name: MB, kind: 'own' },
      400,
      'Name must be at most 100 characters.',
    ),
    rpcCase(
      'create_location',
      'a name taken',
      { name: 'HOSTILE SHOP', kind: 'own' },
      400,
      'A location named HOSTILE SHOP already exists.',
    ),
    rpcCase(
      'create_location',
      'an unknown kind',
      { name: 'Loft', kind: "own'; drop table public.locations; --" },
      400,
      'Kind must be own or job_worker.',
    ),
    rpcCase(
      'create_location',
      'a job worker without a supplier',
      { name: 'Dyer', kind: 'job_worker' },
      400,
      'A job worker location names its supplier.',
    ),
    rpcCase(
      'create_location',
      'a job worker with an unknown supplier',
      { name: 'Dyer', kind: 'job_worker', supplier_id: '00000000-0000-4000-8000-000000000000' },
      400,
      'Supplier not found.',
    ),
    rpcCase(
      'create_location',
      'a GSTIN that is not one',
      { name: 'Loft', kind: 'own', gstin: "27' or 1=1 --" },
      400,
      /is not valid\.$/,
    ),
    rpcCase(
      'transfer_stock',
      'lines that are not a list',
      transfer({ product_id: f.productId, quantity: 1 }),
      400,
      'Add at least one item to transfer.',
    ),
    rpcCase('transfer_stock', 'no lines', transfer([]), 400, 'Add at least one item to transfer.'),
    rpcCase('transfer_stock', 'a line that is a string', transfer(['kurta']), 400, eachLine),
    rpcCase(
      'transfer_stock',
      'a line naming both',
      transfer([{ product_id: f.productId, material_id: f.materialId, quantity: 1 }]),
      400,
      eachLine,
    ),
    rpcCase(
      'transfer_stock',
      'a line naming SQL',
      transfer([{ product_id: "'; delete from public.products; --", quantity: 1 }]),
      400,
      eachLine,
    ),
    rpcCase(
      'transfer_stock',
      'an item of nobody',
      transfer([{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }]),
      400,
      'Line 1: item not found.',
    ),
    rpcCase(
      'transfer_stock',
      'a quantity that is text',
      transfer([{ product_id: f.productId, quantity: '1' }]),
      400,
      'Quantity must be a number.',
    ),
    rpcCase(
      'transfer_stock',
      'a quantity of 1e300',
      transfer([{ material_id: f.materialId, quantity: 1e300 }]),
      400,
      'Quantity of Hostile cotton must be at most 1000000000.',
    ),
    rpcCase(
      'transfer_stock',
      'a negative quantity',
      transfer([{ material_id: f.materialId, quantity: -5 }]),
      400,
      'Quantity of Hostile cotton must be at least 0.',
    ),
    rpcCase(
      'transfer_stock',
      'half a kurta',
      transfer([{ product_id: f.productId, quantity: 0.5 }]),
      400,
      `Quantity of ${f.productName} must be a whole number.`,
    ),
    rpcCase(
      'transfer_stock',
      'more than is there',
      transfer([{ material_id: f.materialId, quantity: 1000 }]),
      400,
      /^Not enough Hostile cotton at Main godown: [\d.]+ there, 1000 to transfer\.$/,
    ),
    rpcCase(
      'transfer_stock',
      '101 lines',
      transfer(Array.from({ length: 101 }, () => ({ material_id: f.materialId, quantity: 1 }))),
      400,
      'A transfer has at most 100 lines; this has 101.',
    ),
    rpcCase(
      'transfer_stock',
      'a place to itself',
      transfer([{ material_id: f.materialId, quantity: 1 }], { to_location_id: f.mainLocationId }),
      400,
      'Stock goes to another location than the one it leaves.',
    ),
    rpcCase(
      'transfer_stock',
      'a source that is not a uuid',
      transfer([{ material_id: f.materialId, quantity: 1 }], { from_location_id: 'main' }),
      400,
      /invalid input syntax for type uuid/,
    ),
    ...ewayBillCases(),
    rpcCase(
      'log_sale',
      'a location of nobody',
      { product_id: f.productId, quantity: 1, location_id: '00000000-0000-4000-8000-000000000000' },
      400,
      'Choose one of your own locations.',
    ),
  ];
}
