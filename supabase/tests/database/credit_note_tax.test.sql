-- Credit note tax is cumulative (issue 44, item 3): a credit's taxable value and tax are the line's
-- split (rules.gst_split) of all it has now credited, this credit included, rounded once there,
-- less what its earlier notes took. For an amount A at 18%: taxable = round(A / 1.18, 2),
-- tax = A - taxable, CGST = round(tax / 2, 2) (the odd paisa goes to CGST), SGST = tax - CGST.
-- Split per note instead, Rs 0.05 credits of a Rs 11.80 line each took CGST 0.01 (0.05 / 1.18 =
-- 0.042 -> 0.04 taxable, tax 0.01, CGST round(0.005) = 0.01, SGST 0), passed the line's CGST 0.90 at
-- the 91st and the note that emptied the line carried CGST 0.90 - 2.35 = -1.45.
begin;
set local client_min_messages = warning;
select plan(17);

select tests.create_user('owner');
select tests.authenticate_as('owner');
select from public.set_business_profile('Asha Textiles', '12 MG Road, Pune', '27AAPFU0939F1ZV', '27', 'AT');
insert into tests.ids select 'cap', id from public.create_product('CAP-1', 'Cap', null, 11.80, 50, 2, '[]');
insert into tests.ids select 'scarf', id from public.create_product('SCA-1', 'Scarf', null, 100, 50, 2, '[]');
insert into tests.ids select 'sock', id from public.create_product('SOC-1', 'Sock', null, 10, 50, 2, '[]');
select public.set_item_tax(tests.id('cap'), hsn_code => '6505', gst_rate => 18);
select public.set_item_tax(tests.id('scarf'), hsn_code => '6214', gst_rate => 18);
select public.set_item_tax(tests.id('sock'), hsn_code => '6115', gst_rate => 5);
insert into tests.ids select 'cap_sale', id from public.log_sale(tests.id('cap'), 1, 'Brand Website', unit_price => 11.80);
insert into tests.ids select 'scarf_sale', id from public.log_sale(tests.id('scarf'), 1, 'Other', unit_price => 100);
insert into tests.ids select 'sock_sale', id from public.log_sale(tests.id('sock'), 3, 'Other', unit_price => 10);
-- Within Maharashtra (CGST + SGST): the cap and the scarf; to Karnataka (IGST): the socks.
insert into tests.ids select 'intra', (public.create_invoice(array[tests.id('cap_sale'), tests.id('scarf_sale')],
  'Ravi', null, '27') ->> 'invoice_id')::uuid;
insert into tests.ids select 'inter', (public.create_invoice(array[tests.id('sock_sale')], 'Ravi', null, '29')
  ->> 'invoice_id')::uuid;
insert into tests.ids select 'cap_line', id from public.invoice_lines where sales_order_id = tests.id('cap_sale');
insert into tests.ids select 'scarf_line', id from public.invoice_lines where sales_order_id = tests.id('scarf_sale');
insert into tests.ids select 'sock_line', id from public.invoice_lines where sales_order_id = tests.id('sock_sale');

-- The line: 11.80 / 1.18 = 10.00 taxable, tax 1.80, CGST 0.90, SGST 0.90.
select is((select jsonb_build_array(taxable_value, cgst, sgst, igst, total) from public.invoice_lines
    where id = tests.id('cap_line')),
  '[10.00, 0.90, 0.90, 0.00, 11.80]'::jsonb, 'The Rs 11.80 line at 18%: taxable 10.00, CGST 0.90, SGST 0.90');

-- Rs 0.05 a thousand times: 11.80 / 0.05 = 236 credits empty the line; the 764 after are refused.
create temp table small_credits (attempt integer primary key, refusal text);
grant select, insert on small_credits to authenticated;
do $$
begin
  for attempt in 1..1000 loop
    begin
      perform public.create_credit_note(tests.id('intra'), jsonb_build_array(jsonb_build_object(
        'invoice_line_id', tests.id('cap_line'), 'amount', 0.05)));
      insert into small_credits values (attempt, null);
    exception when raise_exception then
      insert into small_credits values (attempt, sqlerrm);
    end;
  end loop;
