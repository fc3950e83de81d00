-- GST (issue 31): the month's figures for filing: the input tax paid on materials (input_tax) and
-- GSTR-1 (gstr1_summary), read from sales, invoices (gst_invoices.sql) and credit notes
-- (gst_credit_notes.sql).

-- The first day of a 'YYYY-MM' month, or a refusal naming the argument.
create function private.require_month(month text) returns date
language plpgsql
immutable
set search_path = ''
as $$
begin
  if month is null or month !~ '^(20[0-9]{2})-(0[1-9]|1[0-2])$' then
    raise exception 'Month must be YYYY-MM, for example 2025-10.' using hint = 'field:month';
  end if;
  return to_date(month || '-01', 'YYYY-MM-DD');
end;
$$;

-- input_tax: the month's GST paid on materials and job work, by rate and by purchase invoice --------
-- `invoices` lists each supplier's tax invoice received in the month (issue 42), with the supplier's
-- GSTIN, the invoice's number and date, its value before tax and the GST paid: the rows to match
-- with GSTR-2B. A receipt's supplier is its purchase order's, else (Receive stock) its material's;
-- receipts without an invoice number (Receive stock without GST) are one row each. A job work
-- receipt's charge with GST (issue 45) is a receipt of the job worker's supplier, its value the charge.
create function public.input_tax(month text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_from date := private.require_month(input_tax.month);
begin
  return (
    with receipts as (
      select m.id::text as id, m.gst_rate, m.purchase_value, m.gst_paid, m.supplier_invoice_number,
        m.supplier_invoice_date, s.supplier_name, s.gstin as supplier_gstin, o.po_number
      from public.stock_movements m
      left join public.purchase_orders o on o.id = m.purchase_order_id
      left join public.raw_materials r on r.id = m.material_id
      left join public.suppliers s on s.id = coalesce(o.supplier_id, r.supplier_id)
      where m.user_id = v_user_id and m.gst_paid is not null
        and m.created_at >= rules.india_day_start(v_from)
        and m.created_at < rules.india_day_start((v_from + interval '1 month')::date)
      union all
      -- A job worker's charge with its GST (job_work.sql): the job worker's supplier billed it.
      select j.id::text, j.gst_rate, j.charge, j.gst_paid, j.supplier_invoice_number, j.supplier_invoice_date,
        s.supplier_name, s.gstin, null::integer
      from public.job_work_receipts j
      join public.job_work_orders o on o.id = j.job_work_order_id
      join public.locations l on l.id = o.job_worker_location_id
      join public.suppliers s on s.id = l.supplier_id
      where j.user_id = v_user_id and j.gst_rate is not null
        and j.created_at >= rules.india_day_start(v_from)
        and j.created_at < rules.india_day_start((v_from + interval '1 month')::date)
    )
    select jsonb_build_object('month', input_tax.month,
      'rows', coalesce((
        select jsonb_agg(jsonb_build_object('gst_rate', r.gst_rate, 'receipts', r.receipts,
          'purchase_value', r.purchase_value, 'gst_paid', r.gst_paid) order by r.gst_rate nulls last)
        from (
          select m.gst_rate, count(*) as receipts, coalesce(sum(m.purchase_value), 0) as purchase_value,
            sum(m.gst_paid) as gst_paid
          from receipts m
          group by m.gst_rate
        ) r), '[]'),
      'invoices', coalesce((
        select jsonb_agg(to_jsonb(i) - 'receipt_key'
          order by i.supplier_gstin nulls last, i.supplier_name, i.supplier_invoice_date, i.supplier_invoice_number)
        from (
          select m.supplier_gstin, m.supplier_name, m.supplier_invoice_number, m.supplier_invoice_date,
            min(m.po_number) as po_number, count(*) as receipts,
            coalesce(sum(m.purchase_value), 0) as purchase_value, sum(m.gst_paid) as gst_paid,
            case when m.supplier_invoice_number is null then m.id end as receipt_key
          from receipts m
          group by m.supplier_gstin, m.supplier_name, m.supplier_invoice_number, m.supplier_invoice_date,
            case when m.supplier_invoice_number is null then m.id end
        ) i), '[]'),
      'purchase_value', coalesce((select sum(m.purchase_value) from receipts m), 0),
      'gst_paid', coalesce((select sum(m.gst_paid) from receipts m), 0)));
end;
$$;
comment on function public.input_tax is
  'The GST paid on material receipts and job work charges in a month (YYYY-MM, India time), by rate and by purchase invoice: {month, rows: [{gst_rate (null: not given), receipts, purchase_value, gst_paid}], invoices: [{supplier_gstin, supplier_name, supplier_invoice_number, supplier_invoice_date, po_number, receipts, purchase_value, gst_paid}], purchase_value, gst_paid}.';
revoke all on function public.input_tax(text) from public, anon, authenticated, service_role;
grant execute on function public.input_tax(text) to authenticated;

-- set_place_of_supply: the owner settles a sale whose place of supply is unknown -------------------
-- A sale whose report or website order named no state it could read (issue 42) is in no GSTR-1
-- table until the owner gives the buyer's state: its tax is split again for it (rules.gst_split
-- of its total at its rate: IGST to another state, CGST + SGST in halves within the business's).
-- The same state again changes nothing. An invoiced sale's place is its invoice's: refused.
create function public.set_place_of_supply(order_id uuid, state text) returns public.sales_orders
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_state text := private.require_state(left(set_place_of_supply.state, 100), 'Place of supply', 'state');
  v_order public.sales_orders;
begin
  if v_state is null then
    raise exception 'Place of supply is required.' using hint = 'field:state';
  end if;
  select * into v_order from public.sales_orders o
  where o.id = set_place_of_supply.order_id and o.user_id = v_user_id
  for update;
  if not found then
    raise exception 'Sales order not found.';
  end if;
  if exists (select 1 from public.invoice_lines l where l.sales_order_id = v_order.id) then
    raise exception 'This sale is invoiced: its invoice sets its place of supply.';
  end if;

  update public.sales_orders o
  set place_of_supply = v_state, taxable_value = x.taxable_value, cgst = x.cgst, sgst = x.sgst, igst = x.igst
  from rules.gst_split(v_order.total_amount, v_order.gst_rate, v_state = coalesce(
    (select b.state_code from public.business_profiles b where b.user_id = v_user_id), v_state)) x
  where o.id = v_order.id
  returning o.* into v_order;
  return v_order;
end;
$$;
comment on function public.set_place_of_supply is
  'Sets the place of supply (a state code or name) of one of the caller''s sales not invoiced, and splits its tax for it: IGST to another state than the business''s, CGST + SGST within it. Refusals name the field state.';
revoke all on function public.set_place_of_supply(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.set_place_of_supply(uuid, text) to authenticated;

-- The HSN summary's description (issue 42): the HSN heading's (its first 4 digits), never a product's
-- name. GSTN's offline tool takes at most 30 of letters, digits, spaces and _ @ . / & - in it
-- (returns.fct.js of the tool: ^[ A-Za-z0-9_@./&-]{0,30}$), and since the May 2025 period the portal
-- fills the description from the HSN itself. Every heading of chapters 50 to 63 (textiles and
-- apparel: 153 headings of HS 2022, as India's Customs Tariff numbers them), the footwear headings
-- 6403 and 6404, and the trims and packing a garment maker buys (3923, 3926, 4819, 4821, 8308,
-- 9606, 9607), each a short form of its heading's title in those characters ('pct' for %); any
-- other code has none (blank), for the portal to fill. Sources: docs/gst.md.
create function rules.hsn_description(hsn_code text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select d.description
  from (values
    ('3923', 'Plastic packing boxes bags'), ('3926', 'Other articles of plastics'),
    ('4819', 'Cartons boxes of paper'), ('4821', 'Paper labels'), ('5001', 'Silkworm cocoons for reeling'),
    ('5002', 'Raw silk not thrown'), ('5003', 'Silk waste'), ('5004', 'Silk yarn not for retail sale'),
    ('5005', 'Spun silk waste yarn'), ('5006', 'Silk yarn for retail sale'), ('5007', 'Woven fabrics of silk'),
    ('5101', 'Wool not carded or combed'), ('5102', 'Animal hair not carded/combed'),
    ('5103', 'Waste of wool or animal hair'), ('5104', 'Garnetted stock of wool/hair'),
    ('5105', 'Wool and hair carded/combed'), ('5106', 'Yarn of carded wool'), ('5107', 'Yarn of combed wool'),
    ('5108', 'Yarn of fine animal hair'), ('5109', 'Wool yarn for retail sale'),
    ('5110', 'Yarn of coarse hair/horsehair'), ('5111', 'Woven fabrics carded wool'),
    ('5112', 'Woven fabrics combed wool'), ('5113', 'Woven fabrics coarse hair'),
    ('5201', 'Cotton not carded or combed'), ('5202', 'Cotton waste'), ('5203', 'Cotton carded or combed'),
    ('5204', 'Cotton sewing thread'), ('5205', 'Cotton yarn 85 pct or more'), ('5206', 'Cotton yarn under 85 pct'),
    ('5207', 'Cotton yarn for retail sale'), ('5208', 'Woven cotton 85 pct to 200 g'),
    ('5209', 'Woven cotton 85 pct over 200 g'), ('5210', 'Woven cotton blend to 200 g'),
    ('5211', 'Woven cotton blend over 200 g'), ('5212', 'Other woven cotton fabrics'),
    ('5301', 'Flax raw or processed'), ('5302', 'True hemp raw or processed'), ('5303', 'Jute and bast fibres raw'),
    ('5304', 'Sisal and agave fibres raw'), ('5305', 'Coir abaca ramie fibres raw'), ('5306', 'Flax yarn'),
    ('5307', 'Yarn of jute or bast fibres'), ('5308', 'Vegetable fibre & paper yarn'),
    ('5309', 'Woven fabrics of flax'), ('5310', 'Woven fabrics of jute'), ('5311', 'Woven veg fibre/paper fabrics'),
    ('5401', 'Man-made filament thread'), ('5402', 'Synthetic filament yarn'), ('5403', 'Artificial filament yarn'),
    ('5404', 'Synthetic monofilament strip'), ('5405', 'Artificial monofilament strip'),
    ('5406', 'Filament yarn for retail sale'), ('5407', 'Fabric of synthetic filament'),
    ('5408', 'Fabric of artificial filament'), ('5501', 'Synthetic filament tow'),
    ('5502', 'Artificial filament tow'), ('5503', 'Synthetic staple fibres'), ('5504', 'Artificial staple fibres'),
    ('5505', 'Waste of man-made fibres'), ('5506', 'Synthetic staple carded'), ('5507', 'Artificial staple carded'),
    ('5508', 'Man-made staple sewing thread'), ('5509', 'Synthetic staple fibre yarn'),
    ('5510', 'Artificial staple fibre yarn'), ('5511', 'Staple fibre yarn for retail'),
    ('5512', 'Synthetic staple fabric 85 pct'), ('5513', 'Synth cotton blend to 170 g'),
    ('5514', 'Synth cotton blend over 170 g'), ('5515', 'Other synthetic staple fabric'),
    ('5516', 'Artificial staple fabric'), ('5601', 'Wadding flock and mill neps'), ('5602', 'Felt'),
    ('5603', 'Nonwovens'), ('5604', 'Rubber thread and cord covered'), ('5605', 'Metallised yarn'),
    ('5606', 'Gimped yarn chenille yarn'), ('5607', 'Twine cordage ropes cables'),
    ('5608', 'Knotted netting and nets'), ('5609', 'Articles of yarn twine rope'), ('5701', 'Carpets knotted'),
    ('5702', 'Carpets woven'), ('5703', 'Carpets tufted'), ('5704', 'Carpets of felt'),
    ('5705', 'Other carpets and floor covers'), ('5801', 'Woven pile and chenille fabric'),
    ('5802', 'Terry towelling tufted fabric'), ('5803', 'Gauze'), ('5804', 'Tulle net fabrics and lace'),
    ('5805', 'Hand-woven tapestries'), ('5806', 'Narrow woven fabrics'), ('5807', 'Labels and badges of textile'),
    ('5808', 'Braids trimmings tassels'), ('5809', 'Metal thread woven fabrics'), ('5810', 'Embroidery'),
    ('5811', 'Quilted textile products'), ('5901', 'Gum coated fabric buckram'), ('5902', 'Tyre cord fabric'),
    ('5903', 'Plastic coated textile fabric'), ('5904', 'Linoleum floor coverings'),
    ('5905', 'Textile wall coverings'), ('5906', 'Rubberised textile fabrics'), ('5907', 'Otherwise coated fabrics'),
    ('5908', 'Textile wicks gas mantles'), ('5909', 'Textile hosepiping'), ('5910', 'Textile conveyor belts'),
    ('5911', 'Textiles for technical uses'), ('6001', 'Knitted pile fabrics'), ('6002', 'Knit fabric narrow elastic'),
    ('6003', 'Knit fabric narrow other'), ('6004', 'Knit fabric wide elastic'), ('6005', 'Warp knit fabrics'),
    ('6006', 'Other knitted fabrics'), ('6101', 'Mens overcoats jackets knitted'),
    ('6102', 'Womens overcoats knitted'), ('6103', 'Mens suits trousers knitted'),
    ('6104', 'Womens suits dresses knitted'), ('6105', 'Mens shirts knitted'),
    ('6106', 'Womens blouses shirts knitted'), ('6107', 'Mens underwear nightwear knit'),
    ('6108', 'Womens nightwear knitted'), ('6109', 'T shirts and vests knitted'),
    ('6110', 'Jerseys pullovers knitted'), ('6111', 'Babies garments knitted'),
    ('6112', 'Track suits swimwear knitted'), ('6113', 'Coated garments knitted'), ('6114', 'Other garments knitted'),
    ('6115', 'Hosiery socks knitted'), ('6116', 'Gloves mittens knitted'), ('6117', 'Clothing accessories knitted'),
    ('6201', 'Mens overcoats jackets'), ('6202', 'Womens overcoats jackets'), ('6203', 'Mens suits jackets trousers'),
    ('6204', 'Womens suits dresses trousers'), ('6205', 'Mens shirts'), ('6206', 'Womens blouses shirts'),
    ('6207', 'Mens underwear nightwear'), ('6208', 'Womens underwear nightwear'), ('6209', 'Babies garments'),
    ('6210', 'Garments of felt or coated fab'), ('6211', 'Track suits other garments'),
    ('6212', 'Brassieres girdles corsets'), ('6213', 'Handkerchiefs'), ('6214', 'Shawls scarves mufflers'),
    ('6215', 'Ties bow ties cravats'), ('6216', 'Gloves mittens not knitted'), ('6217', 'Other clothing accessories'),
    ('6301', 'Blankets and travelling rugs'), ('6302', 'Bed table toilet kitchen linen'),
    ('6303', 'Curtains blinds valances'), ('6304', 'Other furnishing articles'),
    ('6305', 'Sacks and bags for packing'), ('6306', 'Tarpaulins tents awnings sails'),
    ('6307', 'Other made up textile articles'), ('6308', 'Needlecraft sets'), ('6309', 'Worn clothing'),
    ('6310', 'Rags scrap twine cordage'), ('6403', 'Footwear leather uppers'), ('6404', 'Footwear textile uppers'),
    ('8308', 'Clasps buckles hooks eyelets'), ('9606', 'Buttons press studs'), ('9607', 'Slide fasteners zippers')
  ) d (heading, description)
  where d.heading = left(hsn_description.hsn_code, 4)
$$;
comment on function rules.hsn_description is
  'The HSN summary''s description of an HSN code: its heading''s (every heading of chapters 50-63, footwear 6403/6404, trims and packing), in the offline tool''s characters (at most 30 of A-Z a-z 0-9 space _ @ . / & -); null for a heading not listed (the portal fills it).';
revoke all on function rules.hsn_description(text) from public, anon, authenticated, service_role;
grant execute on function rules.hsn_description(text) to authenticated;

-- One line of GSTR-1's HSN summary before it is summed (signed: credit notes negative).
create type private.gstr1_hsn_line as (
  hsn_code text,
  quantity numeric,
  gst_rate numeric,
  taxable_value numeric,
  igst numeric,
  cgst numeric,
  sgst numeric
);

-- The HSN summary of signed supply lines: per HSN and rate, the UQC (NOS: products are pieces),
-- quantity, total value (taxable value and tax), taxable value and each tax.
create function private.gstr1_hsn(lines private.gstr1_hsn_line[]) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(r order by r.hsn, r.rate), '[]')
  from (
    select l.hsn_code as hsn, rules.hsn_description(l.hsn_code) as description, 'NOS-NUMBERS' as uqc,
      sum(l.quantity) as total_quantity, sum(l.taxable_value + l.igst + l.cgst + l.sgst) as total_value,
      l.gst_rate as rate, sum(l.taxable_value) as taxable_value, sum(l.igst) as igst, sum(l.cgst) as cgst,
      sum(l.sgst) as sgst, 0 as cess
    from unnest(lines) l
    group by l.hsn_code, l.gst_rate
    -- a line credited in full leaves nothing to report
    having sum(l.quantity) <> 0 or sum(l.taxable_value) <> 0 or sum(l.igst + l.cgst + l.sgst) <> 0
  ) r
$$;
comment on function private.gstr1_hsn is 'GSTR-1''s HSN summary rows (HSN, description, UQC, quantity, total value, rate, taxable value, IGST, CGST, SGST, cess) of signed supply lines.';

-- gstr1_summary: the month's GSTR-1, table by table ----------------------------------------------
-- Every figure comes from one set of supply rows, so the tables reconcile by construction: the HSN
-- summary (and `totals`) equals b2b + b2cl + b2cs - cdnr - cdnur. The rows:
--   invoices dated in the month, one row per line: to a GSTIN b2b; inter-state without a GSTIN and
--     worth more than the B2CL limit (Rs 1,00,000 for invoices from 1 August 2024, Rs 2,50,000
--     before: Notification 12/2024-CT) b2cl; any other b2cs (OE);
--   credit notes dated in the month: against a b2b invoice cdnr, a b2cl invoice cdnur, any other
--     taken off b2cs (GSTR-1 nets small B2C returns there);
--   sales ordered in the month (India time) and not invoiced: b2cs, type E with the operator's GSTIN
--     (the sale's: from its order line or the marketplace's in Settings), else OE; each as it stands
--     after its returns (what it kept, the total less the refunded share, split by rules.gst_split),
--     so a marketplace return reduces the b2cs of the month it was sold in. Cancelled
--     and fully returned orders add nothing. A sale whose tax is unknown (no rate) is in no table:
--     tax_unknown lists them (the first 100, and how many) for the owner to fix; so is a sale whose
--     place of supply is unknown (its report or website order named no state it could read, issue
--     42), which place_unknown lists the same way, rather than file it as the business's state;
--   shipping charged on a website order: b2cs, at its goods' highest rate and place (below).
-- HSN: since the May 2025 return period the summary is filed in two tabs, B2B (b2b and cdnr) and
-- B2C (the rest): hsn_b2b and hsn_b2c; `hsn` is both together (the single table of earlier months).
-- eco (Table 14(a)) repeats, per operator GSTIN, the sales made through a marketplace that gave it.
create function public.gstr1_summary(month text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user_id();
  v_from date := private.require_month(gstr1_summary.month);
  v_to date := (private.require_month(gstr1_summary.month) + interval '1 month')::date;
  v_state text := (select b.state_code from public.business_profiles b where b.user_id = v_user_id);
  v_result jsonb;
begin
  with invoice_kind as (
    select v.*,
      case
        when v.buyer_gstin is not null then 'b2b'
        when v.buyer_state_code <> v.supplier_state_code
          and v.total > case when v.invoice_date >= date '2024-08-01' then 100000 else 250000 end then 'b2cl'
        else 'b2cs'
      end as kind
    from public.invoices v
    where v.user_id = v_user_id
  ),
  supply as (
    -- invoice lines
    select v.kind, 1 as sign, v.id as document_id, v.invoice_number as document_number,
      v.invoice_date as document_date, v.total as document_value, v.buyer_gstin, v.buyer_name,
      v.buyer_state_code as place_of_supply, null::text as operator_gstin, l.hsn_code,
      l.quantity, l.gst_rate, l.taxable_value, l.cgst, l.sgst, l.igst,
      null::text as original_number, null::date as original_date, v.kind as invoice_kind
    from invoice_kind v
    join public.invoice_lines l on l.invoice_id = v.id
    where v.invoice_date >= v_from and v.invoice_date < v_to
    union all
    -- credit note lines
    select case v.kind when 'b2b' then 'cdnr' when 'b2cl' then 'cdnur' else 'b2cs' end, -1, n.id, n.note_number,
      n.note_date, n.total, v.buyer_gstin, v.buyer_name, v.buyer_state_code, null, l.hsn_code,
      coalesce(c.quantity, 0), c.gst_rate, c.taxable_value, c.cgst, c.sgst, c.igst, v.invoice_number, v.invoice_date,
      v.kind
    from public.credit_notes n
    join invoice_kind v on v.id = n.invoice_id
    join public.credit_note_lines c on c.credit_note_id = n.id
    join public.invoice_lines l on l.id = c.invoice_line_id
    where n.user_id = v_user_id and n.note_date >= v_from and n.note_date < v_to
    union all
    -- sales not invoiced, as they stand after their returns
    select 'b2cs', 1, o.id, null, rules.india_day(o.order_date), null, null, null,
      o.place_of_supply, o.operator_gstin, o.hsn_code,
      o.quantity - o.returned_quantity, o.gst_rate, k.taxable_value, k.cgst, k.sgst, k.igst,
      null, null, 'b2cs'
    from public.sales_orders o
    -- what the sale keeps after its returns, split as the sale was (rules.gst_split: the same
    -- figures when nothing was returned), within the state unless it was taxed IGST
    cross join lateral rules.gst_split(o.total_amount - o.refunded_amount, o.gst_rate, o.igst = 0) k
    where o.user_id = v_user_id
      and o.order_date >= rules.india_day_start(v_from)
      and o.order_date < rules.india_day_start(v_to)
      and o.status = any (rules.counted_sale_statuses())
      and o.gst_rate is not null
      and o.place_of_supply is not null
      and not exists (select 1 from public.invoice_lines il where il.sales_order_id = o.id)
    union all
    -- shipping charged on a website order (issue 42): its own taxable line, no quantity (no product
    -- is sold), at the rate, HSN and place of supply of the order's goods, in the month they were
    -- ordered. Delivery by the seller is a composite supply whose principal supply is the goods
    -- (sections 2(30) and 8(a) CGST Act); goods at several rates give it the highest (no CBIC text
    -- apportions it; the highest never pays less). Filed while a good of the order counts with its
    -- rate and place known, so fixing a good's tax or place brings its shipping in.
    select 'b2cs', 1, null, null, g.order_day, null, null, null,
      g.place_of_supply, null, g.hsn_code, 0, g.gst_rate, k.taxable_value, k.cgst, k.sgst, k.igst,
      null, null, 'b2cs'
    from public.website_order_shipping w
    cross join lateral (
      select o.place_of_supply, o.hsn_code, o.gst_rate, rules.india_day(o.order_date) as order_day
      from public.sales_orders o
      where o.user_id = w.user_id and o.platform = 'Brand Website' and o.external_order_id = w.shop_order_id
        and o.status = any (rules.counted_sale_statuses())
        and o.gst_rate is not null and o.place_of_supply is not null
      order by o.gst_rate desc, o.total_amount desc, o.hsn_code
      limit 1
    ) g
    cross join lateral rules.gst_split(w.amount, g.gst_rate, v_state is null or g.place_of_supply = v_state) k
    where w.user_id = v_user_id and g.order_day >= v_from and g.order_day < v_to
  ),
  labelled as (
    select s.*, s.place_of_supply || '-' || rules.gst_state_name(s.place_of_supply) as place_of_supply_label,
      s.kind in ('b2b', 'cdnr') as b2b_supply
    from supply s
  )
  select jsonb_build_object(
    'month', gstr1_summary.month,
    'business_state_code', v_state,
    'b2b', coalesce((
      select jsonb_agg(r order by r.invoice_date, r.invoice_number, r.rate) from (
        select l.buyer_gstin as receiver_gstin, l.buyer_name as receiver_name, l.document_number as invoice_number,
          l.document_date as invoice_date, l.document_value as invoice_value, l.place_of_supply_label as place_of_supply,
          l.place_of_supply as place_of_supply_code, 'N' as reverse_charge, null::numeric as applicable_percent,
          'Regular B2B' as invoice_type, null::text as ecommerce_gstin, l.gst_rate as rate,
          sum(l.taxable_value) as taxable_value, 0 as cess, sum(l.igst) as igst, sum(l.cgst) as cgst, sum(l.sgst) as sgst
        from labelled l where l.kind = 'b2b'
        group by l.buyer_gstin, l.buyer_name, l.document_number, l.document_date, l.document_value,
          l.place_of_supply_label, l.place_of_supply, l.gst_rate) r), '[]'),
    'b2cl', coalesce((
      select jsonb_agg(r order by r.invoice_date, r.invoice_number, r.rate) from (
        select l.document_number as invoice_number, l.document_date as invoice_date, l.document_value as invoice_value,
          l.place_of_supply_label as place_of_supply, l.place_of_supply as place_of_supply_code,
          null::numeric as applicable_percent, l.gst_rate as rate, sum(l.taxable_value) as taxable_value, 0 as cess,
          null::text as ecommerce_gstin, sum(l.igst) as igst
        from labelled l where l.kind = 'b2cl'
        group by l.document_number, l.document_date, l.document_value, l.place_of_supply_label, l.place_of_supply,
          l.gst_rate) r), '[]'),
    'b2cs', coalesce((
      select jsonb_agg(r order by r.place_of_supply_code, r.rate, r.type, r.ecommerce_gstin) from (
        select case when l.operator_gstin is null then 'OE' else 'E' end as type,
          l.place_of_supply_label as place_of_supply, l.place_of_supply as place_of_supply_code,
          null::numeric as applicable_percent, l.gst_rate as rate, sum(l.sign * l.taxable_value) as taxable_value,
          0 as cess, l.operator_gstin as ecommerce_gstin, sum(l.sign * l.igst) as igst, sum(l.sign * l.cgst) as cgst,
          sum(l.sign * l.sgst) as sgst
        from labelled l where l.kind = 'b2cs'
        group by l.place_of_supply_label, l.place_of_supply, l.gst_rate, l.operator_gstin
        having sum(l.sign * l.taxable_value) <> 0 or sum(l.sign * (l.igst + l.cgst + l.sgst)) <> 0) r), '[]'),
    'cdnr', coalesce((
      select jsonb_agg(r order by r.note_date, r.note_number, r.rate) from (
        select l.buyer_gstin as receiver_gstin, l.buyer_name as receiver_name, l.document_number as note_number,
          l.document_date as note_date, 'C' as note_type, l.place_of_supply_label as place_of_supply,
          l.place_of_supply as place_of_supply_code, 'N' as reverse_charge, 'Regular B2B' as note_supply_type,
          l.document_value as note_value, null::numeric as applicable_percent, l.gst_rate as rate,
          sum(l.taxable_value) as taxable_value, 0 as cess, sum(l.igst) as igst, sum(l.cgst) as cgst,
          sum(l.sgst) as sgst, l.original_number as invoice_number, l.original_date as invoice_date
        from labelled l where l.kind = 'cdnr'
        group by l.buyer_gstin, l.buyer_name, l.document_number, l.document_date, l.place_of_supply_label,
          l.place_of_supply, l.document_value, l.gst_rate, l.original_number, l.original_date) r), '[]'),
    'cdnur', coalesce((
      select jsonb_agg(r order by r.note_date, r.note_number, r.rate) from (
        select 'B2CL' as ur_type, l.document_number as note_number, l.document_date as note_date, 'C' as note_type,
          l.place_of_supply_label as place_of_supply, l.place_of_supply as place_of_supply_code,
          l.document_value as note_value, null::numeric as applicable_percent, l.gst_rate as rate,
          sum(l.taxable_value) as taxable_value, 0 as cess, sum(l.igst) as igst, l.original_number as invoice_number,
          l.original_date as invoice_date
        from labelled l where l.kind = 'cdnur'
        group by l.document_number, l.document_date, l.place_of_supply_label, l.place_of_supply, l.document_value,
          l.gst_rate, l.original_number, l.original_date) r), '[]'),
    'hsn', private.gstr1_hsn(array(select row(l.hsn_code, l.sign * l.quantity, l.gst_rate,
      l.sign * l.taxable_value, l.sign * l.igst, l.sign * l.cgst, l.sign * l.sgst)::private.gstr1_hsn_line
      from labelled l)),
    'hsn_b2b', private.gstr1_hsn(array(select row(l.hsn_code, l.sign * l.quantity, l.gst_rate,
      l.sign * l.taxable_value, l.sign * l.igst, l.sign * l.cgst, l.sign * l.sgst)::private.gstr1_hsn_line
      from labelled l where l.b2b_supply)),
    'hsn_b2c', private.gstr1_hsn(array(select row(l.hsn_code, l.sign * l.quantity, l.gst_rate,
      l.sign * l.taxable_value, l.sign * l.igst, l.sign * l.cgst, l.sign * l.sgst)::private.gstr1_hsn_line
      from labelled l where not l.b2b_supply)),
    'hsn_split', v_from >= date '2025-05-01',
    -- Table 14(a) (from the January 2024 period): the supplies made through each e-commerce
    -- operator that collects TCS, by its GSTIN, reported in addition to b2cs.
    'eco', coalesce((
      select jsonb_agg(r order by r.ecommerce_gstin) from (
        select 'Liable to collect tax u/s 52(TCS)' as nature_of_supply, l.operator_gstin as ecommerce_gstin,
          sum(l.sign * l.taxable_value) as net_value_of_supplies, sum(l.sign * l.igst) as igst,
          sum(l.sign * l.cgst) as cgst, sum(l.sign * l.sgst) as sgst, 0 as cess
        from labelled l where l.operator_gstin is not null
        group by l.operator_gstin) r), '[]'),
    'docs', coalesce((
      select jsonb_agg(to_jsonb(r) - 'sort' order by r.sort, r.sr_no_from) from (
        select 1 as sort, 'Invoices for outward supply' as nature_of_document,
          (array_agg(v.invoice_number order by v.serial))[1] as sr_no_from,
          (array_agg(v.invoice_number order by v.serial desc))[1] as sr_no_to, count(*) as total_number, 0 as cancelled
        from public.invoices v
        where v.user_id = v_user_id and v.invoice_date >= v_from and v.invoice_date < v_to
        group by v.financial_year
        union all
        select 2, 'Credit Note', (array_agg(n.note_number order by n.serial))[1],
          (array_agg(n.note_number order by n.serial desc))[1], count(*), 0
        from public.credit_notes n
        where n.user_id = v_user_id and n.note_date >= v_from and n.note_date < v_to
        group by n.financial_year) r), '[]'),
    'totals', (
      select jsonb_build_object('taxable_value', coalesce(sum(l.sign * l.taxable_value), 0),
        'igst', coalesce(sum(l.sign * l.igst), 0), 'cgst', coalesce(sum(l.sign * l.cgst), 0),
        'sgst', coalesce(sum(l.sign * l.sgst), 0))
      from labelled l),
    'tax_unknown', (
      select jsonb_build_object('count', count(*), 'orders', coalesce((jsonb_agg(jsonb_build_object(
          'sales_order_id', u.id, 'product_id', u.product_id, 'product_name', u.product_name, 'platform', u.platform,
          'order_date', u.order_date, 'total_amount', u.total_amount) order by u.order_date, u.id)
          filter (where u.position <= 100)), '[]'))
      from (
        select o.*, row_number() over (order by o.order_date, o.id) as position
        from public.sales_orders o
        where o.user_id = v_user_id
          and o.order_date >= rules.india_day_start(v_from)
          and o.order_date < rules.india_day_start(v_to)
          and o.status = any (rules.counted_sale_statuses())
          and o.gst_rate is null
      ) u),
    'place_unknown', (
      select jsonb_build_object('count', count(*), 'orders', coalesce((jsonb_agg(jsonb_build_object(
          'sales_order_id', u.id, 'product_id', u.product_id, 'product_name', u.product_name, 'platform', u.platform,
          'external_order_id', u.external_order_id, 'order_date', u.order_date, 'total_amount', u.total_amount)
          order by u.order_date, u.id) filter (where u.position <= 100)), '[]'))
      from (
        select o.*, row_number() over (order by o.order_date, o.id) as position
        from public.sales_orders o
        where o.user_id = v_user_id
          and o.order_date >= rules.india_day_start(v_from)
          and o.order_date < rules.india_day_start(v_to)
          and o.status = any (rules.counted_sale_statuses())
          and o.place_of_supply is null
          and not exists (select 1 from public.invoice_lines il where il.sales_order_id = o.id)
      ) u))
  into v_result;
  return v_result;
end;
$$;
comment on function public.gstr1_summary is
  'The caller''s GSTR-1 for a month (YYYY-MM): b2b, b2cl, b2cs, cdnr, cdnur, hsn (and hsn_b2b, hsn_b2c, hsn_split from May 2025), eco (Table 14(a), per operator GSTIN), docs, totals, tax_unknown and place_unknown (sales filed nowhere until their rate or place of supply is known), each row with the offline tool''s columns; the HSN summary equals b2b + b2cl + b2cs - cdnr - cdnur.';
revoke all on function public.gstr1_summary(text) from public, anon, authenticated, service_role;
grant execute on function public.gstr1_summary(text) to authenticated;
