-- An imported transaction carries its natural key on the ledger row itself, so posting a row is one insert (the
-- separate imported_row insert per row was about a third of an import's database work). The key is the SHA-1
-- of the row's natural key (import-rules), 20 bytes: a bytea compares without collation and keeps the index small.
-- AlterTable
ALTER TABLE "ledger_transaction" ADD COLUMN     "import_key" BYTEA;

-- Partial (written by hand: Prisma cannot say WHERE): only imported rows pay for the index, and its uniqueness
-- is what makes re-importing a file post nothing twice (INSERT ... ON CONFLICT DO NOTHING against it).
-- Keys recorded in imported_row (kind TRANSACTIONS) before this migration stay there and are still honoured.
CREATE UNIQUE INDEX "ledger_transaction_import_key" ON "ledger_transaction" ("organisation_uuid", "import_key")
  WHERE "import_key" IS NOT NULL;
