-- E-way bills for delivery challans (issue 45): the JSON file the e-way bill portal
-- (ewaybillgst.gov.in, "Generate New > Bulk") takes to generate them, in the layout of its bulk
-- generation JSON, version 1.0.0621 as ERPNext's India Compliance app writes it
-- (india_compliance/gst_india/utils/e_waybill.py, generate_e_waybill_json). Which challans need
-- one is rules.needs_eway_bill (gst.sql), kept on each challan as needs_eway_bill. See
-- docs/e-way-bill.md for the layout, its sources and the real file the writer is held to.

-- An address as the e-way bill asks for it: two lines of at most 120 characters, the place (the
-- last part of the address that is not its PIN code, at most 50) and the 6-digit PIN code (the
-- last one in the address; null when it has none).
create function private.eway_bill_address(address text) returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  with flat as (
    select btrim(regexp_replace(coalesce(eway_bill_address.address, ''), '\s*[\r\n]+\s*', ', ', 'g'), ' ,') as line
  )
  select jsonb_build_object(
    'addr1', left(f.line, 120),
    'addr2', substr(f.line, 121, 120),
    'place', coalesce((
      select left(p.part, 50)
      from regexp_split_to_table(f.line, ',') with ordinality s (raw, n)
      cross join lateral (select btrim(regexp_replace(s.raw, '[1-9][0-9]{5}', '', 'g'), ' -.') as part) p
      where p.part <> ''
      order by s.n desc
      limit 1
    ), ''),
    'pincode', (regexp_match(f.line, '(?:^|[^0-9])([1-9][0-9]{5})[^0-9]*$'))[1]::integer)
  from flat f
$$;
comment on function private.eway_bill_address is
  'An address as the e-way bill takes it: addr1 and addr2 (120 characters each), place (its last part that is not a PIN code) and pincode (its last 6-digit PIN code, null when none).';
revoke all on function private.eway_bill_address(text) from public, anon, authenticated, service_role;

-- eway_bill_json ------------------------------------------------------------------------------------
-- One file for 1 to 50 of the caller's challans, each a bill of supply type Outward and document
-- type CHL (delivery challan): sub-type 5 "For Own Use" for a transfer between own places, 4 "Job
-- Work" for goods sent to a job worker. No tax is charged on a challan: its value is the taxable
-- value and every rate is 0. Transport by road only (mode 1), with the vehicle (Part B).
create function public.eway_bill_json(
  delivery_challan_ids uuid[],
  transport_mode text,
  distance_km integer,
  vehicle_number text
) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_ids uuid[];
  v_vehicle text := upper(regexp_replace(left(coalesce(eway_bill_json.vehicle_number, ''), 100), '[\s.-]', '', 'g'));
  v_challan public.delivery_challans;
  v_from jsonb;
  v_to jsonb;
  v_missing text;
  v_bills json[] := array[]::json[];