end;
$$;
select is((select jsonb_build_array(count(*) filter (where refusal is null), max(attempt) filter (where refusal is null),
    count(*) filter (where refusal = 'At most 0.00 of Cap can still be credited.')) from small_credits),
  '[236, 236, 764]'::jsonb, 'The first 236 credits of Rs 0.05 are written; every one after is refused, nothing left');

-- Every note of the cap line in order, with the running sums after it.
create temp view cap_credits as
select row_number() over (order by n.serial) as k, l.taxable_value, l.cgst, l.sgst, l.igst, l.total,
  sum(l.taxable_value) over w as taxable_sum, sum(l.cgst) over w as cgst_sum, sum(l.sgst) over w as sgst_sum,
  sum(l.igst) over w as igst_sum, sum(l.total) over w as total_sum
from public.credit_note_lines l
join public.credit_notes n on n.id = l.credit_note_id
where l.invoice_line_id = tests.id('cap_line')
window w as (order by n.serial);
grant select on cap_credits to authenticated;

select is((select count(*)::int from cap_credits where least(taxable_value, cgst, sgst, igst) < 0), 0,
  'No credit carries a negative taxable value or tax');
select is((select count(*)::int from cap_credits
    where taxable_sum > 10.00 or cgst_sum > 0.90 or sgst_sum > 0.90 or igst_sum > 0),
  0, 'After no credit do the sums pass the line''s taxable value, CGST or SGST');
select is((select count(*)::int from cap_credits where taxable_value + cgst + sgst + igst <> total or total <> 0.05),
  0, 'Each credit is Rs 0.05, its taxable value and tax adding up to it');
select is((select count(*)::int from cap_credits where cgst_sum - sgst_sum not in (0, 0.01)), 0,
  'After every credit CGST and SGST are equal halves, CGST taking the odd paisa');
select is((select jsonb_build_array(sum(taxable_value), sum(cgst), sum(sgst), sum(igst), sum(total)) from cap_credits),
  '[10.00, 0.90, 0.90, 0.00, 11.80]'::jsonb, 'Credited in full, the sums are the line''s: 10.00, 0.90, 0.90');
-- Credited 0.05: taxable 0.04 (0.0424), tax 0.01, CGST 0.01, SGST 0.00.
-- Credited 0.10: taxable 0.08 (0.0847), tax 0.02, CGST 0.01, SGST 0.01; the 2nd credit: 0.04, 0.00, 0.01.
-- Credited 0.15: taxable 0.13 (0.1271), tax 0.02, CGST 0.01, SGST 0.01; the 3rd credit: 0.05, 0.00, 0.00.
select is((select jsonb_agg(jsonb_build_array(taxable_value, cgst, sgst) order by k) from cap_credits where k <= 3),
  '[[0.04, 0.01, 0.00], [0.04, 0.00, 0.01], [0.05, 0.00, 0.00]]'::jsonb,
  'The first three credits take the cumulative split less what the ones before took');
-- Credited 4.55 (the 91st): taxable 3.86 (3.8559), tax 0.69, CGST round(0.345) = 0.35, SGST 0.34.
select is((select jsonb_build_array(taxable_sum, cgst_sum, sgst_sum) from cap_credits where k = 91),
  '[3.86, 0.35, 0.34]'::jsonb, 'After the 91st credit (Rs 4.55) CGST is 0.35, not the 0.91 of notes split alone');
-- Credited 11.75 (the 235th): taxable 9.96 (9.9576), tax 1.79, CGST round(0.895) = 0.90, SGST 0.89;
-- the 236th takes 10.00 - 9.96 = 0.04, 0.90 - 0.90 = 0.00 and 0.90 - 0.89 = 0.01.
select is((select jsonb_build_array(taxable_value, cgst, sgst) from cap_credits where k = 236),
  '[0.04, 0.00, 0.01]'::jsonb, 'The credit that empties the line takes 0.04, CGST 0.00, SGST 0.01');

