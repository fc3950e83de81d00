-- SKUs and material names unique per user, whatever their case and surrounding spaces.
--
-- `unique (user_id, sku)` let one user keep 'P-1' and ' p-1 ' side by side, and material names had
-- no key at all: two materials named 'Cotton fabric' made the BOM picker offer two identical
-- entries. The keys below compare lower(btrim(...)), as a shop owner reads the names. The old
-- exact key on SKUs stays: it is what direct writes through the REST API already report.
--
-- Existing duplicates: the oldest row (by created_at, then id) keeps its SKU or name; every later
-- one is renamed by appending ' (2)', ' (3)', ... (the first number not taken by that user,
-- shortened to fit the column's length limit). Nothing is merged or deleted: each renamed row
-- keeps its stock, BOM rows, orders and ledger, and its owner sees both and can rename either.

do $$
declare
  v_row record;
  v_number integer;
  v_candidate text;
begin
  for v_row in
    select d.id, d.user_id, d.sku
    from (
      select p.id, p.user_id, btrim(p.sku) as sku, p.created_at,
        row_number() over (partition by p.user_id, lower(btrim(p.sku)) order by p.created_at, p.id) as rank
      from public.products p
    ) d
    where d.rank > 1
    order by d.user_id, lower(d.sku), d.created_at, d.id
  loop
    v_number := 2;
    loop
      v_candidate := left(v_row.sku, 64 - length(format(' (%s)', v_number))) || format(' (%s)', v_number);
      exit when not exists (
        select 1 from public.products p
        where p.user_id = v_row.user_id and lower(btrim(p.sku)) = lower(v_candidate)
      );
      v_number := v_number + 1;
    end loop;
    update public.products set sku = v_candidate where id = v_row.id;
  end loop;

  for v_row in
    select d.id, d.user_id, d.material_name
    from (
      select m.id, m.user_id, btrim(m.material_name) as material_name, m.created_at,
        row_number() over (
          partition by m.user_id, lower(btrim(m.material_name)) order by m.created_at, m.id
        ) as rank
      from public.raw_materials m
    ) d
    where d.rank > 1
    order by d.user_id, lower(d.material_name), d.created_at, d.id
  loop
    v_number := 2;
    loop
      v_candidate := left(v_row.material_name, 200 - length(format(' (%s)', v_number)))
        || format(' (%s)', v_number);
      exit when not exists (
        select 1 from public.raw_materials m
        where m.user_id = v_row.user_id and lower(btrim(m.material_name)) = lower(v_candidate)
      );
      v_number := v_number + 1;
    end loop;
    update public.raw_materials set material_name = v_candidate where id = v_row.id;
  end loop;
end;
$$;

create unique index products_user_id_sku_normalized_key
  on public.products (user_id, lower(btrim(sku)));
comment on index public.products_user_id_sku_normalized_key is
  'One SKU per user, compared without case and surrounding spaces.';

create unique index raw_materials_user_id_material_name_normalized_key
  on public.raw_materials (user_id, lower(btrim(material_name)));
comment on index public.raw_materials_user_id_material_name_normalized_key is
  'One material name per user, compared without case and surrounding spaces.';
