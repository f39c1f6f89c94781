-- DropIndex
DROP INDEX "recalculation_queue_queued_at_idx";

-- AlterTable
ALTER TABLE "recalculation_queue" ADD COLUMN     "priority" SMALLINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "calculation_run_client_uuid_ledger_version_finished_at_idx" ON "calculation_run"("client_uuid", "ledger_version", "finished_at");

-- CreateIndex
CREATE INDEX "recalculation_queue_priority_queued_at_idx" ON "recalculation_queue"("priority", "queued_at");
