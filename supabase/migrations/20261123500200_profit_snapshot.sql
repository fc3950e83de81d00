-- Profit per sales order, fixed at the moment of sale: later changes to material costs, BOMs or
-- platform fees leave recorded orders alone.
--
-- Adds to public.sales_orders:
--   unit_cost  the product's unit cost when the sale was logged (public.product_unit_costs)
--   fees       commission on the total (rounded to the paisa) + the platform's fee and shipping then
--   profit     generated: total_amount - round(unit_cost x quantity, 2) - fees
--
-- Redefines public.log_sale with ONE change, in its `insert into public.sales_orders`: the column
-- list gains `unit_cost, fees` and the values gain the two scalar subqueries marked "profit
-- snapshot" below. Nothing else in log_sale differs from 20261123200100_month_operations.sql; to
-- re-apply on a later log_sale, make the same change to its insert.
--
-- Existing orders: unit_cost = the product's unit cost at current BOM and material costs when this
-- migration runs (no history of costs exists to do better), fees = 0 (no platform had fees before
-- platform_fees existed).

alter table public.sales_orders
  add column unit_cost numeric not null default 0
    constraint sales_orders_unit_cost_check check (unit_cost >= 0),
  add column fees numeric(16, 2) not null default 0
    constraint sales_orders_fees_check check (fees >= 0);

update public.sales_orders o
set unit_cost = c.unit_cost
from public.product_unit_costs c
where c.product_id = o.product_id;

alter table public.sales_orders
  add column profit numeric generated always as
    (total_amount - round(unit_cost * quantity, 2) - fees) stored;

comment on column public.sales_orders.unit_cost is 'The product''s unit cost (BOM at material costs) when the sale was logged.';
comment on column public.sales_orders.fees is 'Platform commission on the total plus its fee and shipping per order, when the sale was logged.';
comment on column public.sales_orders.profit is 'total_amount - round(unit_cost x quantity, 2) - fees.';

create or replace function public.log_sale(
  product_id uuid,
  quantity numeric,
  platform text default 'Flipkart'
) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_quantity integer := private.require_number(log_sale.quantity, 'Quantity', 1, true);
  v_platform public.sales_platform := private.require_platform(log_sale.platform);
  v_product public.products;
  v_order public.sales_orders;
begin
  if log_sale.product_id is null then
    raise exception 'Product is required.';
  end if;

  -- The stock check and the decrement are one conditional update: a second sale racing for the
  -- same units waits on the row lock, then re-checks against the new stock.
  update public.products p
  set stock_on_hand = p.stock_on_hand - v_quantity
  where p.id = log_sale.product_id and p.user_id = v_user_id and p.stock_on_hand >= v_quantity
    and p.archived_at is null
  returning * into v_product;

  if not found then
    select * into v_product
    from public.products p
    where p.id = log_sale.product_id and p.user_id = v_user_id;
    if not found then
      raise exception 'Product not found.';
    end if;
    if v_product.archived_at is not null then
      raise exception '% is archived.', v_product.product_name;
    end if;
    raise exception 'Not enough stock for %. Only % available.',
      v_product.product_name, v_product.stock_on_hand;
  end if;

  -- total_amount is numeric(14, 2); say so rather than fail with "numeric field overflow".
  if v_quantity * v_product.selling_price > 999999999999.99 then
    raise exception 'Sale total must be at most 999999999999.99.';
  end if;

  insert into public.sales_orders
    (user_id, platform, product_id, product_name, quantity, unit_price, total_amount, unit_cost, fees)
  values (
    v_user_id, v_platform, v_product.id, v_product.product_name, v_quantity,
    v_product.selling_price, v_quantity * v_product.selling_price,
    -- profit snapshot: the unit cost and the platform's fees now
    (select c.unit_cost from public.product_unit_costs c where c.product_id = v_product.id),
    coalesce((
      select round(v_quantity * v_product.selling_price * f.commission_percent / 100, 2)
        + f.fee_per_order + f.shipping_per_order
      from public.platform_fees f
      where f.user_id = v_user_id and f.platform = v_platform
    ), 0)
  )
  returning * into v_order;

  insert into public.stock_movements
    (user_id, product_id, quantity, balance_after, reason, sales_order_id)
  values (v_user_id, v_product.id, -v_quantity, v_product.stock_on_hand, 'sale', v_order.id);

  return v_order;
end;
$$;
