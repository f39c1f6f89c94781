-- AlterTable
ALTER TABLE "report" ALTER COLUMN "client_uuid" DROP NOT NULL;

-- A firm report's versions are numbered per organisation, kind and subject (client reports keep the unique above,
-- where a null client would make every row distinct).
CREATE UNIQUE INDEX "report_firm_kind_subject_version_key" ON "report"("organisation_uuid", "kind", "subject", "version") WHERE "client_uuid" IS NULL;
