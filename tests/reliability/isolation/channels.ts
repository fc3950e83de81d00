import type { IsolationArea } from './support';

/** Channels: marketplace SKUs, combos, buffers and stock files (issue 34). */
const area: IsolationArea = {
  tables: {
    sku_aliases: {
      key: (owner) => ['id', owner.aliasId],
      row: (owner, user_id) => ({
        id: owner.aliasId,
        user_id,
        product_id: owner.productId,
        platform: 'Amazon',
        alias: 'PWNED',
      }),
      edit: { alias: 'PWNED' },
    },
    combo_components: {
      key: (owner) => ['combo_id', owner.comboId],
      row: (owner, user_id) => ({ combo_id: owner.comboId, component_id: owner.productId, user_id, quantity: 999 }),
      edit: { quantity: 999 },
    },
    channel_settings: {
      key: () => ['platform', 'Flipkart'],
      row: (_owner, user_id) => ({ user_id, platform: 'Flipkart', buffer_units: 999, buffer_percent: 0 }),
      edit: { buffer_units: 999 },
    },
    channel_stock_files: {
      key: () => ['platform', 'Flipkart'],
      row: (_owner, user_id) => ({ user_id, platform: 'Flipkart', alias: 'PWNED', quantity: 999 }),
      edit: { quantity: 999 },
    },
  },
  attempts: 8,
  async attack({ first, second, db, as }, attempts) {
    // Channels (issue 34): the first user's product, alias and combo, by id.
    await attempts.call(
      "set_sku_alias on the first user's product",
      as('set_sku_alias', { product_id: first.productId, platform: 'Amazon', alias: 'MINE' }),
      'Product not found.',
    );
    await attempts.call(
      "remove_sku_alias of the first user's alias",
      as('remove_sku_alias', { alias_id: first.aliasId }),
      'Alias not found.',
    );
    await attempts.call(
      "create_combo of the first user's product",
      as('create_combo', {
        sku: 'STEAL',
        product_name: 'Steal',
        category: null,
        selling_price: 1,
        components: [{ product_id: first.productId, quantity: 1 }],
      }),
      'Product not found.',
    );
    await attempts.call(
      "update_combo of the first user's combo, with the second's own product",
      as('update_combo', {
        combo_id: first.comboId,
        sku: 'STEAL',
        product_name: 'Steal',
        category: null,
        selling_price: 1,
        components: [{ product_id: second.productId, quantity: 1 }],
      }),
      'Combo not found.',
    );
    await attempts.call(
      "set_sell_what_i_can_make on the first user's product",
      as('set_sell_what_i_can_make', { product_id: first.productId, sell_what_i_can_make: true }),
      'Product not found.',
    );
    await attempts.call(
      "log_sale of the first user's combo",
      as('log_sale', { product_id: first.comboId, quantity: 1 }),
      'Product not found.',
    );
    await attempts.read('available_to_sell', () => db.rpc('available_to_sell', { platform: 'Amazon' }), 'own');
    await attempts.read(
      'available_to_sell_for_user naming the first user',
      () => db.rpc('available_to_sell_for_user', { user_id: first.user.id, platform: 'Amazon' }),
      'none',
    );
  },
};

export default area;
