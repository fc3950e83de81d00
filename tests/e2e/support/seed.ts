import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../src/lib/database.types';

// Type aliases, not interfaces: supabase-js wants arguments assignable to a record.
export type SeedMaterial = {
  material_name: string;
  unit_of_measure: string;
  stock_level: number;
  supplier?: string;
  cost_per_unit?: number;
  reorder_point?: number;
};

export type SeedProduct = {
  sku: string;
  product_name: string;
  selling_price: number;
  stock_on_hand?: number;
  /** Materials and sub-assemblies (another product: dyed fabric in a panel). */
  bom?: ({ material_id: string; quantity: number } | { product_id: string; quantity: number })[];
  unit_of_measure?: 'pcs' | 'm' | 'kg';
};

/**
 * Adds items, sales and production runs through the API as the user of `client` (the fixture's
 * clientOf(page)): the forms that add them are other tests' subject (products-and-production,
 * sales-and-dashboard, keyboard), and elsewhere they only cost time. Pages show them through their
 * live updates.
 */
const refused = (error: { message: string }) => new Error(`seeding failed: ${error.message}`);

export function seeder(client: SupabaseClient<Database>) {
  return {
    async material(material: SeedMaterial): Promise<string> {
      const { data, error } = await client.rpc('create_raw_material', material);
      if (error) throw refused(error);
      return data.id;
    },
    async product(product: SeedProduct): Promise<string> {
      const { data, error } = await client.rpc('create_product', product);
      if (error) throw refused(error);
      return data.id;
    },
    async sale(product_id: string, platform: string, quantity: number): Promise<void> {
      const { error } = await client.rpc('log_sale', { product_id, platform, quantity });
      if (error) throw refused(error);
    },
    async production(product_id: string, quantity_to_produce: number): Promise<void> {
      const { error } = await client.rpc('start_production', { product_id, quantity_to_produce });
      if (error) throw refused(error);
    },
  };
}

/** The day `back` days before today in India, as 'YYYY-MM-DD'. */
const daysAgo = (back: number) => new Date(Date.now() + 5.5 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);

/**
 * A month of a small shop: three products, 90 marketplace orders over the last 30 days (most shipped),
 * a third of them back as returns (some damaged: claims), a late purchase order. Answers the
 * products' ids (Cotton Kurta, Silk Dupatta, Linen Saree).
 */
export async function seedMonth(client: SupabaseClient<Database>): Promise<string[]> {
  const seed = seeder(client);
  const fabric = await seed.material({
    material_name: 'Cotton fabric',
    supplier: 'Arvind Mills',
    cost_per_unit: 120,
    stock_level: 400,
    unit_of_measure: 'metres',
    reorder_point: 500,
  });
  const products = [
    ['KUR-01', 'Cotton Kurta', 899],
    ['DUP-02', 'Silk Dupatta', 1299],
    ['SAR-03', 'Linen Saree', 2499],
  ] as const;
  const productIds: string[] = [];
  for (const [sku, product_name, selling_price] of products) {
    productIds.push(
      await seed.product({
        sku,
        product_name,
        selling_price,
        stock_on_hand: 200,
        bom: [{ material_id: fabric, quantity: 2 }],
      }),
    );
  }
  const platforms = ['Flipkart', 'Amazon', 'Myntra'] as const;
  for (const [index, platform] of platforms.entries()) {
    const orders = Array.from({ length: 30 }, (_, day) => ({
      external_order_id: `${platform.slice(0, 2).toUpperCase()}-${day}`,
      order_date: daysAgo(day),
      sku: products[(day + index) % 3]![0],
      quantity: 1 + (day % 3),
      total_amount: products[(day + index) % 3]![2] * (1 + (day % 3)),
      status: day < 3 ? 'Unfulfilled' : 'Fulfilled',
    }));
    const imported = await client.rpc('import_sales_orders', { platform, lines: orders });
    if (imported.error) throw refused(imported.error);
    const returns = orders
      .filter((_, day) => day >= 3 && day % 3 === 0)
      .map((order, index) => ({
        external_order_id: order.external_order_id,
        sku: order.sku,
        quantity: 1,
        kind: 'customer_return',
        return_date: daysAgo(1),
        condition: index % 3 ? 'sellable' : 'damaged',
      }));
    const returned = await client.rpc('import_returns', { platform, lines: returns });
    if (returned.error) throw refused(returned.error);
  }
  // The material's supplier is one of the suppliers already.
  const { data: supplier, error } = await client
    .from('suppliers')
    .select('id')
    .eq('supplier_name', 'Arvind Mills')
    .single();
  if (error) throw refused(error);
  const late = await client.rpc('create_purchase_order', {
    supplier_id: supplier.id,
    lines: [{ material_id: fabric, quantity: 100, unit_price: 118 }],
    expected_date: daysAgo(2),
  });
  if (late.error) throw refused(late.error);
  const placed = await client.rpc('place_purchase_order', {
    po_id: (late.data as { purchase_order_id: string }).purchase_order_id,
  });
  if (placed.error) throw refused(placed.error);
  return productIds;
}
