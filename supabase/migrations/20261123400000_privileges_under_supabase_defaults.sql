-- Privileges under Supabase's default privileges: the stock operations stay for signed-in users.
--
-- On Supabase every function and sequence that postgres creates in public is granted to anon,
-- authenticated and service_role by default privileges. The earlier migrations revoke what anon
-- must not have, but were checked on a test database without those defaults, where service_role
-- got nothing it was not granted. On Supabase it can therefore call the six stock operations and
-- dashboard_summary, and use the ledger's id sequence. Revoke both, so every database ends with
-- the privileges the migrations meant: these functions serve signed-in users only (each works on
-- auth.uid(), which a service_role request lacks), and the ledger's ids are drawn only by its
-- identity column, which needs no privilege on the sequence.
-- service_role keeps its explicit grants on the tables. Revoking a privilege never granted is a
-- no-op, so this also holds on projects created without the default grants.

revoke all on function
  public.create_product(text, text, text, numeric, numeric, numeric, jsonb),
  public.create_raw_material(text, text, numeric, numeric, text, numeric),
  public.log_sale(uuid, numeric, text),
  public.fulfil_sales_order(uuid),
  public.start_production(uuid, numeric),
  public.complete_production(uuid),
  public.dashboard_summary()
from service_role;

revoke all on sequence public.stock_movements_id_seq from service_role;
