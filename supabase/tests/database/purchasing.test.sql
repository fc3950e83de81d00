-- Purchasing (issue 32): suppliers, purchase units, purchase orders received in parts, What to buy
-- net of open orders and Create purchase orders; for the owner, another user and anon. Every
-- refusal writes nothing (each runs inside tests.refusal or throws_ok, which roll it back).
begin;
set local client_min_messages = warning;
select plan(77);

select tests.create_user('owner');
select tests.create_user('other');
select tests.authenticate_as('owner');

-- Suppliers --------------------------------------------------------------------------------------
insert into tests.ids select 'arvind', id from public.create_supplier(
  ' Arvind Mills ', 'Ravi', '+91 98200 12345', 'ravi@arvind.in', '27aapfu0939f1zv', 7, '30 days', 'Roll width 58 in');
select results_eq(
  $$ select supplier_name, contact, phone, email, gstin, lead_time_days, payment_terms, notes
     from public.suppliers where id = tests.id('arvind') $$,
  $$ values ('Arvind Mills', 'Ravi', '+91 98200 12345', 'ravi@arvind.in', '27AAPFU0939F1ZV', 7, '30 days',
             'Roll width 58 in') $$,
  'create_supplier keeps every detail, the name trimmed and the GSTIN in capitals');
select is(tests.refusal($$ select public.create_supplier('arvind mills') $$),
  '23505 | A supplier named arvind mills already exists. | field:supplier_name',
  'A second supplier of the same name in another case is refused on supplier_name');
select is(tests.refusal($$ select public.create_supplier('Bad', gstin => '27AAPFU0939F1Z') $$),
  'P0001 | GSTIN must be 15 characters like 27AAPFU0939F1ZV. | field:gstin', 'A 14-character GSTIN is refused on gstin');
select is(tests.refusal($$ select public.create_supplier('Bad', gstin => '27AAPFU0939F1XV') $$),
  'P0001 | GSTIN must be 15 characters like 27AAPFU0939F1ZV. | field:gstin', 'A GSTIN without its Z is refused');
select is(tests.refusal($$ select public.create_supplier('Bad', gstin => '27AAPFU0939F1ZW') $$),
  'P0001 | This GSTIN''s last character does not match the rest: check it for a typo. | field:gstin',
  'A GSTIN whose check character does not match (27AAPFU0939F1Z gives V) is refused');
select is((select gstin from public.create_supplier('Karnataka Mills', gstin => '29AAOFB8607N1ZP')), '29AAOFB8607N1ZP',
  'Another valid GSTIN (check character P) is accepted');
select is(tests.refusal($$ select public.create_supplier('Bad', email => 'ravi at arvind') $$),
  'P0001 | Email must look like name@example.com. | field:email', 'An email without @ is refused on email');
select is(tests.refusal($$ select public.create_supplier('Bad', phone => '98200 12345; drop table x') $$),
  'P0001 | Phone must be at most 20 characters. | field:phone', 'A phone past 20 characters is refused on phone');
select is(tests.refusal($$ select public.create_supplier('Bad', phone => 'call me') $$),
  'P0001 | Phone can have only digits, spaces, hyphens and a leading +. | field:phone', 'A phone of words is refused');
select is(tests.refusal($$ select public.create_supplier('Bad', lead_time_days => 400) $$),
  'P0001 | Lead time must be at most 365 days. | field:lead_time_days', 'A lead time past a year is refused');
select is(tests.refusal($$ select public.create_supplier('Bad', lead_time_days => -1) $$),
  'P0001 | Lead time must be at least 0. | field:lead_time_days', 'A negative lead time is refused');
select is(tests.refusal($$ select public.create_supplier(repeat('x', 201)) $$),
  'P0001 | Supplier name must be at most 200 characters. | field:supplier_name', 'A 201-character name is refused');
select is((select count(*) from public.suppliers), 2::bigint, 'The refusals wrote no supplier');

