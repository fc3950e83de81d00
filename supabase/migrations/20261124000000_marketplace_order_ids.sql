-- Marketplace order ids: a sale imported from a marketplace's order report, or received from the
-- brand's website, keeps the order id its channel gave it. The same order line (platform, order id,
-- product) can then never become two sales, however often the report or webhook arrives.
alter table public.sales_orders
  add column external_order_id text
    constraint sales_orders_external_order_id_check
      check (length(external_order_id) between 1 and 100 and external_order_id = btrim(external_order_id));

comment on column public.sales_orders.external_order_id is
  'The order id on the sales channel (Amazon, Flipkart, Myntra, the website), for orders that came from it; null for a sale logged by hand.';

create unique index sales_orders_external_line_key
  on public.sales_orders (user_id, platform, external_order_id, product_id)
  where external_order_id is not null;