-- Single notes, exact to the paisa: the Rs 100.00 scarf at 18% within the state (line: 100 / 1.18
-- = 84.7457 -> 84.75 taxable, tax 15.25, CGST 7.63, SGST 7.62), credited 33.33, 33.33 and the rest.
select is((select public.create_credit_note(tests.id('intra'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', tests.id('scarf_line'), 'amount', 33.33))) - 'credit_note_id' - 'invoice_id' - 'note_number'),
  '{"taxable_value": 28.25, "cgst": 2.54, "sgst": 2.54, "igst": 0.00, "total": 33.33}'::jsonb,
  'Rs 33.33: taxable 28.25 (28.2458), tax 5.08, CGST 2.54, SGST 2.54');
-- Credited 66.66: taxable 56.49 (56.4915), tax 10.17, CGST round(5.085) = 5.09, SGST 5.08;
-- less the first: 28.24, 2.55, 2.54 (split alone, 33.33 would be 28.25, 2.54, 2.54 again).
select is((select public.create_credit_note(tests.id('intra'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', tests.id('scarf_line'), 'amount', 33.33))) - 'credit_note_id' - 'invoice_id' - 'note_number'),
  '{"taxable_value": 28.24, "cgst": 2.55, "sgst": 2.54, "igst": 0.00, "total": 33.33}'::jsonb,
  'Another Rs 33.33: the split of 66.66 (56.49, 5.09, 5.08) less the first note: 28.24, 2.55, 2.54');
-- Credited 100.00: the line's 84.75, 7.63, 7.62; less 56.49, 5.09, 5.08: 28.26, 2.54, 2.54.
select is((select public.create_credit_note(tests.id('intra'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', tests.id('scarf_line'), 'amount', 33.34))) - 'credit_note_id' - 'invoice_id' - 'note_number'),
  '{"taxable_value": 28.26, "cgst": 2.54, "sgst": 2.54, "igst": 0.00, "total": 33.34}'::jsonb,
  'The last Rs 33.34: the line''s figures less the two notes: 28.26, 2.54, 2.54');
select is((select jsonb_build_array(sum(taxable_value), sum(cgst), sum(sgst)) from public.credit_note_lines
    where invoice_line_id = tests.id('scarf_line')),
  '[84.75, 7.63, 7.62]'::jsonb, 'and the three notes add up to the line');

-- Returns of units to another state: 3 socks at Rs 10.00 at 5% (line: 30 / 1.05 = 28.5714 -> 28.57
-- taxable, IGST 1.43), returned one at a time.
-- 1 unit: Rs 10.00 credited; 10 / 1.05 = 9.5238 -> 9.52, IGST 0.48.
select is((select public.create_credit_note(tests.id('inter'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', tests.id('sock_line'), 'quantity', 1))) - 'credit_note_id' - 'invoice_id' - 'note_number'),
  '{"taxable_value": 9.52, "cgst": 0.00, "sgst": 0.00, "igst": 0.48, "total": 10.00}'::jsonb,
  'One sock returned: 9.52 taxable, IGST 0.48');
-- 2 units: Rs 20.00 credited; 20 / 1.05 = 19.0476 -> 19.05, IGST 0.95; less the first: 9.53, 0.47.
select is((select public.create_credit_note(tests.id('inter'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', tests.id('sock_line'), 'quantity', 1))) - 'credit_note_id' - 'invoice_id' - 'note_number'),
  '{"taxable_value": 9.53, "cgst": 0.00, "sgst": 0.00, "igst": 0.47, "total": 10.00}'::jsonb,
  'The second: the split of 20.00 (19.05, 0.95) less the first: 9.53, IGST 0.47');
-- 3 units: the line's 28.57 and 1.43, less 19.05 and 0.95: 9.52, 0.48.
select is((select public.create_credit_note(tests.id('inter'), jsonb_build_array(jsonb_build_object(
    'invoice_line_id', tests.id('sock_line'), 'quantity', 1))) - 'credit_note_id' - 'invoice_id' - 'note_number'),
  '{"taxable_value": 9.52, "cgst": 0.00, "sgst": 0.00, "igst": 0.48, "total": 10.00}'::jsonb,
  'The last: the line''s 28.57 and 1.43 less the two before: 9.52, IGST 0.48');

select * from finish();
rollback;
