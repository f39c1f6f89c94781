-- CreateTable
CREATE TABLE "batch_print" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "organisation_name" TEXT NOT NULL DEFAULT '',
    "reporting_period" TEXT NOT NULL,
    "tax_year" TEXT NOT NULL,
    "client_state" TEXT NOT NULL,
    "relationship_manager" TEXT NOT NULL,
    "report_type" TEXT NOT NULL,
    "identified_candidates" INTEGER NOT NULL DEFAULT 0,
    "published_candidates" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "job_uuid" UUID,
    "message" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_name" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by_name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "batch_print_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "batch_candidate" (
    "id" BIGSERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "batch_id" INTEGER NOT NULL,
    "client_uuid" UUID NOT NULL,
    "client_code" TEXT NOT NULL,
    "client_name" TEXT NOT NULL,
    "thirty_day_rule" BOOLEAN NOT NULL,
    "cost_update_pending" BOOLEAN NOT NULL,
    "pending_income" BOOLEAN NOT NULL,
    "act_monitor_issues" INTEGER NOT NULL,
    "deliveries" TEXT[],
    "status" TEXT NOT NULL,
    "reports" INTEGER NOT NULL DEFAULT 0,
    "failure_reason" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "batch_candidate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "batch_print_uuid_key" ON "batch_print"("uuid");

-- CreateIndex
CREATE INDEX "batch_print_organisation_uuid_created_at_idx" ON "batch_print"("organisation_uuid", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "batch_candidate_uuid_key" ON "batch_candidate"("uuid");

-- CreateIndex
CREATE INDEX "batch_candidate_batch_id_status_client_code_idx" ON "batch_candidate"("batch_id", "status", "client_code");

-- CreateIndex
CREATE UNIQUE INDEX "batch_candidate_batch_id_client_uuid_key" ON "batch_candidate"("batch_id", "client_uuid");

-- AddForeignKey
ALTER TABLE "batch_candidate" ADD CONSTRAINT "batch_candidate_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batch_print"("id") ON DELETE CASCADE ON UPDATE CASCADE;