-- Materials name their supplier by typing it ---------------------------------------------------
insert into tests.ids select 'cotton', id from public.create_raw_material('Cotton Fabric', 'ARVIND MILLS', 40, 0, 'm', 100);
insert into tests.ids select 'buttons', id from public.create_raw_material('Buttons', 'Button House', 0.5, 100, 'pcs', 50);
insert into tests.ids select 'lining', id from public.create_raw_material('Lining', 'Arvind Mills', 30, 0, 'm', 100);
insert into tests.ids select 'labels', id from public.create_raw_material('Labels', null, 1, 0, 'pcs', 10);
insert into tests.ids select 'button_house', supplier_id from public.raw_materials where id = tests.id('buttons');
select results_eq(
  $$ select supplier, supplier_id from public.raw_materials where id = tests.id('cotton') $$,
  $$ values ('Arvind Mills', tests.id('arvind')) $$,
  'A material typed with an existing supplier''s name in another case names that supplier, spelled as it is');
select is((select supplier_name from public.suppliers where id = tests.id('button_house')), 'Button House',
  'A new supplier name typed on a material becomes a supplier record');
select results_eq(
  $$ select supplier_name from public.update_supplier(tests.id('arvind'), 'Arvind Ltd', 'Ravi', null, null,
       '27AAPFU0939F1ZV', 10, null, null) $$,
  $$ values ('Arvind Ltd') $$, 'update_supplier renames the supplier');
select set_eq($$ select supplier from public.raw_materials where supplier_id = tests.id('arvind') $$,
  array['Arvind Ltd'], 'Its materials show the new name at once (the key cascades the rename)');
select is((public.list_raw_materials('arvind ltd') ->> 'total')::integer, 2,
  'Raw Materials still searches by supplier name');

-- Purchase units ---------------------------------------------------------------------------------
select results_eq(
  $$ select purchase_unit, units_per_purchase_unit, price_per_purchase_unit, minimum_order
     from public.set_purchase_unit(tests.id('cotton'), tests.id('arvind'), 'roll', 50, 2500, 2) $$,
  $$ values ('roll', 50.000::numeric(14,3), 2500.0000::numeric(14,4), 2.000::numeric(14,3)) $$,
  'set_purchase_unit: cotton comes from Arvind by the roll of 50 m at 2500 a roll, at least 2 rolls');
select from public.set_purchase_unit(tests.id('buttons'), tests.id('button_house'), 'gross', 144, 50.4);
select from public.set_purchase_unit(tests.id('lining'), tests.id('arvind'), 'bolt', 12.5, 400, 3);
select is(tests.refusal($$ select public.set_purchase_unit(tests.id('cotton'), tests.id('arvind'), 'roll', 0) $$),
  'P0001 | Units per purchase unit must be at least 0.001. | field:units_per_purchase_unit', 'Zero stock units a purchase unit is refused');
select is(tests.refusal($$ select public.set_purchase_unit(tests.id('cotton'), tests.id('arvind'), 'roll', 50.0001) $$),
  'P0001 | Units per purchase unit can have at most 3 decimal places. | field:units_per_purchase_unit', 'A fourth decimal is refused, not rounded');
select is(tests.refusal($$ select public.set_purchase_unit(tests.id('cotton'), tests.id('arvind'), 'roll', 'NaN') $$),
  'P0001 | Units per purchase unit must be a number. | field:units_per_purchase_unit', 'NaN is refused');
select is(tests.refusal($$ select public.set_purchase_unit(tests.id('cotton'), tests.id('arvind'), '', 50) $$),
  'P0001 | Purchase unit is required. | field:purchase_unit', 'A purchase unit needs a name');

-- An order by the roll, received in two parts ----------------------------------------------------
insert into tests.ids select 'po1', (public.create_purchase_order(tests.id('arvind'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 2)),
  (now() at time zone 'Asia/Kolkata')::date - 1, 'Urgent') ->> 'purchase_order_id')::uuid;
