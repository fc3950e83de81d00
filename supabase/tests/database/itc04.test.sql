-- ITC-04 (issue 45): the half-year's job work challans (table 4, m2jw) and receipts (table 5A) in
-- the GST portal offline tool's layout, against a hand computation:
--   challan 1, 50 m of greige fabric at Rs 80 to the dyer in Gujarat (24, its GSTIN): Rs 4,000.00;
--   challan 2, 10 m at Rs 80 to an unregistered printer (in the owner's state, 27): Rs 800.00;
--   challan 3 to the dyer, dated in the previous financial year: not in this half-year;
--   receipts: 40 m of dyed fabric back with 2 m lost on the dyer's invoice RD/101, then 5 m.
-- Another range of days is refused on from_date, and without a business profile gstin is null; another user's
-- job work never appears; 5B and 5C are empty.
begin;
set local client_min_messages = warning;
select plan(14);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');

-- This half-year (April-September or October-March) of the financial year of today in India.
create function pg_temp.half_year() returns table (from_date date, to_date date, fp text)
language sql as $$
  select f, t, case when extract(month from f) = 4 then '17' else '18' end || extract(year from f)::integer
  from (
    select case when extract(month from d) between 4 and 9 then make_date(extract(year from d)::integer, 4, 1)
             when extract(month from d) >= 10 then make_date(extract(year from d)::integer, 10, 1)
             else make_date(extract(year from d)::integer - 1, 10, 1) end as f
    from (select rules.india_day(now()) as d) today
  ) s
  cross join lateral (select (s.f + interval '6 months' - interval '1 day')::date as t) e
$$;
grant execute on function pg_temp.half_year() to authenticated;

select is((select public.itc04(from_date, to_date) from pg_temp.half_year()),
  jsonb_build_object('gstin', null, 'fp', (select fp from pg_temp.half_year()), 'm2jw', '[]'::jsonb,
    'table5A', '[]'::jsonb, 'table5B', '[]'::jsonb, 'table5C', '[]'::jsonb),
  'Without a business profile the tables show (empty here) and there is no GSTIN to file under yet');

select from public.set_business_profile('Asha Textiles', '12 MG Road, Pune', '27AAPFU0939F1ZV', '27', 'AT');
insert into tests.ids select 'greige', id from public.create_raw_material('Greige fabric', null, 80, 100, 'm');
insert into tests.ids select 'dyed', id from public.create_raw_material('Dyed fabric', null, 0, 0, 'm');
insert into tests.ids select 'printed', id from public.create_raw_material('Printed fabric', null, 0, 0, 'm');
insert into tests.ids select 'main', id from public.locations where is_main;
insert into tests.ids select 'dyer supplier', id from public.create_supplier('Rang Dyers', gstin => '24AAPFU0939F1Z1');
insert into tests.ids select 'dyer', id from public.create_location('Rang Dyers', 'job_worker', tests.id('dyer supplier'));
insert into tests.ids select 'printer supplier', id from public.create_supplier('Chhapai Ghar');
insert into tests.ids select 'printer', id
from public.create_location('Chhapai Ghar', 'job_worker', tests.id('printer supplier'));

create temporary table sent as
select 'dyeing' as name, public.send_job_work(tests.id('dyer'), tests.id('main'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 50)),
  jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 50), 12, 'metre') as answer;
insert into sent select 'printing', public.send_job_work(tests.id('printer'), tests.id('main'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 10)),
  jsonb_build_object('material_id', tests.id('printed'), 'quantity', 10), 20, 'metre');
insert into sent select 'last year', public.send_job_work(tests.id('dyer'), tests.id('main'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('greige'), 'quantity', 5)),
  jsonb_build_object('material_id', tests.id('dyed'), 'quantity', 5), 12, 'metre');
grant select on sent to authenticated;
select public.receive_job_work((select (answer ->> 'job_work_order_id')::uuid from sent where name = 'dyeing'), 40, 2,
  null, 5, 'RD/101', rules.india_day(now()));
select public.receive_job_work((select (answer ->> 'job_work_order_id')::uuid from sent where name = 'dyeing'), 5, 0);
-- The third challan was issued in the previous financial year (challans are never edited by users).
reset role;
update public.delivery_challans set challan_date = (select from_date from pg_temp.half_year()) - 200
where challan_number = (select answer ->> 'challan_number' from sent where name = 'last year');
select tests.authenticate_as('owner');

create temporary table filed as
select public.itc04(from_date, to_date) as itc04 from pg_temp.half_year();
grant select on filed to authenticated;

select is((select itc04 ->> 'gstin' from filed), '27AAPFU0939F1ZV', 'Filed under the business profile''s GSTIN');
select is((select itc04 ->> 'fp' from filed), (select fp from pg_temp.half_year()),
  'The period is the offline tool''s code: 17 April-September, 18 October-March, and the year it begins');
