-- CreateTable
CREATE TABLE "calculation_run" (
    "id" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "client_uuid" UUID NOT NULL,
    "trigger" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "earliest_date" TEXT NOT NULL DEFAULT '',
    "ledger_version" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "engine_ms" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "transactions" INTEGER NOT NULL DEFAULT 0,
    "disposals" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT NOT NULL DEFAULT '',
    "taxpayer" JSONB NOT NULL DEFAULT '{}',
    "computation" JSONB,
    "figures" JSONB,
    "previous_run_id" UUID,
    "changes" JSONB NOT NULL DEFAULT '[]',
    "tax_year" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "calculation_run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recalculation_queue" (
    "client_uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "trigger" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "earliest_date" TEXT NOT NULL DEFAULT '',
    "queued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "generation" INTEGER NOT NULL DEFAULT 1,
    "leased_until" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "recalculation_queue_pkey" PRIMARY KEY ("client_uuid")
);

-- CreateTable
CREATE TABLE "known_client" (
    "client_uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "known_client_pkey" PRIMARY KEY ("client_uuid")
);

-- CreateIndex
CREATE INDEX "calculation_run_organisation_uuid_client_uuid_finished_at_idx" ON "calculation_run"("organisation_uuid", "client_uuid", "finished_at");

-- CreateIndex
CREATE INDEX "recalculation_queue_queued_at_idx" ON "recalculation_queue"("queued_at");

-- CreateIndex
CREATE INDEX "known_client_organisation_uuid_idx" ON "known_client"("organisation_uuid");