insert into tests.ids select 'po1_line', id from public.purchase_order_lines where purchase_order_id = tests.id('po1');
select results_eq(
  $$ select o.po_number, o.status::text, l.purchase_unit, l.units_per_purchase_unit, l.quantity, l.unit_price
     from public.purchase_orders o join public.purchase_order_lines l on l.purchase_order_id = o.id
     where o.id = tests.id('po1') $$,
  $$ values (1, 'Draft', 'roll', 50.000::numeric(14,3), 2.000::numeric(14,3), 2500.0000::numeric(14,4)) $$,
  'create_purchase_order: PO 1, a Draft of 2 rolls at the purchase unit''s price, the conversion copied onto the line');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', 1))) $$),
  'P0001 | Place this order before receiving it. | no hint',
  'A Draft cannot be received');
select is((public.place_purchase_order(tests.id('po1'))).status::text, 'Ordered', 'place_purchase_order: Ordered');
select is(tests.refusal($$ select public.place_purchase_order(tests.id('po1')) $$),
  'P0001 | Only draft orders can be placed. | no hint', 'Placing it again is refused');
select is(tests.refusal($$ select public.update_purchase_order(tests.id('po1'), tests.id('arvind'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 9))) $$),
  'P0001 | Only draft orders can be edited. | no hint', 'A placed order''s lines stay as sent');

select results_eq(
  $$ select r ->> 'status', (r -> 'lines' -> 0 ->> 'received_quantity')::numeric,
            (r -> 'lines' -> 0 ->> 'stock_level')::numeric, (r -> 'lines' -> 0 ->> 'cost_per_unit')::numeric
     from public.receive_purchase_order(tests.id('po1'),
       jsonb_build_array(jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', 1)),
       request_id => '00000000-0000-4000-8000-000000000321') r $$,
  $$ values ('Partially received', 1.000::numeric, 50.000::numeric, 50.0000::numeric) $$,
  'Receiving 1 roll: 50 m in stock at 2500 / 50 = 50 a metre; Partially received');
select is(
  (public.receive_purchase_order(tests.id('po1'),
     jsonb_build_array(jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', 1)),
     request_id => '00000000-0000-4000-8000-000000000321') ->> 'status'),
  'Partially received', 'The same receipt sent again (a double click) answers as the first');
select results_eq(
  $$ select quantity, balance_after, reason::text, purchase_order_id from public.stock_movements
     where material_id = tests.id('cotton') $$,
  $$ values (50.000::numeric(14,3), 50.000::numeric(14,3), 'purchase_receipt', tests.id('po1')) $$,
  'The receipt is a purchase_receipt ledger row of 50 m naming the order');
select is((select count(*) from public.stock_movements where purchase_order_id = tests.id('po1')), 1::bigint,
  'and receives nothing more');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', 1.5))) $$),
  'P0001 | Only 1 roll of Cotton Fabric are still due on this order. | field:lines',
  'Receiving more than is still due is refused with what is due');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', 0.5),
                      jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', 0.5))) $$),
  'P0001 | A line can be received once per receipt. | field:lines', 'One line twice in a receipt is refused');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', gen_random_uuid(), 'quantity', 0.5))) $$),
  'P0001 | That line is not on this order. | field:lines', 'A line of no such order is refused');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', '0.5'))) $$),
  'P0001 | Quantity received must be a number. | no hint', 'A quantity sent as text is refused');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', 0.0001))) $$),
  'P0001 | Quantity received can have at most 3 decimal places. | no hint', 'A fourth decimal is refused');
select is((select stock_level from public.raw_materials where id = tests.id('cotton')), 50.000::numeric(14,3),
  'The refused receipts left stock as it was');

