-- Written by hand: a new enum value can be used only once the transaction that added it has
-- committed, and the next migration (locations) checks ledger rows against it.

ALTER TYPE "public"."stock_movement_reason" ADD VALUE 'transfer' AFTER 'production_cancelled';
