-- The clients grid's search finds a term anywhere in a client's code, name or relationship manager (ILIKE '%term%').
-- A trigram index per column lets each arm of that OR be a bitmap index scan, so a search of 100,000 clients reads
-- only the rows that match instead of every row of the firm (written by hand: Prisma cannot say the operator class).
-- pg_trgm is a trusted extension, kept in public so every service's schema can share it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX "client_search_code" ON "client" USING gin ("code" public.gin_trgm_ops);
CREATE INDEX "client_search_name" ON "client" USING gin ("name" public.gin_trgm_ops);
CREATE INDEX "client_search_relationship_manager" ON "client" USING gin ("relationship_manager" public.gin_trgm_ops);
-- "inactive" as a search term also finds the inactive clients: few, so a partial index finds them at once.
CREATE INDEX "client_search_inactive" ON "client" ("organisation_uuid") WHERE "inactive";
