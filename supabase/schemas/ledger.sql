-- The stock ledger: one row per change of any item's stock, written by every operation that changes
-- stock (products.sql, raw_materials.sql, sales_orders.sql, manufacturing.sql, below), never by a
-- client. For every item, current stock (its total at own locations) = sum of its movements at own
-- locations; the rows at a job worker's location (job_work.sql) say what is there.

create table public.stock_movements (
  id bigint generated always as identity primary key,
  -- No key to auth.users: every row names a product or a material of the same user_id, whose keys
  -- cascade when the user is deleted. A key of its own cost a key-share lock on the user's one
  -- auth.users row for every ledger row, which all of that user's concurrent sales and productions
  -- contended on.
  user_id uuid not null default auth.uid(),
  product_id uuid,
  material_id uuid,
  quantity numeric(14, 3) not null check (quantity <> 0),
  -- The item's total at own locations after this row: a row at a job worker's leaves it as it was.
  balance_after numeric(14, 3) not null check (balance_after >= 0),
  reason public.stock_movement_reason not null,
  sales_order_id uuid references public.sales_orders (id) on delete cascade,
  manufacturing_order_id uuid references public.manufacturing_orders (id) on delete cascade,
  -- The purchase order a receipt arrived on (purchasing.sql); null for Receive stock without one.
  purchase_order_id uuid,
  created_at timestamptz not null default now(),
  -- Why a count, receipt or return happened, in the owner's words.
  note text check (length(note) <= 500),
  -- Input tax (issue 31): on a purchase receipt, what was received is worth before tax (quantity x
  -- unit cost, when the cost is known) and the GST paid on it, with its rate when given.
  purchase_value numeric(14, 2) constraint stock_movements_purchase_value_check check (purchase_value >= 0),
  gst_rate numeric(5, 2) constraint stock_movements_gst_rate_check check (gst_rate between 0 and 100),
  gst_paid numeric(14, 2) constraint stock_movements_gst_paid_check check (gst_paid >= 0),
  -- The supplier's tax invoice a purchase order's receipt came with (issue 42): what the input tax
  -- is claimed against and GSTR-2B lists. Rule 46: at most 16 letters, digits, '-' and '/'.
  supplier_invoice_number text constraint stock_movements_supplier_invoice_number_check
    check (supplier_invoice_number ~ '^[A-Za-z0-9/-]{1,16}$'),
  supplier_invoice_date date,
  -- Where the stock moved (locations.sql): set by the trigger below to the main godown when an
  -- operation names none. No key to locations, for the reason user_id has none: the row the
  -- trigger moves in location_stock has one, so the location is checked there.
  location_id uuid not null,
  -- The delivery challan a transfer or a job work order moved the stock with (locations.sql).
  delivery_challan_id uuid,
  -- The job work order whose receipt consumed or brought back the stock (job_work.sql).
  job_work_order_id uuid,
  constraint stock_movements_input_tax_check
    check (num_nonnulls(purchase_value, gst_rate, gst_paid, supplier_invoice_number, supplier_invoice_date) = 0
      or reason = 'purchase_receipt'),
  constraint stock_movements_one_item_check check (num_nonnulls(product_id, material_id) = 1),
  -- Which reason needs which source: receipts and counts come from no order; cancellations and
  -- returns name the order they undo.
  constraint stock_movements_source_check check (
    case reason
      when 'opening_stock' then num_nonnulls(sales_order_id, manufacturing_order_id) = 0
      when 'adjustment' then num_nonnulls(sales_order_id, manufacturing_order_id) = 0
      when 'purchase_receipt' then
        material_id is not null and num_nonnulls(sales_order_id, manufacturing_order_id) = 0
      when 'sale' then sales_order_id is not null and product_id is not null
      when 'sale_cancelled' then sales_order_id is not null and product_id is not null
      when 'sale_return' then sales_order_id is not null and product_id is not null
      -- A run consumes materials and sub-assemblies (products), and a cancelled run puts both back.
      when 'production_consumption' then manufacturing_order_id is not null
      when 'production_cancelled' then manufacturing_order_id is not null
      when 'production_output' then manufacturing_order_id is not null and product_id is not null
      when 'transfer' then delivery_challan_id is not null and num_nonnulls(sales_order_id, manufacturing_order_id) = 0
      when 'job_work_sent' then
        delivery_challan_id is not null and num_nonnulls(sales_order_id, manufacturing_order_id) = 0
      when 'job_work_consumption' then job_work_order_id is not null
      when 'job_work_received' then job_work_order_id is not null
    end
  ),
  constraint stock_movements_purchase_order_check check (purchase_order_id is null or reason = 'purchase_receipt'),
  constraint stock_movements_delivery_challan_check
    check (delivery_challan_id is null or reason in ('transfer', 'job_work_sent')),
  constraint stock_movements_job_work_order_check
    check (job_work_order_id is null or reason in ('job_work_consumption', 'job_work_received')),
  foreign key (job_work_order_id, user_id) references public.job_work_orders (id, user_id) on delete cascade,
  foreign key (delivery_challan_id, user_id) references public.delivery_challans (id, user_id) on delete cascade,
  foreign key (purchase_order_id, user_id) references public.purchase_orders (id, user_id) on delete cascade,
  foreign key (product_id, user_id) references public.products (id, user_id) on delete cascade,
  foreign key (material_id, user_id) references public.raw_materials (id, user_id) on delete cascade
);
comment on table public.stock_movements is
  'The stock ledger: one row per change of any item''s stock, with the signed quantity, the balance after it, the reason and the source order. For every item, current stock = sum of its movements.';

