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
  bom?: { material_id: string; quantity: number }[];
};

/**
 * Adds items, sales and production runs through the API as the user of `client` (the fixture's
 * clientOf(page)): the forms that add them are other tests' subject (products-and-production,
 * sales-and-dashboard, keyboard), and elsewhere they only cost time. Pages show them through their
 * live updates.
 */
export function seeder(client: SupabaseClient<Database>) {
  const refused = (error: { message: string }) => new Error(`seeding failed: ${error.message}`);
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
