-- Row-level security is on for every table the API exposes.
begin;
select plan(6);

select ok(relrowsecurity, format('RLS is enabled on public.%s', relname))
from pg_class
where relnamespace = 'public'::regnamespace and relkind = 'r'
order by relname;

select * from finish();
rollback;