begin
  select array_agg(distinct i) into v_ids from unnest(eway_bill_json.delivery_challan_ids) i where i is not null;
  if v_ids is null then
    perform private.raise_input_error('Choose at least one delivery challan.', 'delivery_challan_ids');
  end if;
  if cardinality(v_ids) > 50 then
    perform private.raise_input_error(
      format('An e-way bill file holds at most 50 challans; this has %s.', cardinality(v_ids)), 'delivery_challan_ids');
  end if;
  if eway_bill_json.transport_mode is distinct from 'road' then
    perform private.raise_input_error(
      'Only transport by road is supported; for rail, air or ship fill Part B on the portal.', 'transport_mode');
  end if;
  if eway_bill_json.distance_km is null or eway_bill_json.distance_km not between 1 and 4000 then
    perform private.raise_input_error('Distance must be between 1 and 4000 km.', 'distance_km');
  end if;
  -- As registration plates are written (MH12AB1234, MH121234) and the BH series (22BH1234AB).
  if v_vehicle !~ '^([A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}|[0-9]{2}BH[0-9]{4}[A-Z]{1,2})$' then
    perform private.raise_input_error('Vehicle number must look like MH12AB1234.', 'vehicle_number');
  end if;
  if (select count(*) from public.delivery_challans c where c.user_id = v_user_id and c.id = any (v_ids))
    <> cardinality(v_ids) then
    perform private.raise_input_error('Delivery challan not found.', 'delivery_challan_ids');
  end if;

  for v_challan in
    select * from public.delivery_challans c
    where c.user_id = v_user_id and c.id = any (v_ids)
    order by c.challan_date, c.serial
  loop
    if v_challan.taxable_value is null then
      perform private.raise_input_error(format('%s: the value of some line is not known; the e-way bill needs it.',
        v_challan.challan_number), 'delivery_challan_ids');
    end if;
    select l.description into v_missing from public.delivery_challan_lines l
    where l.delivery_challan_id = v_challan.id and l.hsn_code is null
    order by l.position limit 1;
    if found then
      perform private.raise_input_error(format('%s: %s has no HSN code; the e-way bill needs one.',
        v_challan.challan_number, v_missing), 'delivery_challan_ids');
    end if;
    v_from := private.eway_bill_address(v_challan.consignor_address);
    v_to := private.eway_bill_address(v_challan.consignee_address);
    if v_from ->> 'pincode' is null or v_to ->> 'pincode' is null then
      perform private.raise_input_error(format('%s: add the 6-digit PIN code to the address of %s; the e-way bill needs it.',
        v_challan.challan_number,
        case when v_from ->> 'pincode' is null then v_challan.from_location_name else v_challan.to_location_name end),
        'delivery_challan_ids');
    end if;

    v_bills := v_bills || json_build_object(
      'userGstin', v_challan.consignor_gstin,
      'supplyType', 'O',
      'subSupplyType', case when v_challan.purpose = 'job_work' then 4 else 5 end,
      'docType', 'CHL',
      'docNo', v_challan.challan_number,
      'docDate', to_char(v_challan.challan_date, 'DD/MM/YYYY'),
      'transType', 1,
      'fromGstin', v_challan.consignor_gstin,
      'fromTrdName', left(v_challan.consignor_name, 100),
      'fromAddr1', v_from ->> 'addr1',
      'fromAddr2', v_from ->> 'addr2',
      'fromPlace', v_from ->> 'place',
      'fromPincode', (v_from ->> 'pincode')::integer,
      'fromStateCode', v_challan.consignor_state_code::integer,
      'actualFromStateCode', v_challan.consignor_state_code::integer,
      'toGstin', coalesce(v_challan.consignee_gstin, 'URP'),
      'toTrdName', left(v_challan.consignee_name, 100),
      'toAddr1', v_to ->> 'addr1',
      'toAddr2', v_to ->> 'addr2',
      'toPlace', v_to ->> 'place',
      'toPincode', (v_to ->> 'pincode')::integer,
      'toStateCode', v_challan.place_of_supply::integer,
      'actualToStateCode', v_challan.place_of_supply::integer,
      'totalValue', v_challan.taxable_value,
      'cgstValue', 0,
      'sgstValue', 0,
      'igstValue', 0,
      'cessValue', 0,
      'TotNonAdvolVal', 0,
      'OthValue', 0,
      'totInvValue', v_challan.taxable_value,
      'transMode', 1,
      'transDistance', eway_bill_json.distance_km,
      'transporterName', '',
      'transporterId', '',
      'transDocNo', '',
      'vehicleNo', v_vehicle,
      'vehicleType', 'R',
      'itemList', (
        select json_agg(json_build_object(
          'itemNo', l.position,
          'productName', left(l.description, 100),
          'productDesc', left(l.description, 100),
          'hsnCode', l.hsn_code::numeric,
          'quantity', trim_scale(l.quantity),
          'qtyUnit', split_part(rules.tally_uqc(l.unit), '-', 1),
          'taxableAmount', l.taxable_value,
          'sgstRate', 0,
          'cgstRate', 0,
          'igstRate', 0,
          'cessRate', 0,
          'cessNonAdvol', 0) order by l.position)
        from public.delivery_challan_lines l where l.delivery_challan_id = v_challan.id));
  end loop;

  return json_build_object('version', '1.0.0621', 'billLists', array_to_json(v_bills))::text;
end;
$$;
comment on function public.eway_bill_json is
  'The e-way bill portal''s bulk generation JSON (version 1.0.0621) for 1 to 50 of the caller''s delivery challans, by road (transport_mode ''road''), distance_km 1 to 4000 and vehicle_number such as MH12AB1234. Refused naming its field: another user''s or an unknown challan, a challan whose value or a line''s HSN code is not known, an address without a 6-digit PIN code. Writes nothing.';
revoke all on function public.eway_bill_json(uuid[], text, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.eway_bill_json(uuid[], text, integer, text) to authenticated;