select results_eq(
  $$ select r ->> 'status', (r -> 'lines' -> 0 ->> 'stock_level')::numeric, (r -> 'lines' -> 0 ->> 'cost_per_unit')::numeric
     from public.receive_purchase_order(tests.id('po1'),
       jsonb_build_array(jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', 1)), 'Invoice 7') r $$,
  $$ values ('Received', 100.000::numeric, 50.0000::numeric) $$,
  'Receiving the other roll: 100 m at 50 a metre; Received');
select is(tests.refusal($$ select public.cancel_purchase_order(tests.id('po1')) $$),
  'P0001 | Only orders not fully received can be cancelled. | no hint', 'A received order cannot be cancelled');

-- Fractional units and the moving average -------------------------------------------------------
-- Buttons: 100 pcs at 0.50; a gross (144) costs 50.40, 0.35 a button.
insert into tests.ids select 'po2', (public.create_purchase_order(tests.id('button_house'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('buttons'), 'quantity', 2))) ->> 'purchase_order_id')::uuid;
insert into tests.ids select 'po2_line', id from public.purchase_order_lines where purchase_order_id = tests.id('po2');
select from public.place_purchase_order(tests.id('po2'));
select results_eq(
  $$ select (r -> 'lines' -> 0 ->> 'stock_level')::numeric, (r -> 'lines' -> 0 ->> 'cost_per_unit')::numeric
     from public.receive_purchase_order(tests.id('po2'),
       jsonb_build_array(jsonb_build_object('line_id', tests.id('po2_line'), 'quantity', 0.5))) r $$,
  $$ values (172.000::numeric, 0.4372::numeric) $$,
  'Half a gross is 72 buttons; (100 x 0.50 + 72 x 0.35) / 172 = 0.43720…, rounded to 4 places');
select is((select cost_per_unit from public.receive_material(tests.id('buttons'), 28, 0.4372)), 0.4372::numeric,
  'Receive stock without an order applies the same moving average');
-- Lining: a bolt holds 12.5 m; 0.333 of a bolt would be 4.1625 m, which stock cannot hold.
select is(tests.refusal($$ select public.create_purchase_order(tests.id('arvind'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('lining'), 'quantity', 0.333))) $$),
  'P0001 | 0.333 bolt of Lining is 4.1625 m: order a quantity that comes to at most 3 decimal places of m. | field:lines',
  'An order line that converts to more than 3 decimals of stock is refused, not rounded');

-- Cancelled after a part receipt: closed short ----------------------------------------------------
select is((public.cancel_purchase_order(tests.id('po2'))).status::text, 'Cancelled',
  'A partly received order can be cancelled');
select results_eq(
  $$ select stock_level, (select received_quantity from public.purchase_order_lines where id = tests.id('po2_line'))
     from public.raw_materials where id = tests.id('buttons') $$,
  $$ values (200.000::numeric(14,3), 0.500::numeric(14,3)) $$,
  'What arrived before the cancel stays in stock and on the line');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po2'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po2_line'), 'quantity', 0.5))) $$),
  'P0001 | This order was cancelled. | no hint',
  'A cancelled order receives nothing more');

-- Order input refusals ------------------------------------------------------------------------------
select is(tests.refusal($$ select public.create_purchase_order(tests.id('arvind'), '[]') $$),
  'P0001 | Add at least one material to the order. | field:lines', 'An order needs a line');
select is(tests.refusal(format($$ select public.create_purchase_order(%L, %L) $$, tests.id('arvind'),
    (select jsonb_agg(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1)) from generate_series(1, 201)))),
  'P0001 | An order can list at most 200 lines; this one lists 201. | field:lines', 'An order of 201 lines is refused');
select is(tests.refusal($$ select public.create_purchase_order(tests.id('arvind'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1),
                      jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 2))) $$),
  'P0001 | Cotton Fabric is on this order twice. | field:lines', 'A material twice on an order is refused');
select is(tests.refusal($$ select public.create_purchase_order(tests.id('arvind'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1, 'unit_price', 12.34567))) $$),
  'P0001 | Unit price can have at most 4 decimal places. | field:lines', 'A price past 4 decimals is refused');
