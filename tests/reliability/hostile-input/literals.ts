import { expect } from 'vitest';
import { HINDI, SQL_TEXTS, type Case } from './support';
import { request } from '../support';

/** Accepted: valid unicode and SQL metacharacters as literal text. */
export default function cases(): Case[] {
  const list: Case[] = [];
  // Accepted: valid unicode and SQL metacharacters as literal text ---------------------------------
  const roundTrip = (name: string): Case => ({
    name: `create_product accepts and round-trips ${JSON.stringify(name).slice(0, 40)}`,
    route: '/rest/v1/rpc/create_product',
    method: 'POST',
    body: {
      sku: `RT-${Math.random().toString(36).slice(2, 10)}`,
      product_name: name,
      category: name.slice(0, 100),
      selling_price: 10,
      stock_on_hand: 3,
    },
    accepted: async (answer, stack, fixture) => {
      const created = answer as { id: string; product_name: string };
      expect(created.product_name).toBe(name.trim());
      const read = await request(
        stack,
        fixture.user.token,
        `/rest/v1/products?select=product_name,category&product_name=eq.${encodeURIComponent(name.trim())}`,
      );
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual([{ product_name: name.trim(), category: name.slice(0, 100).trim() }]);
    },
  });
  list.push(
    roundTrip(HINDI),
    roundTrip('क'.repeat(200)),
    roundTrip('قميص قطني 👕 Ça coûte ½'),
    roundTrip('e\u0301\u200d\ufeff combining and zero-width'),
    ...SQL_TEXTS.map(roundTrip),
  );
  return list;
}
