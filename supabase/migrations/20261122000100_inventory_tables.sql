-- Inventory tables: finished products with their bill of materials, raw materials, sales and
-- manufacturing orders, and the stock ledger that explains every stock change.
--
-- Every row belongs to one (anonymous) user; row-level security keyed on auth.uid() is the only
-- way in. Clients may read their rows and edit descriptive columns. Everything that creates rows
-- or changes stock goes through the operations in the next migration, so stock columns, orders
-- and the ledger carry no client write privilege at all. Default grants differ by platform (new
-- hosted projects grant nothing, the local stack grants everything), so all are revoked and set
-- explicitly here.

-- Functions are created unexecutable; each one grants execute to exactly who may call it.
alter default privileges revoke execute on functions from public;

-- The spec's fixed lists, kept once here (the API and generated types read them from here).
create type public.sales_platform as enum ('Flipkart', 'Myntra', 'Amazon', 'Brand Website', 'Other');
create type public.sales_order_status as enum ('Unfulfilled', 'Fulfilled');
create type public.manufacturing_order_status as enum ('In Progress', 'Completed');
create type public.stock_movement_reason as enum
  ('opening_stock', 'sale', 'production_consumption', 'production_output');

-- Products -------------------------------------------------------------------------------------
create table public.products (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  sku text not null check (btrim(sku) <> '' and length(sku) <= 64),
  product_name text not null check (btrim(product_name) <> '' and length(product_name) <= 200),
  category text check (length(category) <= 100),
  selling_price numeric(12, 2) not null check (selling_price > 0),
  stock_on_hand integer not null default 0 check (stock_on_hand >= 0),
  reorder_point integer not null default 10 check (reorder_point >= 0),
  created_at timestamptz not null default now(),
  constraint products_user_id_sku_key unique (user_id, sku),
  -- Target of the same-owner foreign keys below: an order or BOM row can only name a product
  -- of the user who owns it.
  constraint products_id_user_id_key unique (id, user_id)
);
comment on table public.products is
  'Finished products a user makes and sells. stock_on_hand changes only through the stock operations, each recorded in stock_movements.';

-- Raw materials --------------------------------------------------------------------------------
create table public.raw_materials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  material_name text not null check (btrim(material_name) <> '' and length(material_name) <= 200),
  supplier text check (length(supplier) <= 200),
  cost_per_unit numeric(12, 2) not null default 0 check (cost_per_unit >= 0),
  -- Fractional: materials come in metres and kilograms.
  stock_level numeric(14, 3) not null default 0 check (stock_level >= 0),
  unit_of_measure text not null default 'units'
    check (btrim(unit_of_measure) <> '' and length(unit_of_measure) <= 32),
  reorder_point numeric(14, 3) not null default 20 check (reorder_point >= 0),
  created_at timestamptz not null default now(),
  constraint raw_materials_id_user_id_key unique (id, user_id)
);
comment on table public.raw_materials is
  'Raw materials consumed by production. stock_level changes only through the stock operations, each recorded in stock_movements.';

-- Bill of materials ----------------------------------------------------------------------------
create table public.bom_items (
  product_id uuid not null,
  material_id uuid not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  quantity numeric(14, 3) not null check (quantity > 0),
  primary key (product_id, material_id),
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id)
);
comment on table public.bom_items is
  'Bill of materials: how much of each raw material one unit of a product consumes. A material appears at most once per product.';

-- Sales orders ---------------------------------------------------------------------------------
create table public.sales_orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  platform public.sales_platform not null default 'Flipkart',
  product_id uuid not null,
  -- Copied at sale time so the order reads the same after the product is renamed.
  product_name text not null,
  quantity integer not null check (quantity > 0),
  unit_price numeric(12, 2) not null check (unit_price >= 0),
  total_amount numeric(14, 2) not null check (total_amount >= 0),
  status public.sales_order_status not null default 'Unfulfilled',
  order_date timestamptz not null default now(),
  foreign key (product_id, user_id) references public.products (id, user_id)
);
comment on table public.sales_orders is
  'Marketplace sales. Logging one takes its quantity from product stock at once; fulfilling it later changes only its status.';

-- Manufacturing orders -------------------------------------------------------------------------
create table public.manufacturing_orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  product_id uuid not null,
  product_name text not null,
  quantity_to_produce integer not null check (quantity_to_produce > 0),
  status public.manufacturing_order_status not null default 'In Progress',
  creation_date timestamptz not null default now(),
  completion_date timestamptz,
  constraint manufacturing_orders_completion_date_check
    check ((status = 'Completed') = (completion_date is not null)),
  foreign key (product_id, user_id) references public.products (id, user_id)
);
comment on table public.manufacturing_orders is
  'Production runs. Starting one consumes its materials; completing it adds quantity_to_produce to product stock.';