select is(tests.refusal($$ select public.create_purchase_order(tests.id('arvind'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', -1))) $$),
  'P0001 | Quantity must be greater than 0. | no hint', 'A negative quantity is refused');
select is(tests.refusal($$ select public.create_purchase_order(tests.id('arvind'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1)), '1999-12-31') $$),
  'P0001 | Expected date must be between 2000-01-01 and 2100-12-31. | field:expected_date', 'A date out of range is refused');
select is(tests.refusal($$ select public.create_purchase_order(null, '[]') $$),
  'P0001 | Choose a supplier. | field:supplier_id', 'An order needs a supplier');
select is((select count(*) from public.purchase_orders), 2::bigint, 'The refused orders wrote nothing');

-- One request, one order ------------------------------------------------------------------------------
select is(
  (public.create_purchase_order(tests.id('arvind'), jsonb_build_array(jsonb_build_object('material_id', tests.id('lining'), 'quantity', 2)),
     request_id => '00000000-0000-4000-8000-000000000032') ->> 'purchase_order_id'),
  (public.create_purchase_order(tests.id('arvind'), jsonb_build_array(jsonb_build_object('material_id', tests.id('lining'), 'quantity', 2)),
     request_id => '00000000-0000-4000-8000-000000000032') ->> 'purchase_order_id'),
  'A repeated create_purchase_order request returns the first order');
insert into tests.ids select 'po3', id from public.purchase_orders where po_number = 3;
select is(tests.refusal($$ select public.create_supplier('Reused', request_id => '00000000-0000-4000-8000-000000000032') $$),
  '22023 | This request_id was already used for create_purchase_order. | no hint',
  'The same request_id sent to another operation is refused, as for every operation');
select is(tests.refusal($$ select public.create_suggested_purchase_orders('00000000-0000-4000-8000-000000000321') $$),
  '22023 | This request_id was already used for receive_purchase_order. | no hint',
  'and a receipt''s id is its own too');
select is((select count(*) from public.purchase_orders), 3::bigint, 'and writes one order, PO 3');
select results_eq(
  $$ select r -> 'lines' -> 0 ->> 'quantity'
     from public.update_purchase_order(tests.id('po3'), tests.id('arvind'),
       jsonb_build_array(jsonb_build_object('material_id', tests.id('lining'), 'quantity', 4))) r $$,
  $$ values ('4') $$, 'update_purchase_order replaces a Draft''s lines');

-- What to buy net of open orders --------------------------------------------------------------------
-- Lining: stock 0, reorder point 100, so 200 m; PO 3 (a Draft) holds 4 bolts = 50 m: 150 m left,
-- ceil(150 / 12.5) = 12 bolts. Cotton (100 m at its point of 100) is not low. Labels have no supplier.
select results_eq(
  $$ select material_name, on_order, purchase_unit, purchase_quantity, suggested_quantity, estimated_cost
     from public.what_to_buy() where material_name in ('Lining', 'Labels') $$,
  $$ values ('Lining', 50.000::numeric, 'bolt', 12::numeric, 150.000::numeric, 4800.00::numeric),
            ('Labels', 0::numeric, 'pcs', 20.000::numeric, 20.000::numeric, 20.00::numeric) $$,
  'What to buy subtracts the open Draft, rounds up to whole bolts at the bolt price; Labels in their own unit');
select from public.cancel_purchase_order(tests.id('po3'));
select is((select purchase_quantity from public.what_to_buy() where material_name = 'Lining'), 16::numeric,
  'A cancelled order is no longer on order: 200 m is 16 bolts');
select from public.set_purchase_unit(tests.id('lining'), tests.id('arvind'), 'bolt', 12.5, 400, 20);
select is((select purchase_quantity from public.what_to_buy() where material_name = 'Lining'), 20::numeric,
  'The minimum order raises the suggestion to 20 bolts');

select results_eq(
  $$ select jsonb_array_length(r -> 'purchase_orders'), r -> 'purchase_orders' -> 0 ->> 'supplier_name',
            r -> 'purchase_orders' -> 0 -> 'lines' -> 0 ->> 'quantity', r -> 'needs_supplier' -> 0 ->> 'material_name'
     from public.create_suggested_purchase_orders() r $$,
  $$ values (1, 'Arvind Ltd', '20.000', 'Labels') $$,
  'Create purchase orders: one Draft for Arvind with 20 bolts of lining; Labels need a supplier');
select is_empty($$ select 1 from public.what_to_buy() where material_name = 'Lining' $$,
  'Once drafted, the lining is no longer suggested');

-- Late orders ------------------------------------------------------------------------------------------
select from public.create_purchase_order(tests.id('button_house'),
  jsonb_build_array(jsonb_build_object('material_id', tests.id('buttons'), 'quantity', 1)),
  (now() at time zone 'Asia/Kolkata')::date - 3);
select from (select public.place_purchase_order(id) from public.purchase_orders where po_number = 5) placed;
select results_eq(
  $$ select (r ->> 'total')::integer, r -> 'rows' -> 0 ->> 'po_number', r -> 'rows' -> 0 ->> 'supplier_name',
            (r -> 'rows' -> 0 ->> 'total')::numeric
     from public.list_purchase_orders(late_only => true) r $$,
  $$ values (1, '5', 'Button House', 50.40::numeric) $$,
  'Only the placed order past its expected date is late (PO 1 is received, the Drafts are not placed)');
select is((public.list_purchase_orders('po-0001') -> 'rows' -> 0 ->> 'status'), 'Received',
  'The list finds an order by its number');

-- Another user --------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.suppliers union all select 1 from public.purchase_units
  union all select 1 from public.purchase_orders union all select 1 from public.purchase_order_lines $$,
  'Another user sees no supplier, purchase unit, order or line of the owner');
select is((public.list_purchase_orders() ->> 'total')::integer, 0, 'and lists no orders');
select is(tests.refusal($$ select public.update_supplier(tests.id('arvind'), 'Hijacked') $$),
  'P0001 | Supplier not found. | no hint', 'Another user cannot edit the owner''s supplier');
select is(tests.refusal($$ select public.receive_purchase_order(tests.id('po1'),
    jsonb_build_array(jsonb_build_object('line_id', tests.id('po1_line'), 'quantity', 1))) $$),
  'P0001 | Purchase order not found. | no hint', 'nor receive the owner''s order');
select is(tests.refusal($$ select public.cancel_purchase_order(tests.id('po2')) $$),
  'P0001 | Purchase order not found. | no hint', 'nor cancel it');
select is(tests.refusal($$ select public.set_purchase_unit(tests.id('cotton'), tests.id('arvind'), 'roll', 1) $$),
  'P0001 | Material not found. | field:material_id', 'nor set a purchase unit on the owner''s material');
insert into tests.ids select 'other_supplier', id from public.create_supplier('Arvind Mills');
select is(tests.refusal($$ select public.create_purchase_order(tests.id('other_supplier'),
    jsonb_build_array(jsonb_build_object('material_id', tests.id('cotton'), 'quantity', 1))) $$),
  'P0001 | Material not found. | field:lines', 'nor order the owner''s material from their own supplier');
select is(tests.refusal($$ select public.create_purchase_order(tests.id('arvind'), '[]') $$),
  'P0001 | Choose a supplier. | field:supplier_id', 'nor order from the owner''s supplier');

-- anon ----------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select throws_ok($$ select public.create_supplier('Anon') $$, '42501',
  'permission denied for function create_supplier', 'anon cannot create a supplier');
select throws_ok($$ select public.list_purchase_orders() $$, '42501',
  'permission denied for function list_purchase_orders', 'anon cannot list orders');
select throws_ok($$ select 1 from public.purchase_orders $$, '42501',
  'permission denied for table purchase_orders', 'anon cannot read orders');

select * from finish();
rollback;