-- Every ledger row names one item and at most one source order, so two or three of these four
-- columns are null in each row: index only the rows that name one (a full index stores an entry
-- for each null that no lookup reads, and every sale paid for two). Foreign-key checks and cascades
-- look up `column = value`, which implies `column is not null`, so they still use these indexes.
create index stock_movements_user_id_idx on public.stock_movements (user_id);
create index stock_movements_product_id_user_id_idx
  on public.stock_movements (product_id, user_id) where product_id is not null;
create index stock_movements_material_id_user_id_idx
  on public.stock_movements (material_id, user_id) where material_id is not null;
create index stock_movements_sales_order_id_idx
  on public.stock_movements (sales_order_id) where sales_order_id is not null;
create index stock_movements_manufacturing_order_id_idx
  on public.stock_movements (manufacturing_order_id) where manufacturing_order_id is not null;
create index stock_movements_purchase_order_id_user_id_idx
  on public.stock_movements (purchase_order_id, user_id) where purchase_order_id is not null;
create index stock_movements_job_work_order_id_user_id_idx
  on public.stock_movements (job_work_order_id, user_id) where job_work_order_id is not null;
create index stock_movements_delivery_challan_id_user_id_idx
  on public.stock_movements (delivery_challan_id, user_id) where delivery_challan_id is not null;
-- The month's input tax (input_tax, gst_filing.sql) reads only the receipts that paid GST.
create index stock_movements_input_tax_idx
  on public.stock_movements (user_id, created_at) where gst_paid is not null;

-- Every row moves its location's stock of the item (locations.sql).
create trigger stock_movements_move_location_stock
  before insert on public.stock_movements
  for each row execute function private.move_location_stock();

alter table public.stock_movements enable row level security;
create policy "Owners can read their stock movements" on public.stock_movements
  for select to authenticated using (user_id = (select auth.uid()));

revoke all on public.stock_movements from public, anon, authenticated, service_role;
grant all on public.stock_movements to service_role;
grant select on public.stock_movements to authenticated;
-- The ledger's ids are drawn only by its identity column, which needs no privilege on the sequence.
revoke all on sequence public.stock_movements_id_seq from public, anon, authenticated, service_role;

-- adjust_stock: a physical count of a product or a material -----------------------------------
-- With a request_id (00_setup.sql), a repeat returns the first call's movement and writes nothing.
create function public.adjust_stock(
  product_id uuid default null,
  material_id uuid default null,
  counted numeric default null,
  note text default null,
  request_id uuid default null
) returns public.stock_movements
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_counted numeric;
  v_note text;
  v_before numeric;
  v_unit text;
  v_movement public.stock_movements;
  v_replayed jsonb;
begin
  v_replayed := private.replayed_result(v_user_id, adjust_stock.request_id, 'adjust_stock');
  if v_replayed is not null then
    return jsonb_populate_record(null::public.stock_movements, v_replayed);
  end if;
  perform private.require_one_item(adjust_stock.product_id, adjust_stock.material_id);
  -- A product's count is then checked in its unit (whole pieces).
  v_counted := private.require_decimals(private.require_number(adjust_stock.counted, 'Counted stock', 0), 'Counted stock', 3);
  if adjust_stock.note is null or btrim(adjust_stock.note) = '' then
    raise exception 'A reason is required.';
  end if;
  v_note := private.optional_text(adjust_stock.note, 'Reason', 500);

  -- Lock the item, then compare: a sale or production run racing with the count either ran
  -- before it (and the count overrides it) or waits and applies to the counted stock.
  if adjust_stock.product_id is not null then
    select p.stock_on_hand, p.unit_of_measure into v_before, v_unit
    from public.products p
    where p.id = adjust_stock.product_id and p.user_id = v_user_id
    for no key update;
    if not found then
      raise exception 'Product not found.';
    end if;
    perform private.require_unit_quantity(v_counted, v_unit, 'Counted stock', false, null);
  else
    select m.stock_level into v_before
    from public.raw_materials m
    where m.id = adjust_stock.material_id and m.user_id = v_user_id
    for no key update;
    if not found then
      raise exception 'Material not found.';
    end if;
  end if;

  if v_counted = v_before then
    raise exception 'Stock is already %.', trim_scale(v_before);
  end if;

  if adjust_stock.product_id is not null then
    update public.products p set stock_on_hand = v_counted
    where p.id = adjust_stock.product_id and p.user_id = v_user_id;
  else
    update public.raw_materials m set stock_level = v_counted
    where m.id = adjust_stock.material_id and m.user_id = v_user_id;
  end if;

  insert into public.stock_movements
    (user_id, product_id, material_id, quantity, balance_after, reason, note)
  values (
    v_user_id, adjust_stock.product_id, adjust_stock.material_id, v_counted - v_before, v_counted,
    'adjustment', v_note
  )
  returning * into v_movement;

  perform private.remember_result(v_user_id, adjust_stock.request_id, to_jsonb(v_movement));
  return v_movement;
end;
$$;
comment on function public.adjust_stock is
  'A physical count: sets one product''s or material''s stock to counted and records the signed difference with its reason. A repeated request_id returns the first call''s movement and writes nothing.';
revoke all on function public.adjust_stock(uuid, uuid, numeric, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.adjust_stock(uuid, uuid, numeric, text, uuid) to authenticated;
