-- New order statuses and ledger reasons for running the shop for a month: purchase receipts,
-- stock counts, cancelled and returned sales, cancelled production runs.
--
-- Kept apart from the migration that uses them: Postgres lets a transaction add an enum value but
-- not use it before commit, and every migration is one transaction.

alter type public.sales_order_status add value if not exists 'Cancelled';
alter type public.sales_order_status add value if not exists 'Returned';
alter type public.manufacturing_order_status add value if not exists 'Cancelled';

alter type public.stock_movement_reason add value if not exists 'purchase_receipt';
alter type public.stock_movement_reason add value if not exists 'adjustment';
alter type public.stock_movement_reason add value if not exists 'sale_cancelled';
alter type public.stock_movement_reason add value if not exists 'sale_return';
alter type public.stock_movement_reason add value if not exists 'production_cancelled';
