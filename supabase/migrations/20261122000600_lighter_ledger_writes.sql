-- Index only the ledger rows that name an item or source order.
--
-- Every ledger row names one item (a product or a material) and at most one source order, so two
-- or three of these four columns are null in each row. A full index stores an entry for each null
-- that no lookup ever reads, and every sale paid for two of them: `npm run bench` (log_sale) showed
-- the writes. Foreign-key checks and cascades look up `column = value`, which implies
-- `column is not null`, so the planner still uses these indexes for them.

drop index public.stock_movements_product_id_user_id_idx;
create index stock_movements_product_id_user_id_idx
  on public.stock_movements (product_id, user_id) where product_id is not null;

drop index public.stock_movements_material_id_user_id_idx;
create index stock_movements_material_id_user_id_idx
  on public.stock_movements (material_id, user_id) where material_id is not null;

drop index public.stock_movements_sales_order_id_idx;
create index stock_movements_sales_order_id_idx
  on public.stock_movements (sales_order_id) where sales_order_id is not null;

drop index public.stock_movements_manufacturing_order_id_idx;
create index stock_movements_manufacturing_order_id_idx
  on public.stock_movements (manufacturing_order_id) where manufacturing_order_id is not null;

-- The ledger's own key to auth.users repeats what its item key already proves: every row names a
-- product or a material of the same user_id, and those keys cascade when the user is deleted. The
-- repeat cost a key-share lock on the user's one auth.users row for every ledger row, which all of
-- that user's concurrent sales and productions contend on.
alter table public.stock_movements drop constraint stock_movements_user_id_fkey;