select is((select jsonb_array_length(itc04 -> 'm2jw') from filed), 2,
  'Table 4 has the two challans of the half-year, not last year''s');
select is((select itc04 -> 'm2jw' -> 0 from filed), jsonb_build_object(
    'ctin', '24AAPFU0939F1Z1', 'jw_stcd', '24', 'flag', 'N',
    'chnum', (select answer ->> 'challan_number' from sent where name = 'dyeing'),
    'chdt', to_char(rules.india_day(now()), 'DD-MM-YYYY'),
    'itms', jsonb_build_array(jsonb_build_object('goods_ty', '8b', 'desc', 'Greige fabric', 'uqc', 'MTR', 'qty', 50,
      'txval', 4000.00, 'tx_i', 0, 'tx_c', 0, 'tx_s', 0, 'tx_cs', 0))),
  'The dyer''s challan: its GSTIN and state, 50 m of inputs at Rs 80 = Rs 4,000.00, no tax on a challan');
select is((select itc04 -> 'm2jw' -> 1 from filed), jsonb_build_object(
    'jw_stcd', '27', 'flag', 'N',
    'chnum', (select answer ->> 'challan_number' from sent where name = 'printing'),
    'chdt', to_char(rules.india_day(now()), 'DD-MM-YYYY'),
    'itms', jsonb_build_array(jsonb_build_object('goods_ty', '8b', 'desc', 'Greige fabric', 'uqc', 'MTR', 'qty', 10,
      'txval', 800.00, 'tx_i', 0, 'tx_c', 0, 'tx_s', 0, 'tx_cs', 0))),
  'The unregistered printer''s challan: no ctin, the owner''s state, 10 m x Rs 80 = Rs 800.00');
select is((select itc04 -> 'table5A' from filed), jsonb_build_array(
    jsonb_build_object('ctin', '24AAPFU0939F1Z1', 'jw_stcd', '24', 'flag', 'N', 'items', jsonb_build_array(
      jsonb_build_object('o_chnum', (select answer ->> 'challan_number' from sent where name = 'dyeing'),
        'o_chdt', to_char(rules.india_day(now()), 'DD-MM-YYYY'), 'jw2_chnum', 'RD/101',
        'jw2_chdt', to_char(rules.india_day(now()), 'DD-MM-YYYY'), 'nat_jw', 'Job Work', 'uqc', 'MTR', 'qty', 40,
        'desc', 'Dyed fabric', 'lwuqc', 'MTR', 'lwqty', 2))),
    jsonb_build_object('ctin', '24AAPFU0939F1Z1', 'jw_stcd', '24', 'flag', 'N', 'items', jsonb_build_array(
      jsonb_build_object('o_chnum', (select answer ->> 'challan_number' from sent where name = 'dyeing'),
        'o_chdt', to_char(rules.india_day(now()), 'DD-MM-YYYY'),
        'jw2_chdt', to_char(rules.india_day(now()), 'DD-MM-YYYY'), 'nat_jw', 'Job Work', 'uqc', 'MTR', 'qty', 5,
        'desc', 'Dyed fabric')))),
  'Table 5A: 40 m back with 2 m lost on the dyer''s invoice RD/101, then 5 m with no loss and no number of its own');
select is((select itc04 -> 'table5B' from filed) || (select itc04 -> 'table5C' from filed), '[]'::jsonb,
  'Tables 5B and 5C are empty: the app sends nothing on from a job worker or sells from its place');
-- Both half-years begin in the calendar year in which their financial year does.
select is((select jsonb_array_length(public.itc04(make_date(extract(year from from_date)::integer, 4, 1),
    make_date(extract(year from from_date)::integer + 1, 3, 31)) -> 'm2jw') from pg_temp.half_year()), 2,
  'The whole financial year (fp 19) holds the same two challans');

select is(rules.itc04_return_period('2026-04-01', '2026-09-30'), '172026', 'April-September 2026 is 172026');
select is(rules.itc04_return_period('2026-10-01', '2027-03-31'), '182026', 'October 2026-March 2027 is 182026');
select is(rules.itc04_return_period('2026-04-01', '2027-03-31'), '192026', 'The financial year 2026-27 is 192026');
select is(tests.refusal($$ select public.itc04('2026-04-01', '2026-06-30') $$),
  'P0001 | ITC-04 is filed for April to September, October to March, or a whole financial year (April to March). | field:from_date',
  'A quarter is refused on from_date (quarterly ITC-04 ended with Notification 35/2021)');

select tests.authenticate_as('other');
select from public.set_business_profile('Other Mills', '1 Ring Road, Surat', '24AAPFU0939F1Z1', '24', 'OM');
select is((select jsonb_array_length(public.itc04(from_date, to_date) -> 'm2jw')
    + jsonb_array_length(public.itc04(from_date, to_date) -> 'table5A') from pg_temp.half_year()), 0,
  'Another user''s ITC-04 holds none of the owner''s challans or receipts');

select * from finish();
rollback;
