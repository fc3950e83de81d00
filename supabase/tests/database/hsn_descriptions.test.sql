-- The HSN summary's descriptions (issue 42, rules.hsn_description): every heading of chapters 50 to
-- 63 (textiles and apparel), the footwear headings and the trims and packing a garment maker buys,
-- each within what GSTN's offline tool takes (at most 30 of letters, digits, space and _ @ . / & -).
begin;
set local client_min_messages = warning;
select plan(5);

select is((select jsonb_object_agg(c.chapter, c.headings) from (
    select left(h.code, 2) as chapter, count(*) as headings
    from (select lpad(n::text, 4, '0') as code from generate_series(5000, 6399) n) h
    where rules.hsn_description(h.code) is not null
    group by left(h.code, 2)) c),
  '{"50": 7, "51": 13, "52": 12, "53": 11, "54": 8, "55": 16, "56": 9, "57": 5, "58": 11, "59": 11, "60": 6,
    "61": 17, "62": 17, "63": 10}'::jsonb,
  'Every heading of chapters 50-63 has one: 5001-5007, 5101-5113, 5201-5212, 5301-5311, 5401-5408, 5501-5516, '
  '5601-5609, 5701-5705, 5801-5811, 5901-5911, 6001-6006, 6101-6117, 6201-6217, 6301-6310 (153 headings)');
select is((select count(*)::int from (select lpad(n::text, 4, '0') as code from generate_series(5000, 6399) n) h
    where rules.hsn_description(h.code) is not null and left(h.code, 2) between '50' and '63'
      and right(h.code, 2)::int = 0), 0, 'and no code that is a chapter, not a heading (5000, 6100)');
select is((select count(*)::int from (select lpad(n::text, 4, '0') as code from generate_series(0, 9999) n) h
    where rules.hsn_description(h.code) is not null and rules.hsn_description(h.code) !~ '^[ A-Za-z0-9_@./&-]{1,30}$'),
  0, 'Every description of any heading fits the offline tool''s column');
select is((select jsonb_agg(rules.hsn_description(c) order by n) from unnest(array['52081190', '5806', '58071020', '600490',
    '61159500', '3923', '48191010', '83081021', '96062100', '9607']) with ordinality u (c, n)),
  '["Woven cotton 85 pct to 200 g", "Narrow woven fabrics", "Labels and badges of textile", "Knit fabric wide elastic",
    "Hosiery socks knitted", "Plastic packing boxes bags", "Cartons boxes of paper", "Clasps buckles hooks eyelets",
    "Buttons press studs", "Slide fasteners zippers"]'::jsonb,
  'By hand: 5208 woven cotton of 85% or more cotton up to 200 g/m2 (% written pct), 5806 narrow woven fabrics (tapes), '
  '5807 woven labels, 6004 knitted fabric over 30 cm wide with 5% or more elastomeric yarn (HS 2022), 6115 hosiery, '
  '3923 plastic packing (poly bags), 4819 cartons, 8308 buckles and eyelets, 9606 buttons, 9607 zips; an 8- or 6-digit '
  'code reads its heading');
select is(rules.hsn_description('8471'), null, 'A heading outside the list has none, for the portal to fill');

select * from finish();
rollback;
