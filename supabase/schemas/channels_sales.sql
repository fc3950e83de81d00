-- Channels (issue 34), the part that needs sales_orders.sql's types: selling combos. See channels.sql.

-- Selling combos ----------------------------------------------------------------------------------
-- The stock takes of a sale with every combo replaced by its parts (quantity x the part's
-- quantity), summed per product; the takes unchanged when none is a combo. With combos: each combo
-- must be the user's, not archived, and its parts must make up its quantity, or the sale is refused
-- with log_sale's message about the combo; the parts (and any single product of the sale) are locked
-- in id order first, so sales over shared parts queue instead of deadlocking.
create function private.stock_takes_with_parts(user_id uuid, takes private.stock_take[])
returns private.stock_take[]
language plpgsql
set search_path = ''
as $$
declare
  v_combo public.products;
  v_available integer;
  v_takes private.stock_take[];
begin
  if not exists (
    select 1 from unnest(takes) t join public.products p on p.id = t.product_id
    where p.user_id = stock_takes_with_parts.user_id and p.is_combo
  ) then
    return takes;
  end if;

  select array_agg(row(e.product_id, least(e.quantity, 2147483647))::private.stock_take order by e.product_id)
  into v_takes
  from (
    select coalesce(c.component_id, t.product_id) as product_id, sum(t.quantity::numeric * coalesce(c.quantity, 1)) as quantity
    from unnest(takes) t
    left join public.combo_components c on c.combo_id = t.product_id and c.user_id = stock_takes_with_parts.user_id
    group by 1
  ) e;
  perform 1 from public.products p
  where p.user_id = stock_takes_with_parts.user_id and p.id in (select t.product_id from unnest(v_takes) t)
  order by p.id
  for no key update;

  for v_combo in
    select p.* from public.products p
    where p.user_id = stock_takes_with_parts.user_id and p.is_combo and p.id in (select t.product_id from unnest(takes) t)
    order by p.id
  loop
    if v_combo.archived_at is not null then
      raise exception '% is archived.', v_combo.product_name;
    end if;
    v_available := coalesce(private.combo_stock(v_combo.id), 0);
    if v_available < (select sum(t.quantity) from unnest(takes) t where t.product_id = v_combo.id) then
      raise exception 'Not enough stock for %. Only % available.', v_combo.product_name, v_available;
    end if;
  end loop;
  return v_takes;
end;
$$;
comment on function private.stock_takes_with_parts is
  'A sale''s stock takes with each combo replaced by its parts (locked in id order), or log_sale''s refusal about the combo; unchanged without combos.';