-- Stock ledger ---------------------------------------------------------------------------------
create table public.stock_movements (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  product_id uuid,
  material_id uuid,
  quantity numeric(14, 3) not null check (quantity <> 0),
  balance_after numeric(14, 3) not null check (balance_after >= 0),
  reason public.stock_movement_reason not null,
  sales_order_id uuid references public.sales_orders (id) on delete cascade,
  manufacturing_order_id uuid references public.manufacturing_orders (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint stock_movements_one_item_check check (num_nonnulls(product_id, material_id) = 1),
  constraint stock_movements_source_check check (
    case reason
      when 'opening_stock' then num_nonnulls(sales_order_id, manufacturing_order_id) = 0
      when 'sale' then sales_order_id is not null and product_id is not null
      when 'production_consumption' then manufacturing_order_id is not null and material_id is not null
      when 'production_output' then manufacturing_order_id is not null and product_id is not null
    end
  ),
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id) on delete cascade
);
comment on table public.stock_movements is
  'The stock ledger: one row per change of any item''s stock, with the signed quantity, the balance after it, the reason and the source order. For every item, current stock = sum of its movements.';

-- Indexes: every column a policy or a foreign key uses, and the screens' sort orders ----------
create index products_user_id_idx on public.products (user_id);
create index raw_materials_user_id_idx on public.raw_materials (user_id);
create index bom_items_user_id_idx on public.bom_items (user_id);
create index bom_items_product_id_user_id_idx on public.bom_items (product_id, user_id);
create index bom_items_material_id_user_id_idx on public.bom_items (material_id, user_id);
create index sales_orders_user_id_order_date_idx on public.sales_orders (user_id, order_date desc);
create index sales_orders_product_id_user_id_idx on public.sales_orders (product_id, user_id);
create index sales_orders_open_idx on public.sales_orders (user_id) where status = 'Unfulfilled';
create index manufacturing_orders_user_id_creation_date_idx
  on public.manufacturing_orders (user_id, creation_date desc);
create index manufacturing_orders_product_id_user_id_idx
  on public.manufacturing_orders (product_id, user_id);
create index stock_movements_user_id_idx on public.stock_movements (user_id);
create index stock_movements_product_id_user_id_idx on public.stock_movements (product_id, user_id);
create index stock_movements_material_id_user_id_idx on public.stock_movements (material_id, user_id);
create index stock_movements_sales_order_id_idx on public.stock_movements (sales_order_id);
create index stock_movements_manufacturing_order_id_idx
  on public.stock_movements (manufacturing_order_id);

-- Row-level security: one policy per operation, only for the operations granted below ---------
alter table public.products enable row level security;
alter table public.raw_materials enable row level security;
alter table public.bom_items enable row level security;
alter table public.sales_orders enable row level security;
alter table public.manufacturing_orders enable row level security;
alter table public.stock_movements enable row level security;

create policy "Owners can read their products" on public.products
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can edit their products" on public.products
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "Owners can read their raw materials" on public.raw_materials
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners can edit their raw materials" on public.raw_materials
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "Owners can read their bills of materials" on public.bom_items
  for select to authenticated using (user_id = (select auth.uid()));

create policy "Owners can read their sales orders" on public.sales_orders
  for select to authenticated using (user_id = (select auth.uid()));

create policy "Owners can read their manufacturing orders" on public.manufacturing_orders
  for select to authenticated using (user_id = (select auth.uid()));

create policy "Owners can read their stock movements" on public.stock_movements
  for select to authenticated using (user_id = (select auth.uid()));

-- Grants: reads, and edits of descriptive columns only. anon gets nothing. -------------------
-- The local stack (`supabase start`) and projects older than the Data API change still grant
-- every new table and sequence in public to anon and authenticated by default; revoke first so
-- the grants below are the whole story everywhere (else owners could write stock_on_hand).
revoke all on public.products, public.raw_materials, public.bom_items, public.sales_orders,
  public.manufacturing_orders, public.stock_movements from anon, authenticated;
revoke all on sequence public.stock_movements_id_seq from anon, authenticated;
grant select on public.products, public.raw_materials, public.bom_items, public.sales_orders,
  public.manufacturing_orders, public.stock_movements to authenticated;
grant update (sku, product_name, category, selling_price, reorder_point)
  on public.products to authenticated;
grant update (material_name, supplier, cost_per_unit, unit_of_measure, reorder_point)
  on public.raw_materials to authenticated;
grant all on public.products, public.raw_materials, public.bom_items, public.sales_orders,
  public.manufacturing_orders, public.stock_movements to service_role;

-- Realtime: the app listens to these tables, filtered to its user.
alter publication supabase_realtime add table public.products, public.raw_materials,
  public.bom_items, public.sales_orders, public.manufacturing_orders;
