-- No change to the database: the imports tables (20261127014134_imports) and the job tables (20261127020929_jobs)
-- were authored on two branches, so neither snapshot holds both. This snapshot of the merged schema is what
-- `pnpm migration clients <name>` diffs against next, so it does not create the imports tables a second time.
SELECT 1;
