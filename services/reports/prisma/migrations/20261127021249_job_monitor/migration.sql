-- CreateTable
CREATE TABLE "monitored_job" (
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "service" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "progress_done" BIGINT NOT NULL,
    "progress_total" BIGINT NOT NULL,
    "candidates" BIGINT NOT NULL,
    "successes" BIGINT NOT NULL,
    "failures" BIGINT NOT NULL,
    "object_kind" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "started_by_user_id" TEXT NOT NULL,
    "started_by_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "trace_id" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "monitored_job_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "monitored_job_failure" (
    "id" BIGSERIAL NOT NULL,
    "job_uuid" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "column" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "reason" TEXT NOT NULL,

    CONSTRAINT "monitored_job_failure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "monitor_log" (
    "uuid" UUID NOT NULL,
    "organisation_uuid" UUID NOT NULL,
    "job_uuid" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "error_severity_id" INTEGER NOT NULL,
    "error_occurrences" INTEGER NOT NULL,
    "warning_type" TEXT NOT NULL,
    "portfolio_occurrences" INTEGER NOT NULL,
    "securities_occurrences" INTEGER NOT NULL,
    "client_occurrences" INTEGER NOT NULL,
    "mmt_status_id" INTEGER NOT NULL DEFAULT 1,
    "error_code" TEXT NOT NULL,
    "log_message" TEXT NOT NULL,
    "warning_message" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "user_name" TEXT NOT NULL DEFAULT '',
    "portfolio_code" TEXT NOT NULL,
    "security_code" TEXT NOT NULL,
    "client_code" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "monitor_log_pkey" PRIMARY KEY ("uuid")
);

-- CreateIndex
CREATE INDEX "monitored_job_organisation_uuid_created_at_idx" ON "monitored_job"("organisation_uuid", "created_at" DESC);

-- CreateIndex
CREATE INDEX "monitored_job_failure_job_uuid_line_idx" ON "monitored_job_failure"("job_uuid", "line");

-- CreateIndex
CREATE INDEX "monitor_log_organisation_uuid_created_at_idx" ON "monitor_log"("organisation_uuid", "created_at");
